import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `changes {client?, itemIdentifier?, since?, until?, limit?, cursor?}` → `{changes, nextCursor}`:
/// the store's history, newest first.
public enum Changes: RemindersMethod {
    public static let name = "changes"
    public static let summary =
        "The history of changes to reminders and lists, newest first: who made each (client and program, or the sync's account), when, and what the item was before."
    public static let errors: [MethodError] = [.invalidParams()]
    public static let maximumLimit: Int64 = 1_000

    public struct Params: WritableMethodParams, Sendable {
        public static let properties: [ObjectRule.Property] = [
            .init("client", .string("Only this client's changes.")),
            .init("itemIdentifier", CommonSchemas.identifier, description: "Only this reminder's or list's changes."),
            .init("since", CommonSchemas.instant, description: "Only changes made at or after this instant."),
            .init("until", CommonSchemas.instant, description: "Only changes made before this instant."),
            .init("limit", .integer(IntegerRule(minimum: 1, maximum: maximumLimit, description: "At most this many (default 50)."))),
            .init("cursor", .string("nextCursor of the previous page.")),
        ]
        public var filter: ChangesFilter

        public init(filter: ChangesFilter) { self.filter = filter }

        public init(_ params: Fields) throws(ResponseError) {
            filter = ChangesFilter(
                client: try params.optionalString("client"), itemIdentifier: try params.optionalString("itemIdentifier"),
                since: try params.optionalTimestamp("since"), until: try params.optionalTimestamp("until"),
                before: try Self.cursor(params), limit: try params.optionalInt("limit") ?? 50)
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            if let client = filter.client { writer.field("client", client) }
            if let itemIdentifier = filter.itemIdentifier { writer.field("itemIdentifier", itemIdentifier) }
            if let since = filter.since { writer.field("since", since) }
            if let until = filter.until { writer.field("until", until) }
            writer.field("limit", filter.limit)
            if let before = filter.before { writer.field("cursor", String(before)) }
            writer.endObject()
        }

        static func cursor(_ params: Fields) throws(ResponseError) -> Int64? {
            guard let cursor = try params.optionalString("cursor") else { return nil }
            guard let position = Int64(cursor), position > 0 else {
                throw ResponseError.invalidParams("cursor is not a nextCursor this method gave", field: "cursor")
            }
            return position
        }
    }

    public typealias Result = ChangesResult
}
