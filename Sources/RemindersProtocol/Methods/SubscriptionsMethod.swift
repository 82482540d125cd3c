import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `subscriptions {}` → `{subscriptions: [Subscription]}`: the subscribed calendars, with how their refreshes go.
public enum SubscriptionsMethod: RemindersMethod {
    public static let name = "subscriptions"
    public static let summary = "The subscribed calendars (.ics feeds), with when each was last refreshed, how that ended and when the next is due."
    public typealias Params = NoParams

    public struct Result: ReadableMethodResult {
        public static let schema = CommonSchemas.result([("subscriptions", .array(of: SubscriptionDescription.schema))])
        public var subscriptions: [SubscriptionDescription]

        public init(subscriptions: [SubscriptionDescription]) { self.subscriptions = subscriptions }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key(static: "subscriptions")
            writer.beginArray()
            for subscription in subscriptions { subscription.write(to: &writer) }
            writer.endArray()
            writer.endObject()
        }

        public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) {
            subscriptions = try Self.fields(value).list("subscriptions") { (value, path) throws(ResponseError) in
                try SubscriptionDescription(reading: try Fields.object(value, path: path))
            }
        }
    }
}
