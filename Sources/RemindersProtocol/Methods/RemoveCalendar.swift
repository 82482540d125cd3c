import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `removeCalendar {calendarIdentifier}` → `{}`: the list and every reminder in it.
public enum RemoveCalendar: RemindersMethod {
    public static let name = "removeCalendar"
    public static let summary = "Removes a calendar and its items (EKEventStore.removeCalendar(_:commit:)); the last one of each kind stays."
    public static let errors: [MethodError] = [.notFound]

    public struct Params: WritableMethodParams {
        public static let properties: [ObjectRule.Property] = [.init("calendarIdentifier", CommonSchemas.identifier, required: true)]
        public var calendarIdentifier: String

        public init(calendarIdentifier: String) {
            self.calendarIdentifier = calendarIdentifier
        }
        public init(_ params: Fields) throws(ResponseError) { calendarIdentifier = try params.string("calendarIdentifier") }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("calendarIdentifier", calendarIdentifier)
            writer.endObject()
        }
    }

    public typealias Result = EmptyResult
}
