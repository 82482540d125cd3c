import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `undo {changeIdentifier}` or `undo {client, count?}` → `{changes}`: reverts one change, or the
/// last `count` changes of a client not undone yet; answers the changes the undo made (an undo
/// is a change, and can be undone).
public enum Undo: RemindersMethod {
    public static let name = "undo"
    public static let summary =
        "Reverts a change ({changeIdentifier}) or the last count changes of a client ({client, count}): a made item is removed, a changed one gets back what it was, a removed one is restored. Refused with -32012, naming the fields, when the item changed since."
    public static let errors: [MethodError] = [.invalidParams(), .notFound, .conflict]

    public enum Target: Equatable, Sendable {
        case change(Int64)
        case last(client: String, count: Int)
    }

    public struct Params: WritableMethodParams, Sendable {
        public static let properties: [ObjectRule.Property] = [
            .init("changeIdentifier", .string("The change to undo.")),
            .init("client", .string("Undo this client's last changes (instead of changeIdentifier).")),
            .init("count", .integer(IntegerRule(minimum: 1, maximum: 100, description: "How many of the client's last changes (default 1)."))),
        ]
        public var target: Target

        public init(target: Target) { self.target = target }

        public init(_ params: Fields) throws(ResponseError) {
            let identifier = try params.optionalString("changeIdentifier")
            let client = try params.optionalString("client")
            switch (identifier, client) {
            case (let identifier?, nil):
                guard let change = Int64(identifier), change > 0 else {
                    throw ResponseError.invalidParams("changeIdentifier is not a change's identifier", field: "changeIdentifier")
                }
                if try params.optionalInt("count") != nil {
                    throw ResponseError.invalidParams("count goes with client, not with changeIdentifier", field: "count")
                }
                target = .change(change)
            case (nil, let client?):
                target = .last(client: client, count: try params.optionalInt("count") ?? 1)
            case (nil, nil):
                throw ResponseError.invalidParams("give changeIdentifier, or client (and count)", field: "changeIdentifier")
            case (.some, .some):
                throw ResponseError.invalidParams("give changeIdentifier or client, not both", field: "client")
            }
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            switch target {
            case .change(let change): writer.field("changeIdentifier", String(change))
            case .last(let client, let count):
                writer.field("client", client)
                writer.field("count", count)
            }
            writer.endObject()
        }
    }

    public struct Result: ReadableMethodResult, Sendable {
        public static let schema = CommonSchemas.result([("changes", .array(of: HistorySchemas.change))])
        public var changes: [ItemChange]
        /// The zone an event's dates are read in.
        public var zone: TimeZone

        public init(changes: [ItemChange], zone: TimeZone) {
            self.changes = changes
            self.zone = zone
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key(static: "changes")
            writer.beginArray()
            for change in changes { change.write(to: &writer, zone: zone) }
            writer.endArray()
            writer.endObject()
        }

        public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) {
            let fields = try Self.fields(value)
            let changes = try fields.list("changes") { (value, path) throws(ResponseError) in
                try ItemChange(reading: try Fields.object(value, path: path), zone: zone)
            }
            self.init(changes: changes, zone: zone)
        }
    }
}
