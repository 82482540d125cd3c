import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `trash {limit?, cursor?}` → `{changes, nextCursor}`: the removed reminders and lists the history
/// still keeps and that are still gone, newest first — each its removal, with what it was.
public enum Trash: RemindersMethod {
    public static let name = "trash"
    public static let summary =
        "The removed reminders and lists that can still be restored, newest first: each the change that removed it, with what it was (a list's reminders come back with it)."
    public static let errors: [MethodError] = [.invalidParams()]

    public struct Params: WritableMethodParams, Sendable {
        public static let properties: [ObjectRule.Property] = [
            .init("limit", .integer(IntegerRule(minimum: 1, maximum: Changes.maximumLimit, description: "At most this many (default 50)."))),
            .init("cursor", .string("nextCursor of the previous page.")),
        ]
        public var limit: Int
        public var before: Int64?

        public init(limit: Int = 50, before: Int64? = nil) { (self.limit, self.before) = (limit, before) }

        public init(_ params: Fields) throws(ResponseError) {
            limit = try params.optionalInt("limit") ?? 50
            before = try Changes.Params.cursor(params)
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("limit", limit)
            if let before { writer.field("cursor", String(before)) }
            writer.endObject()
        }
    }

    public typealias Result = ChangesResult
}
