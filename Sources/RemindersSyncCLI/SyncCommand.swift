import Foundation
import RemindersJSONRPC
import RemindersCommandArguments
import RemindersCommandLine
import RemindersModel
import RemindersStore
import RemindersSync

/// `remindersd sync [NAME] [--dry-run] [--json]`, run as `remindersd-sync` (`remindersd sync`
/// replaces itself with it; the `sync` method starts it). Exit status: 0, 1 when something failed
/// or was skipped, 2 for a usage error, 3 for an account that does not exist.
public enum SyncCommand {
    /// The report goes to stdout; logs and progress to stderr.
    static let standardOutput = DescriptorWriter(descriptor: STDOUT_FILENO)
    public static func main(_ arguments: [String], environment: [String: String]) -> Int32 {
        do {
            return try run(arguments, environment: environment)
        } catch let error as Arguments.UsageError {
            let command = arguments.first == CommandDeclaration.subscriptions.name ? "subscriptions" : "sync"
            DescriptorWriter.standardError.write(text: "remindersd: \(error.message) (see remindersd \(command) --help)\n")
            return 2
        } catch StoreError.notFound(let kind, let identifier) {
            let listing = kind == "subscription" ? "subscriptions list" : "accounts list"
            DescriptorWriter.standardError.write(text: "remindersd: no \(kind) named \(identifier) (remindersd \(listing))\n")
            return 3
        } catch {
            DescriptorWriter.standardError.write(text: "remindersd: \(error)\n")
            return 1
        }
    }

    /// `--serve` (for the server and the agent that start it): one request on stdin, answered on
    /// stdout (`HelperService`); `--max-title-bytes` and `--max-notes-bytes` are the server's limits.
    static func run(_ arguments: [String], environment: [String: String]) throws -> Int32 {
        if arguments.first == CommandDeclaration.subscriptions.name {
            return try SubscriptionsCommand.run(Array(arguments.dropFirst()), environment: environment)
        }
        let parsed = try CommandDeclaration.sync.parse(arguments)
        if CommandDeclaration.wantsHelp(parsed) {
            _ = standardOutput.writeLine(CommandDeclaration.sync.help)
            return 0
        }
        guard parsed.positionals.count <= 1 else { throw Arguments.UsageError(message: "sync takes at most one account NAME") }
        var rules = CalendarItemRules()
        if let bytes = try parsed.integer(.maxTitleBytes) { rules.maxTitleBytes = bytes }
        if let bytes = try parsed.integer(.maxNotesBytes) { rules.maxNotesBytes = bytes }
        let storePath = StoreLocation.path(given: parsed.value(.store), environment: environment)
        if parsed.has(.serve) {
            guard parsed.positionals.isEmpty, !parsed.has(.dryRun), !parsed.has(.json), parsed.values(.forceDelete).isEmpty else {
                throw Arguments.UsageError(message: "--serve takes what to sync from its request, not from arguments")
            }
            var geocoder: URL?
            if let text = parsed.value(.geocoder) {
                guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
                    throw Arguments.UsageError(message: "--geocoder needs the geocoder's http(s) URL")
                }
                geocoder = url
            }
            return HelperService.run(
                HelperService.Setting(
                    storePath: storePath, rules: rules, geocoder: geocoder, geocoderTimeout: TimeInterval(try parsed.integer(.geocodeTimeout) ?? 15)))
        }
        let eventStore = try EventStore(path: storePath, rules: rules)
        let lock = try Self.lock(storePath)
        defer { withExtendedLifetime(lock) {} }
        var options = SyncOptions(dryRun: parsed.has(.dryRun))
        options.forceDelete = parsed.values(.forceDelete)
        let syncer = Syncer(eventStore: eventStore, options: options)
        let bar = ProgressBar(enabled: !parsed.has(.json) && isatty(2) != 0)
        let report = try syncer.sync(account: parsed.positionals.first) { message, fraction in bar.show(message, fraction) }
        bar.clear()
        record(report, store: storePath)
        if parsed.has(.json) {
            var writer = JSONWriter()
            report.write(to: &writer)
            _ = standardOutput.writeLine(String(decoding: writer.bytes, as: UTF8.self))
        } else {
            for line in lines(report) { _ = standardOutput.writeLine(line) }
        }
        return report.hasProblems ? 1 : 0
    }

    /// One sync of a store at a time, whoever starts it (the agent, this command, the sync
    /// method): a second waits for the first, which has its timeouts, and then runs.
    static func lock(_ storePath: String) throws -> StoreLock {
        try StoreLock(store: storePath, name: "sync-lock", holder: "sync") { pid in
            DescriptorWriter.standardError.write(
                text: "remindersd: waiting for the sync already running for this store\(pid.map { " (pid \($0))" } ?? "")\n")
        }
    }

    /// Each account's last sync, for `accounts list` and the agent (a dry run moved nothing).
    static func record(_ report: SyncReport, store storePath: String) {
        guard !report.dryRun else { return }
        let finished = Timestamp.now()
        SyncStatus.record(
            Dictionary(
                report.accounts.map { ($0.name, SyncStatus.Last(finished: finished, result: $0.outcome)) }, uniquingKeysWith: { first, _ in first }),
            store: storePath)
    }

    static func lines(_ report: SyncReport) -> [String] {
        var lines: [String] = []
        if report.accounts.isEmpty { lines.append("no accounts; add one with remindersd accounts add NAME --url URL") }
        for account in report.accounts {
            var head = "\(account.name): \(account.lists.count) list" + (account.lists.count == 1 ? "" : "s") + ", \(account.requests) requests"
            if report.dryRun { head += " (dry run: nothing was changed)" }
            lines.append(head)
            if let error = account.error { lines.append("  error: \(error)") }
            for note in account.notes { lines.append("  \(note)") }
            for list in account.lists {
                lines.append("  " + (list.created ? "new " : "") + list.line)
                lines += list.plan.map { "    " + $0 }
                for conflict in list.conflicts { lines.append("    " + conflict.line) }
                for item in list.skipped { lines.append("    skipped \(item.href): \(item.message)") }
                for note in list.notes { lines.append("    \(note)") }
            }
        }
        return lines
    }
}

/// `[#####.....]  50% home: Groceries` on stderr, redrawn in place; only on a terminal.
final class ProgressBar {
    let enabled: Bool
    init(enabled: Bool) { self.enabled = enabled }

    func show(_ message: String, _ fraction: Double) {
        guard enabled else { return }
        let filled = Int((fraction * 20).rounded())
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: 20 - filled)
        let percent = String(Int((fraction * 100).rounded()))
        DescriptorWriter.standardError.write(
            text: "\r\u{1B}[K[\(bar)] \(String(repeating: " ", count: 3 - percent.count))\(percent)% \(message.prefix(50))")
    }

    func clear() {
        guard enabled else { return }
        DescriptorWriter.standardError.write(text: "\r\u{1B}[K")
    }
}
