import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `sync {account?, workDoneToken?, dryRun?, forceDelete?}` → the sync report; `$/progress` for the token
/// meanwhile. The sync itself runs in remindersd-sync (see `SyncHelper`), on this session's store.
public enum SyncMethod: RemindersMethod {
    public static let name = "sync"
    public static let summary = "Syncs the CalDAV accounts (or one) both ways and reports what moved, list by list."
    public static let errors: [MethodError] = [.notFound, .cancelled]

    public struct Params: WritableMethodParams {
        public static let properties: [ObjectRule.Property] = [
            .init("account", .string("An account's name; absent: every account.")),
            .init("workDoneToken", .any(description: "A string or number: $/progress notifications carry it (LSP's work-done progress).")),
            .init("dryRun", .boolean(), description: "Only say what would move."),
            .init(
                "forceDelete", .array(of: .string()),
                description: "Calendars (identifiers or titles) whose deletions go through although one side went empty (see withheld)."),
        ]
        public var account: String?
        public var workDoneToken: JSONValue?
        public var dryRun: Bool
        public var forceDelete: [String]

        public init(account: String? = nil, workDoneToken: JSONValue? = nil, dryRun: Bool, forceDelete: [String]) {
            self.account = account
            self.workDoneToken = workDoneToken
            self.dryRun = dryRun
            self.forceDelete = forceDelete
        }

        public init(_ params: Fields) throws(ResponseError) {
            account = try params.optionalString("account")
            workDoneToken = params.object["workDoneToken"]
            dryRun = try params.optionalBool("dryRun") ?? false
            forceDelete = try params.optionalStrings("forceDelete") ?? []
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            if let account { writer.field("account", account) }
            if let workDoneToken {
                writer.key(static: "workDoneToken")
                writer.value(workDoneToken)
            }
            writer.field("dryRun", dryRun)
            writer.key(static: "forceDelete")
            writer.beginArray()
            for list in forceDelete { writer.value(.string(list)) }
            writer.endArray()
            writer.endObject()
        }
    }

    /// The report as remindersd-sync wrote it: checked to be one JSON object, then passed on.
    public struct Result: ReadableMethodResult {
        public static let schema = SyncSchemas.report
        public var report: JSONValue

        public init(report: JSONValue) {
            self.report = report
        }

        public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) {
            guard value.objectValue != nil else { throw .internalError("a sync report is an object, got \(value.typeName)") }
            report = value
        }
        public func write(to writer: inout JSONWriter) { writer.value(report) }
    }
}
