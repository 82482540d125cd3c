import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `refreshSubscriptions {calendarIdentifier?, dueOnly?}` → `{refreshes: [SubscriptionRefresh]}`:
/// fetches the feeds now (conditionally: an unchanged feed costs one request and changes
/// nothing). Runs in remindersd-sync.
public enum RefreshSubscriptions: RemindersMethod {
    public static let name = "refreshSubscriptions"
    public static let summary = "Refreshes the subscribed calendars (or one) now, and says what each refresh changed or why it failed."
    public static let errors: [MethodError] = [.notFound, .cancelled]

    public struct Params: WritableMethodParams {
        public static let properties: [ObjectRule.Property] = [
            .init("calendarIdentifier", CommonSchemas.identifier, description: "One subscription's calendar; absent: every one."),
            .init("dueOnly", .boolean(), description: "Only those whose next refresh is due (what the agent asks)."),
        ]
        public var calendarIdentifier: String?
        public var dueOnly: Bool

        public init(calendarIdentifier: String? = nil, dueOnly: Bool = false) {
            self.calendarIdentifier = calendarIdentifier
            self.dueOnly = dueOnly
        }

        public init(_ params: Fields) throws(ResponseError) {
            calendarIdentifier = try params.optionalString("calendarIdentifier")
            dueOnly = try params.optionalBool("dueOnly") ?? false
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            if let calendarIdentifier { writer.field("calendarIdentifier", calendarIdentifier) }
            writer.field("dueOnly", dueOnly)
            writer.endObject()
        }
    }

    public struct Result: ReadableMethodResult {
        public static let schema = CommonSchemas.result([("refreshes", .array(of: SubscriptionRefresh.schema))])
        public var refreshes: [SubscriptionRefresh]

        public init(refreshes: [SubscriptionRefresh]) { self.refreshes = refreshes }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key(static: "refreshes")
            writer.beginArray()
            for refresh in refreshes { refresh.write(to: &writer) }
            writer.endArray()
            writer.endObject()
        }

        public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) {
            refreshes = try Self.fields(value).list("refreshes") { (value, path) throws(ResponseError) in
                try SubscriptionRefresh(reading: try Fields.object(value, path: path))
            }
        }
    }
}
