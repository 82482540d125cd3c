import RemindersJSONRPC
import RemindersJSON
import RemindersProtocol
import RemindersServer

/// `sync_now {account?}`: syncs with the person's CalDAV server now (`sync`), for when they ask
/// whether the phone has it yet. Listed always (the tool list is one fixed page a host can cache);
/// with no account set up it fails saying how the owner adds one, and changes nothing.
enum SyncNow: ToolDeclaration {
    typealias Method = SyncMethod
    static let name = "sync_now"
    static let title = "Sync with the CalDAV server now"
    static let detail =
        "Only when the owner has set up a CalDAV account (remindersd accounts add); the agent syncs on its own too, so this is for \"does my phone have it yet?\"."
    static let isIdempotent = true

    struct Input: MethodParams {
        static let properties: [ObjectRule.Property] = [.init("account", .string("An account's name; absent: every account."))]
        var account: String?
        init(_ fields: Fields) throws(ResponseError) { account = try fields.optionalString("account") }
    }

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> SyncMethod.Result {
        let result = try call.call(SyncMethod.self, SyncMethod.Params(account: input.account, dryRun: false, forceDelete: []))
        if result.report["accounts"]?.arrayValue?.isEmpty ?? true {
            throw ToolFailure(
                field: nil,
                "There is no CalDAV account to sync with: the owner adds one with `remindersd accounts add NAME --url URL --username USER --password-file FILE`."
            )
        }
        return result
    }

    static func text(_ result: SyncMethod.Result, _ input: Input, _ call: ToolCall) -> String {
        let accounts = result.report["accounts"]?.arrayValue ?? []
        return accounts.map { account in
            let name = account["name"]?.stringValue ?? "?"
            if let error = account["error"]?.stringValue { return "- \(name): failed: \(error)" }
            let lists = account["lists"]?.arrayValue ?? []
            func total(_ key: String) -> Int { lists.reduce(0) { $0 + Int($1[key]?.integerValue ?? 0) } }
            let conflicts = lists.reduce(0) { $0 + ($1["conflicts"]?.arrayValue?.count ?? 0) }
            let failed = lists.compactMap { list in list["error"]?.stringValue.map { "\(list["title"]?.stringValue ?? "?"): \($0)" } }
            var line =
                "- \(name): \(lists.count) list\(lists.count == 1 ? "" : "s") synced; ↓ \(total("downloaded")) downloaded, "
                + "↑ \(total("uploaded")) uploaded, ✕ \(total("deleted")) deleted"
            if conflicts > 0 { line += "; \(conflicts) conflict\(conflicts == 1 ? "" : "s") (the server's version kept)" }
            if !failed.isEmpty { line += "; failed: " + failed.joined(separator: "; ") }
            return line
        }.joined(separator: "\n")
    }
}
