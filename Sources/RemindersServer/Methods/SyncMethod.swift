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
        let account = params.account
        var arguments = [
            "--json", "--progress-lines", "--store", session.path,
            "--max-title-bytes", String(session.rules.maxTitleBytes), "--max-notes-bytes", String(session.rules.maxNotesBytes),
        ]
        if params.dryRun { arguments.append("--dry-run") }
        for list in try forcedDeletions(params.forceDelete, by: session) { arguments += ["--force-delete", list] }
        if let account { arguments += ["--", account] }
        let progress = Progress(token: params.workDoneToken, connection: context.session.connection)
        progress.send(kind: "begin", title: "Syncing", message: nil, percentage: 0)
        // The helper's messages name the lists it syncs: a client granted chosen lists hears how far it is, not where.
        let tellsWhere = !session.isScoped
        let outcome = try SyncHelper.run(
            arguments,
            progress: { percent, message in
                progress.send(kind: "report", title: nil, message: tellsWhere ? message : nil, percentage: min(max(percent, 0), 100))
            }, isCancelled: context.isCancelled)
        if context.isCancelled() { throw ResponseError.requestCancelled }
        switch outcome.status {
        case 0, 1:
            // The report as the helper wrote it: checked to be one JSON value, then passed on.
            guard let report = try? JSONParser.parse(outcome.output), report.objectValue != nil else {
                throw ResponseError.internalError("remindersd-sync wrote no report: \(outcome.errors.suffix(300))")
            }
            progress.send(kind: "end", title: nil, message: outcome.status == 0 ? "done" : "done, with problems", percentage: nil)
            return Result(report: try visible(report, to: session))
        case 3:
            throw StoreError.notFound(kind: "account", identifier: account ?? "")
        default:
            throw ResponseError.internalError("remindersd-sync exited with status \(outcome.status): \(outcome.errors.suffix(300))")
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

        func send(kind: String, title: String?, message: String?, percentage: Int?) {
            guard let token, token != .null, let connection else { return }
            var writer = JSONWriter()
            writer.beginObject()
            writer.key(static: "token")
            writer.value(token)
            writer.key(static: "value")
            writer.beginObject()
            writer.field("kind", kind)
            if let title { writer.field("title", title) }
            if let message { writer.field("message", message) }
            if let percentage { writer.field("percentage", percentage) }
            writer.endObject()
            writer.endObject()
            NotificationRegistry.progress.send(writer.bytes, on: connection)
        }
    }
}
