import RemindersSyncHelper
import JSONRPC
import RemindersJSON
import RemindersModel
import RemindersStore

/// `sync {account?, workDoneToken?, dryRun?, forceDelete?}` → the sync report; `$/progress` for the token
/// meanwhile. The sync itself runs in remindersd-sync (see `SyncHelper`), on this session's store.
enum SyncMethod: TypedMethod, MethodDeclaration {
    static let name = "sync"
    static let summary = "Syncs the CalDAV accounts (or one) both ways and reports what moved, list by list."
    static let access = Access.fullAccess
    static let effect = Effect.network
    static let errors: [MethodError] = [.notFound, .cancelled]

    struct Params: MethodParams {
        static let properties: [ObjectRule.Property] = [
            .init("account", .string("An account's name; absent: every account.")),
            .init("workDoneToken", .any(description: "A string or number: $/progress notifications carry it (LSP's work-done progress).")),
            .init("dryRun", .boolean(), description: "Only say what would move."),
            .init("forceDelete", .array(of: .string()),
                  description: "Calendars (identifiers or titles) whose deletions go through although one side went empty (see withheld)."),
        ]
        var account: String?
        var workDoneToken: JSONValue?
        var dryRun: Bool
        var forceDelete: [String]

        init(_ params: Fields) throws(ResponseError) {
            account = try params.optionalString("account")
            workDoneToken = params.object["workDoneToken"]
            dryRun = try params.optionalBool("dryRun") ?? false
            forceDelete = try params.optionalStrings("forceDelete") ?? []
        }
    }

    /// The report as remindersd-sync wrote it: checked to be one JSON object, then passed on.
    struct Result: MethodResult {
        static let schema = SyncSchemas.report
        var report: JSONValue
        func write(to writer: inout JSONWriter) { writer.value(report) }
    }

    static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let session = try context.session.eventStore()
        let account = params.account
        var arguments = ["--json", "--progress-lines", "--store", session.store.path,
                         "--max-title-bytes", String(session.rules.maxTitleBytes), "--max-notes-bytes", String(session.rules.maxNotesBytes)]
        if params.dryRun { arguments.append("--dry-run") }
        for name in params.forceDelete { arguments += ["--force-delete", name] }
        if let account { arguments += ["--", account] }
        let progress = Progress(token: params.workDoneToken, connection: context.session.connection)
        progress.send(kind: "begin", title: "Syncing", message: nil, percentage: 0)
        let outcome = try SyncHelper.run(arguments, progress: { percent, message in
            progress.send(kind: "report", title: nil, message: message, percentage: min(max(percent, 0), 100))
        }, isCancelled: context.isCancelled)
        if context.isCancelled() { throw ResponseError.requestCancelled }
        switch outcome.status {
        case 0, 1:
            // The report as the helper wrote it: checked to be one JSON value, then passed on.
            guard let report = try? JSONParser.parse(outcome.output), report.objectValue != nil else {
                throw ResponseError.internalError("remindersd-sync wrote no report: \(outcome.errors.suffix(300))")
            }
            progress.send(kind: "end", title: nil, message: outcome.status == 0 ? "done" : "done, with problems", percentage: nil)
            return Result(report: report)
        case 3:
            throw StoreError.notFound(kind: "account", identifier: account ?? "")
        default:
            throw ResponseError.internalError("remindersd-sync exited with status \(outcome.status): \(outcome.errors.suffix(300))")
        }
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
