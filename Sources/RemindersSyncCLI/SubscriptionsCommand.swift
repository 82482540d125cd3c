import Foundation
import RemindersAccountSecrets
import RemindersCommandArguments
import RemindersCommandLine
import RemindersJSONRPC
import RemindersModel
import RemindersProtocol
import RemindersStore

/// `remindersd subscriptions add|list|refresh|remove`, run as `remindersd-sync subscriptions`.
/// Exit status: 0, 1 when a refresh failed, 2 for a usage error, 3 for a subscription that does not exist.
enum SubscriptionsCommand {
    static func run(_ arguments: [String], environment: [String: String]) throws -> Int32 {
        let declaration = CommandDeclaration.subscriptions
        let parsed = try declaration.parse(arguments)
        if CommandDeclaration.wantsHelp(parsed) {
            _ = SyncCommand.standardOutput.writeLine(declaration.help)
            return 0
        }
        let storePath = StoreLocation.path(given: parsed.value(.store), environment: environment)
        let rules = CalendarItemRules()
        let words = parsed.positionals
        switch words.first {
        case "add":
            guard words.count == 2 else { throw declaration.usageError("add") }
            if parsed.value(.passwordCommand) != nil, parsed.value(.passwordFile) != nil {
                throw Arguments.UsageError(message: "give --password-command or --password-file, not both")
            }
            let alarms = parsed.value(.alarms) ?? "drop"
            guard alarms == "keep" || alarms == "drop" else { throw Arguments.UsageError(message: "--alarms is keep or drop, got \(alarms)") }
            let every = try parsed.duration(.every).map { Int($0) }
            if let every, every < CalendarSubscription.minimumInterval {
                throw Arguments.UsageError(message: "--every: at least 15m (a feed is someone else's server), got \(parsed.value(.every) ?? "")")
            }
            do {
                if let file = parsed.value(.passwordFile) { try PasswordCheck.file(URL(fileURLWithPath: file).standardizedFileURL.path) }
                if let command = parsed.value(.passwordCommand) { try PasswordCheck.command(command) }
            } catch {
                throw CommandFailure("\(error)")
            }
            let password = SubscriptionService.PasswordSetting(
                username: parsed.value(.username), passwordCommand: parsed.value(.passwordCommand),
                passwordFile: parsed.value(.passwordFile).map { URL(fileURLWithPath: $0).standardizedFileURL.path })
            let params = AddSubscription.Params(url: words[1], title: parsed.value(.subscriptionTitle), every: every, keepsAlarms: alarms == "keep")
            let result: AddSubscription.Result
            do { result = try SubscriptionService.add(params, password: password, storePath: storePath, rules: rules) } catch let error
                as ResponseError
            {
                throw CommandFailure(error.message)
            }
            if parsed.has(.subscriptionsJSON) { return printJSON(result) }
            _ = SyncCommand.standardOutput.writeLine(
                "Subscribed to \"\(result.subscription.title)\" (\(result.subscription.url)), a read-only "
                    + (result.subscription.entityType == .event ? "event calendar" : "list") + ", refreshed every "
                    + spoken(result.subscription.every))
            _ = SyncCommand.standardOutput.writeLine(line(result.refresh))
            return result.refresh.status == .failed ? 1 : 0
        case "list":
            guard words.count == 1 else { throw Arguments.UsageError(message: "subscriptions list takes no arguments") }
            let described = try SubscriptionService.describe(try EventStore(path: storePath, rules: rules), storePath: storePath)
            if parsed.has(.subscriptionsJSON) { return printJSON(SubscriptionsMethod.Result(subscriptions: described)) }
            if described.isEmpty { _ = SyncCommand.standardOutput.writeLine("no subscriptions; add one with remindersd subscriptions add URL") }
            for subscription in described {
                _ = SyncCommand.standardOutput.writeLine(
                    "\(subscription.title)  \(subscription.url)  every \(spoken(subscription.every))"
                        + (subscription.feedInterval.map { " (the feed asks \(spoken($0)))" } ?? "")
                        + (subscription.keepsAlarms ? ", publisher's alarms kept" : ""))
                if let stopped = subscription.stopped { _ = SyncCommand.standardOutput.writeLine("  stopped: \(stopped)") }
                let last = subscription.lastRefresh.map { "last refreshed \($0.rfc3339): \(subscription.lastResult ?? "")" } ?? "never refreshed"
                let failures = subscription.failures > 0 ? " (\(subscription.failures) failed in a row)" : ""
                let next = subscription.nextRefresh.map { "; next \($0.rfc3339)" } ?? ""
                _ = SyncCommand.standardOutput.writeLine("  " + last + failures + next)
            }
            return 0
        case "refresh":
            guard words.count <= 2 else { throw declaration.usageError("refresh") }
            let calendar = try words.count == 2 ? subscription(named: words[1], storePath: storePath) : nil
            let result = try SubscriptionService.refresh(
                RefreshSubscriptions.Params(calendarIdentifier: calendar), storePath: storePath, rules: rules)
            if parsed.has(.subscriptionsJSON) { return printJSON(result) }
            if result.refreshes.isEmpty {
                _ = SyncCommand.standardOutput.writeLine("no subscriptions; add one with remindersd subscriptions add URL")
            }
            for refresh in result.refreshes { _ = SyncCommand.standardOutput.writeLine(line(refresh)) }
            return result.refreshes.contains { $0.status == .failed } ? 1 : 0
        case "remove":
            guard words.count == 2 else { throw declaration.usageError("remove") }
            let calendar = try subscription(named: words[1], storePath: storePath)
            try EventStore(path: storePath, rules: rules).write { store throws(StoreError) in try store.removeSubscription(calendar: calendar) }
            DescriptorWriter.standardError.write(text: "remindersd: unsubscribed from \(words[1]); its calendar was removed\n")
            return 0
        default:
            throw declaration.usageError()
        }
    }

    /// A subscription's calendar by its identifier or title (ignoring case).
    static func subscription(named name: String, storePath: String) throws -> String {
        let described = try SubscriptionService.describe(try EventStore(path: storePath), storePath: storePath)
        let found = described.filter { $0.calendarIdentifier == name } + described.filter { $0.title.caseInsensitiveCompare(name) == .orderedSame }
        guard let first = found.first else { throw StoreError.notFound(kind: "subscription", identifier: name) }
        return first.calendarIdentifier
    }

    /// Seconds as people say them: 1d, 6h, 15m.
    static func spoken(_ seconds: Int) -> String {
        for (unit, size) in [("w", 604_800), ("d", 86_400), ("h", 3600), ("m", 60)] where seconds >= size && seconds % size == 0 {
            return "\(seconds / size)\(unit)"
        }
        return "\(seconds)s"
    }

    static func line(_ refresh: SubscriptionRefresh) -> String {
        let requests = "\(refresh.requests) request" + (refresh.requests == 1 ? "" : "s")
        var text = "\(refresh.title): "
        switch refresh.status {
        case .ok: text += "ok: \(refresh.message) (\(requests))"
        case .notModified: text += "\(refresh.message) (\(requests))"
        case .failed: text += "failed: \(refresh.message)" + (refresh.nextRefresh.map { "; tried again \($0.rfc3339)" } ?? "")
        case .stopped: text += "stopped: \(refresh.message)"
        }
        return text + refresh.skipped.map { "\n  skipped \($0.uid ?? "an item"): \($0.message)" }.joined()
    }

    private static func printJSON<Value: ReadableMethodResult>(_ value: Value) -> Int32 {
        var writer = JSONWriter()
        value.write(to: &writer)
        _ = SyncCommand.standardOutput.writeLine(String(decoding: writer.bytes, as: UTF8.self))
        return 0
    }
}

/// A failure the command reports in its own words (exit status 1).
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
