import JSONRPC
import RemindersModel
import RemindersStore
import RemindersSync

/// `sync {account?, workDoneToken?}` → the sync report; `$/progress` for the token meanwhile.
enum SyncMethod: MethodDeclaration {
    static let name = "sync"
    static let summary = "Syncs the CalDAV accounts (or one) both ways and reports what moved, list by list."
    static let access = Access.fullAccess
    static let effect = Effect.network
    static let params: [ObjectRule.Property] = [
        .init("account", .string("An account's name; absent: every account.")),
        .init("workDoneToken", .any(description: "A string or number: $/progress notifications carry it (LSP's work-done progress).")),
        .init("dryRun", .boolean(), description: "Only say what would move."),
    ]
    static let result = SyncSchemas.report
    static let errors: [MethodError] = [.notFound, .cancelled]

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        let session = try context.session.events()
        let events = EventStore(store: session.store, rules: session.rules, timeZone: session.timeZone)
        var options = SyncOptions(dryRun: try context.params.optionalBool("dryRun") ?? false)
        options.isCancelled = context.isCancelled
        let token = context.params.object["workDoneToken"]
        let progress = Progress(token: token, connection: context.session.connection)
        progress.send(kind: "begin", title: "Syncing", message: nil, percentage: 0)
        let report = try Syncer(events: events, options: options).sync(account: try context.params.optionalString("account")) { message, fraction in
            progress.send(kind: "report", title: nil, message: message, percentage: Int((fraction * 100).rounded()))
        }
        if context.isCancelled() { throw ResponseError.requestCancelled }
        progress.send(kind: "end", title: nil, message: report.hasProblems ? "done, with problems" : "done", percentage: nil)
        var writer = JSONWriter()
        report.write(to: &writer)
        return [writer.bytes]
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
