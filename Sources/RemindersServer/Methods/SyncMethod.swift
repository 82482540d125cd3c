import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore
import RemindersSyncHelper

extension SyncMethod: MethodHandler {
    public static let access = Access.fullAccess
    public static let effect = Effect.network
    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let session = try context.session.eventStore()
        let progress = Progress(token: params.workDoneToken, connection: context.session.connection)
        // The helper reports to a token of this server's; what it says is relayed under the client's.
        let asked = Params(
            account: params.account, workDoneToken: progress.isWanted ? .string("sync") : nil, dryRun: params.dryRun,
            forceDelete: try forcedDeletions(params.forceDelete, by: session))
        progress.send(kind: .begin, title: "Syncing", message: nil, percentage: 0)
        // The helper's messages name the lists it syncs: a client granted chosen lists hears how far it is, not where.
        let tellsWhere = !session.isScoped
        let result = try SyncHelper.sync(
            asked, store: session.path, rules: session.rules,
            progress: { told in progress.send(kind: .report, title: nil, message: tellsWhere ? told.message : nil, percentage: told.percentage) },
            isCancelled: context.isCancelled)
        if context.isCancelled() { throw ResponseError.requestCancelled }
        progress.send(kind: .end, title: nil, message: hasProblems(result.report) ? "done, with problems" : "done", percentage: nil)
        return Result(report: try visible(result.report, to: session))
    }

    /// What `SyncReport.hasProblems` says, read from the report: an account or a list failed, an
    /// item was skipped, deletions were withheld (the server links no sync).
    static func hasProblems(_ report: JSONValue) -> Bool {
        (report["accounts"]?.arrayValue ?? []).contains { account in
            !(account["error"]?.isNull ?? true)
                || (account["lists"]?.arrayValue ?? []).contains { list in
                    !(list["error"]?.isNull ?? true) || !(list["skipped"]?.arrayValue?.isEmpty ?? true) || !(list["withheld"]?.isNull ?? true)
                }
        }
    }

    /// The lists whose withheld deletions go through, as the helper is told them. A client granted
    /// chosen lists names only lists it may change — by title or identifier, as it sees them — and
    /// they are passed on as identifiers, so a title it shares with a list outside its grant never
    /// reaches that one; any other name is refused, whether or not such a list exists.
    static func forcedDeletions(_ names: [String], by eventStore: EventStore) throws -> [String] {
        guard eventStore.isScoped, !names.isEmpty else { return names }
        let changeable = try (eventStore.calendars(for: .reminder) + eventStore.calendars(for: .event)).filter(\.allowsContentModifications)
        return try names.enumerated().map { index, name in
            let named = changeable.first { $0.calendarIdentifier == name || $0.title.caseInsensitiveCompare(name) == .orderedSame }
            guard let named else {
                throw ResponseError.invalidParams("there is no list \"\(name)\" this client may change", field: "forceDelete[\(index)]")
            }
            return named.calendarIdentifier
        }
    }

    /// The report as a client granted chosen lists may read it: their lists only, and none of
    /// the account's notes (which name lists removed).
    static func visible(_ report: JSONValue, to eventStore: EventStore) throws -> JSONValue {
        guard eventStore.isScoped, case .object(var whole) = report, case .array(let accounts)? = whole["accounts"] else { return report }
        var seen: [JSONValue] = []
        for case .object(var account) in accounts {
            let lists = account["lists"]?.arrayValue ?? []
            var kept: [JSONValue] = []
            for list in lists {
                guard let identifier = list["calendarIdentifier"]?.stringValue, try !eventStore.visibleCalendars([identifier]).isEmpty else {
                    continue
                }
                kept.append(list)
            }
            account["lists"] = .array(kept)
            account["notes"] = .array([])
            seen.append(.object(account))
        }
        whole["accounts"] = .array(seen)
        return .object(whole)
    }

    /// `$/progress` for one token; nothing without a token (or a connection: `remindersd call`).
    struct Progress {
        let token: JSONValue?
        let connection: Connection?

        var isWanted: Bool { token != nil && token != .null && connection != nil }

        func send(kind: WorkDoneProgress.Kind, title: String?, message: String?, percentage: Int?) {
            guard isWanted, let token, let connection else { return }
            var writer = JSONWriter()
            WorkDoneProgress(token: token, kind: kind, title: title, message: message, percentage: percentage).write(to: &writer)
            NotificationRegistry.progress.send(writer.bytes, on: connection)
        }
    }
}
