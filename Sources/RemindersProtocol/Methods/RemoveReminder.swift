import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `removeReminder {identifier, lastModifiedDate?, commit?}` → `{}`.
public enum RemoveReminder: RemindersMethod {
    public static let name = "removeReminder"
    public static let summary = "Removes a reminder (EKEventStore.remove(_:commit:))."
    public static let errors: [MethodError] = [.invalidParams(.calendarReadOnly), .notFound, .conflict]

    public struct Params: WritableMethodParams, Sendable {
        public static let properties: [ObjectRule.Property] = [
            .init("identifier", CommonSchemas.identifier, required: true),
            CommonSchemas.lastModifiedDate,
        ]
        public var identifier: String
        public var lastModifiedDate: Timestamp?

        public init(identifier: String, lastModifiedDate: Timestamp? = nil) {
            (self.identifier, self.lastModifiedDate) = (identifier, lastModifiedDate)
        }

        public init(_ params: Fields) throws(ResponseError) {
            identifier = try params.string("identifier")
            lastModifiedDate = try params.optionalTimestamp("lastModifiedDate")
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("identifier", identifier)
            if let lastModifiedDate { writer.field("lastModifiedDate", lastModifiedDate) }
            writer.endObject()
        }
    }

    public typealias Result = EmptyResult
}
