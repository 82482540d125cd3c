import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// A subscription as the protocol describes it: its calendar, where the feed is (shown without
/// user, password or query — a private feed's token is often there), what was asked of it and how
/// its refreshes go.
public struct SubscriptionDescription: Equatable, Sendable {
    public var calendarIdentifier: String
    public var title: String
    public var url: String
    public var entityType: EntityType
    public var every: Int
    public var feedInterval: Int?
    public var keepsAlarms: Bool
    public var stopped: String?
    public var lastRefresh: Timestamp?
    public var lastResult: String?
    public var failures: Int
    public var nextRefresh: Timestamp?

    public init(
        calendarIdentifier: String, title: String, url: String, entityType: EntityType, every: Int, feedInterval: Int?, keepsAlarms: Bool,
        stopped: String?, lastRefresh: Timestamp?, lastResult: String?, failures: Int, nextRefresh: Timestamp?
    ) {
        self.calendarIdentifier = calendarIdentifier
        self.title = title
        self.url = url
        self.entityType = entityType
        self.every = every
        self.feedInterval = feedInterval
        self.keepsAlarms = keepsAlarms
        self.stopped = stopped
        self.lastRefresh = lastRefresh
        self.lastResult = lastResult
        self.failures = failures
        self.nextRefresh = nextRefresh
    }

    /// One subscription with its calendar and its refreshes' state.
    public init(_ subscription: CalendarSubscription, calendar: ItemCalendar, state: SubscriptionState?) {
        self.init(
            calendarIdentifier: subscription.calendarIdentifier, title: calendar.title, url: subscription.displayAddress,
            entityType: calendar.entityType, every: subscription.interval, feedInterval: subscription.feedInterval,
            keepsAlarms: subscription.keepsAlarms, stopped: subscription.stopped, lastRefresh: state?.lastAttempt,
            lastResult: state?.lastResult, failures: state?.failures ?? 0, nextRefresh: subscription.stopped == nil ? state?.nextRefresh : nil)
    }

    public static let schema = JSONSchema.named("Subscription") {
        CommonSchemas.result(
            [
                ("calendarIdentifier", CommonSchemas.identifier),
                ("title", .string()),
                ("url", .string("The feed's address, without user, password or query.")),
                ("entityType", CommonSchemas.entityType),
                ("every", .integer(IntegerRule(minimum: 0, description: "Seconds between refreshes the owner asked for."))),
                (
                    "feedInterval",
                    .nullable(.integer(IntegerRule(minimum: 0, description: "Seconds the feed asks (REFRESH-INTERVAL, X-PUBLISHED-TTL).")))
                ),
                ("alarms", .oneOf(["keep", "drop"], description: "Whether the publisher's alarms are kept.")),
                ("stopped", .nullable(.string("Why it is no longer refreshed (410 Gone); null while it is."))),
                ("lastRefresh", .nullable(CommonSchemas.instant)),
                ("lastResult", .nullable(.string("How the last refresh ended."))),
                ("failures", .integer(IntegerRule(minimum: 0, description: "Failed refreshes in a row."))),
                ("nextRefresh", .nullable(CommonSchemas.instant)),
            ], description: "A subscribed calendar: a feed filling a read-only calendar.")
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("calendarIdentifier", calendarIdentifier)
        writer.field("title", title)
        writer.field("url", url)
        writer.field("entityType", entityType.rawValue)
        writer.field("every", every)
        writer.field("feedInterval", feedInterval)
        writer.field("alarms", keepsAlarms ? "keep" : "drop")
        writer.field("stopped", stopped)
        writer.field("lastRefresh", lastRefresh?.rfc3339)
        writer.field("lastResult", lastResult)
        writer.field("failures", failures)
        writer.field("nextRefresh", nextRefresh?.rfc3339)
        writer.endObject()
    }

    public init(reading fields: Fields) throws(ResponseError) {
        self.init(
            calendarIdentifier: try fields.string("calendarIdentifier"), title: try fields.string("title"), url: try fields.string("url"),
            entityType: try fields.enumValue("entityType", EntityType.self), every: try fields.int("every"),
            feedInterval: try fields.optionalInt("feedInterval"), keepsAlarms: try fields.string("alarms") == "keep",
            stopped: try fields.optionalString("stopped"), lastRefresh: try fields.optionalTimestamp("lastRefresh"),
            lastResult: try fields.optionalString("lastResult"), failures: try fields.int("failures"),
            nextRefresh: try fields.optionalTimestamp("nextRefresh"))
    }
}

/// One subscription's refresh: how it ended and what it changed in the calendar.
public struct SubscriptionRefresh: Equatable, Sendable {
    public enum Status: String, CaseIterable, Sendable { case ok, notModified, failed, stopped }
    public struct Skipped: Equatable, Sendable {
        public var uid: String?
        public var message: String
        public init(uid: String?, message: String) { (self.uid, self.message) = (uid, message) }
    }

    public var calendarIdentifier: String
    public var title: String
    public var status: Status
    public var message: String
    public var added: Int
    public var changed: Int
    public var removed: Int
    public var unchanged: Int
    public var skipped: [Skipped]
    public var requests: Int
    public var nextRefresh: Timestamp?

    public init(
        calendarIdentifier: String, title: String, status: Status, message: String, added: Int = 0, changed: Int = 0, removed: Int = 0,
        unchanged: Int = 0, skipped: [Skipped] = [], requests: Int, nextRefresh: Timestamp?
    ) {
        self.calendarIdentifier = calendarIdentifier
        self.title = title
        self.status = status
        self.message = message
        self.added = added
        self.changed = changed
        self.removed = removed
        self.unchanged = unchanged
        self.skipped = skipped
        self.requests = requests
        self.nextRefresh = nextRefresh
    }

    static let count = JSONSchema.integer(IntegerRule(minimum: 0))

    public static let schema = JSONSchema.named("SubscriptionRefresh") {
        CommonSchemas.result(
            [
                ("calendarIdentifier", CommonSchemas.identifier),
                ("title", .string()),
                ("status", .oneOf(Status.allCases.map(\.rawValue), description: "ok, notModified (304), failed (tried again later), stopped (410).")),
                ("message", .string("What it did, or why it failed or stopped.")),
                ("added", count), ("changed", count), ("removed", count), ("unchanged", count),
                (
                    "skipped",
                    .array(
                        of: CommonSchemas.result([("uid", .nullable(.string())), ("message", .string())]),
                        description: "Items of the feed that could not be read; their copies here stay.")
                ),
                ("requests", count),
                ("nextRefresh", .nullable(CommonSchemas.instant)),
            ], description: "One subscription's refresh.")
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("calendarIdentifier", calendarIdentifier)
        writer.field("title", title)
        writer.field("status", status.rawValue)
        writer.field("message", message)
        writer.field("added", added)
        writer.field("changed", changed)
        writer.field("removed", removed)
        writer.field("unchanged", unchanged)
        writer.key(static: "skipped")
        writer.beginArray()
        for item in skipped {
            writer.beginObject()
            writer.field("uid", item.uid)
            writer.field("message", item.message)
            writer.endObject()
        }
        writer.endArray()
        writer.field("requests", requests)
        writer.field("nextRefresh", nextRefresh?.rfc3339)
        writer.endObject()
    }

    public init(reading fields: Fields) throws(ResponseError) {
        self.init(
            calendarIdentifier: try fields.string("calendarIdentifier"), title: try fields.string("title"),
            status: try fields.enumValue("status", Status.self), message: try fields.string("message"), added: try fields.int("added"),
            changed: try fields.int("changed"), removed: try fields.int("removed"), unchanged: try fields.int("unchanged"),
            skipped: try fields.list("skipped") { (value, path) throws(ResponseError) in
                let item = try Fields.object(value, path: path)
                return Skipped(uid: try item.optionalString("uid"), message: try item.string("message"))
            }, requests: try fields.int("requests"), nextRefresh: try fields.optionalTimestamp("nextRefresh"))
    }
}
