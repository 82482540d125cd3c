/// A subscribed calendar (EventKit's `EKSourceType.subscribed`): an .ics address whose events
/// (or, for a feed of VTODOs, reminders) fill a read-only calendar, fetched again on an interval.
public struct CalendarSubscription: Equatable, Sendable {
    /// The calendar it fills; it names the subscription too.
    public var calendarIdentifier: String
    /// Where the feed is: http(s) (a `webcal://` address is kept as the `http://` it means).
    public var url: String
    public var username: String?
    public var passwordCommand: String?
    public var passwordFile: String?
    /// Seconds between refreshes the owner asked for (`--every`).
    public var interval: Int
    /// Whether the publisher's alarms are kept (ICSx⁵ and Apple drop them by default).
    public var keepsAlarms: Bool
    /// Seconds the feed asks between refreshes (`REFRESH-INTERVAL`, `X-PUBLISHED-TTL`).
    public var feedInterval: Int?
    /// Why it was stopped (the server answered 410 Gone); nil while it is refreshed.
    public var stopped: String?

    public init(
        calendarIdentifier: String, url: String, username: String? = nil, passwordCommand: String? = nil, passwordFile: String? = nil,
        interval: Int = CalendarSubscription.defaultInterval, keepsAlarms: Bool = false, feedInterval: Int? = nil, stopped: String? = nil
    ) {
        self.calendarIdentifier = calendarIdentifier
        self.url = url
        self.username = username
        self.passwordCommand = passwordCommand
        self.passwordFile = passwordFile
        self.interval = interval
        self.keepsAlarms = keepsAlarms
        self.feedInterval = feedInterval
        self.stopped = stopped
    }

    /// Daily, as ICSx⁵ and Apple's Calendar default to.
    public static let defaultInterval = 86_400
    /// Never more often than every 15 minutes, whatever is asked: a feed is someone else's server.
    public static let minimumInterval = 900

    /// Seconds between refreshes: the owner's interval, but never more often than the feed asks
    /// nor than `minimumInterval`.
    public var effectiveInterval: Int { max(Self.minimumInterval, interval, feedInterval ?? 0) }

    /// Seconds to wait after the `failures`-th failure in a row: 5 minutes, doubling, never
    /// longer than the interval itself.
    public static func backoff(afterFailures failures: Int, interval: Int) -> Int {
        let doubled = 300 << min(max(failures - 1, 0), 16)
        return min(doubled, max(interval, 300))
    }

    /// The address as it may be shown: no user, no password, no query (a private feed's token is
    /// often there, and a list or a log is no place for it).
    public var displayAddress: String { Self.redacted(url) }

    public static func redacted(_ url: String) -> String {
        var text = url
        if let query = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = String(text[..<query]) + "?…" }
        if let schemeEnd = text.range(of: "://"), let at = text[schemeEnd.upperBound...].firstIndex(of: "@"),
            !text[schemeEnd.upperBound..<at].contains("/")
        {
            text.removeSubrange(schemeEnd.upperBound...at)
        }
        return text
    }
}

/// How a subscription's refreshes go: what to send to ask again cheaply, how the last attempts
/// ended and when the next is due — so that a failing feed is seen failing, never silently stopped.
public struct SubscriptionState: Equatable, Sendable {
    /// The last good answer's `ETag` and `Last-Modified`, sent back as `If-None-Match` and `If-Modified-Since`.
    public var entityTag: String?
    public var lastModified: String?
    public var lastAttempt: Timestamp?
    public var lastSuccess: Timestamp?
    /// How the last attempt ended, in words ("ok: 3 added", "not modified", "HTTP 503", …).
    public var lastResult: String?
    /// Failed attempts since the last that worked (what the backoff doubles on).
    public var failures: Int
    /// When the next refresh is due; nil: at once.
    public var nextRefresh: Timestamp?

    public init(
        entityTag: String? = nil, lastModified: String? = nil, lastAttempt: Timestamp? = nil, lastSuccess: Timestamp? = nil,
        lastResult: String? = nil, failures: Int = 0, nextRefresh: Timestamp? = nil
    ) {
        self.entityTag = entityTag
        self.lastModified = lastModified
        self.lastAttempt = lastAttempt
        self.lastSuccess = lastSuccess
        self.lastResult = lastResult
        self.failures = failures
        self.nextRefresh = nextRefresh
    }
}
