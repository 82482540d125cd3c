import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `addSubscription {url, title?, every?, alarms?}` → `{subscription, refresh}`: subscribes to an
/// .ics feed — a read-only calendar of its own, filled by a first refresh at once (it stays
/// subscribed when that fails, and says why). Runs in remindersd-sync, which has the network stack.
public enum AddSubscription: RemindersMethod {
    public static let name = "addSubscription"
    public static let summary =
        "Subscribes to an .ics feed (http, https, webcal, webcals): a read-only calendar of its own, refreshed on an interval."
    public static let errors: [MethodError] = [.cancelled]

    public struct Params: WritableMethodParams {
        public static let properties: [ObjectRule.Property] = [
            .init("url", .string("The feed's address: http(s)://, or webcal(s)://, read as http(s)."), required: true),
            .init("title", .string(), description: "The calendar's title; absent: the feed's own name (X-WR-CALNAME), else its host."),
            .init(
                "every",
                .integer(IntegerRule(minimum: 900, maximum: 31_536_000, description: "Seconds between refreshes (default 86400, at least 900).")),
                description: "Never more often than the feed asks (REFRESH-INTERVAL, X-PUBLISHED-TTL)."),
            .init("alarms", .oneOf(["keep", "drop"]), description: "The publisher's alarms: dropped by default."),
        ]
        public var url: String
        public var title: String?
        public var every: Int?
        public var keepsAlarms: Bool

        public init(url: String, title: String? = nil, every: Int? = nil, keepsAlarms: Bool = false) {
            self.url = url
            self.title = title
            self.every = every
            self.keepsAlarms = keepsAlarms
        }

        public init(_ params: Fields) throws(ResponseError) {
            url = try params.string("url")
            title = try params.optionalString("title")
            every = try params.optionalInt("every")
            keepsAlarms = try params.optionalString("alarms") == "keep"
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("url", url)
            if let title { writer.field("title", title) }
            if let every { writer.field("every", every) }
            writer.field("alarms", keepsAlarms ? "keep" : "drop")
            writer.endObject()
        }
    }

    public struct Result: ReadableMethodResult {
        public static let schema = CommonSchemas.result([
            ("subscription", SubscriptionDescription.schema), ("refresh", SubscriptionRefresh.schema),
        ])
        public var subscription: SubscriptionDescription
        public var refresh: SubscriptionRefresh

        public init(subscription: SubscriptionDescription, refresh: SubscriptionRefresh) {
            self.subscription = subscription
            self.refresh = refresh
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key(static: "subscription")
            subscription.write(to: &writer)
            writer.key(static: "refresh")
            refresh.write(to: &writer)
            writer.endObject()
        }

        public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) {
            let fields = try Self.fields(value)
            subscription = try SubscriptionDescription(reading: try fields.object("subscription"))
            refresh = try SubscriptionRefresh(reading: try fields.object("refresh"))
        }
    }
}
