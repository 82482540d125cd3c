import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `restore {identifier}` → `{changes}`: brings back a removed reminder or list from the trash —
/// the undo of its latest removal.
public enum Restore: RemindersMethod {
    public static let name = "restore"
    public static let summary =
        "Brings a removed reminder or list back from the trash with its identifier, alarms, subtasks (a list with its reminders) and sync state; a synced one goes back to the server at the next sync."
    public static let errors: [MethodError] = [.invalidParams(), .notFound]

    public struct Params: WritableMethodParams, Sendable {
        public static let properties: [ObjectRule.Property] = [
            .init("identifier", CommonSchemas.identifier, required: true, description: "The removed reminder's or list's identifier.")
        ]
        public var identifier: String

        public init(identifier: String) { self.identifier = identifier }
        public init(_ params: Fields) throws(ResponseError) { identifier = try params.string("identifier") }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("identifier", identifier)
            writer.endObject()
        }
    }

    public typealias Result = Undo.Result
}
