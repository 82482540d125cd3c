import Foundation

/// EKEventAvailability.
public enum EventAvailability: String, Sendable, CaseIterable {
    case notSupported, busy, free, tentative, unavailable
}

/// EKEventStatus.
public enum EventStatus: String, Sendable, CaseIterable {
    case none, confirmed, tentative, canceled
}

/// An event (EKEvent) as the store keeps it: one event or a whole series. Its start is date
/// components — with a zone, floating (no zone: read in each reader's zone) or, all day, a day
/// alone — and its length; the occurrences of a series are worked out when a range is fetched,
/// with the recurrence engine reminders use. An occurrence changed on its own (`thisEvent`) is an
/// event of its own, *detached*, that names its series and the occurrence it replaces.
public struct Event: Equatable, Sendable {
    public var eventIdentifier: String
    /// The sync identifier (iCalendar UID); the series' for a detached occurrence.
    public var calendarItemExternalIdentifier: String
    public var calendarIdentifier: String
    public var title: String
    public var notes: String?
    public var url: String?
    /// The place; `location` is its title, as in EventKit.
    public var structuredLocation: StructuredLocation?
    public var start: ItemDateComponents
    /// Milliseconds from start to end; for an all-day event whole days (its end is exclusive).
    public var duration: Int64
    public var availability: EventAvailability
    public var status: EventStatus
    public var alarms: [Alarm]
    /// At most one, as EventKit allows.
    public var recurrenceRules: [RecurrenceRule]
    public var creationDate: Timestamp
    public var lastModifiedDate: Timestamp
    /// The occurrences removed from the series (`removeEvent` with `thisEvent`), by occurrence key.
    public var exceptionDates: [Int64]
    /// For a detached occurrence: its series and the key of the occurrence it replaces.
    public var seriesIdentifier: String?
    public var originalOccurrence: Int64?
    /// Who is invited and who invites (ATTENDEE, ORGANIZER): read-only, as EventKit's.
    public var attendees: [Participant] = []
    public var organizer: Participant?

    public init(
        eventIdentifier: String, calendarIdentifier: String, title: String, start: ItemDateComponents, duration: Int64,
        creationDate: Timestamp
    ) {
        self.eventIdentifier = eventIdentifier
        self.calendarItemExternalIdentifier = eventIdentifier
        self.calendarIdentifier = calendarIdentifier
        self.title = title
        self.start = start
        self.duration = duration
        self.availability = .busy
        self.status = .none
        self.alarms = []
        self.recurrenceRules = []
        self.creationDate = creationDate
        self.lastModifiedDate = creationDate
        self.exceptionDates = []
    }

    public var isAllDay: Bool { start.hour == nil }
    public var location: String? { structuredLocation?.title }
    /// The item's zone; nil: floating (all-day events always are).
    public var timeZone: String? { isAllDay ? nil : start.timeZone }
    public var isDetached: Bool { seriesIdentifier != nil }
    public var hasAttendees: Bool { !attendees.isEmpty }

    /// An occurrence's key: its start read as UTC — the same in every zone, a floating start being
    /// one wall-clock time.
    public static func occurrenceKey(_ start: ItemDateComponents) -> Int64 { start.occurrenceKey }

    /// The start of this series' occurrence whose key is `key` (the inverse of `occurrenceKey`).
    public func occurrenceStart(forKey key: Int64) -> ItemDateComponents {
        var occurrence = start.withOccurrenceKey(key)
        if start.hour != nil, occurrence.second == nil { occurrence.second = 0 }
        return occurrence
    }
}

/// One occurrence of an event, as a fetch gives it.
public struct EventOccurrence: Equatable, Sendable {
    public var event: Event
    /// When this occurrence starts (the series' start for the first one).
    public var start: ItemDateComponents
    /// When it was meant to start: the occurrence's place in the series, kept when a detached
    /// occurrence is moved (EKEvent.occurrenceDate).
    public var occurrenceStart: ItemDateComponents

    public init(event: Event, start: ItemDateComponents, occurrenceStart: ItemDateComponents) {
        self.event = event
        self.start = start
        self.occurrenceStart = occurrenceStart
    }

    public func startDate(in zone: TimeZone) -> Timestamp { start.instant(in: zone) }

    /// The end as EventKit reports it: an all-day event ends at 23:59:59 of its last day in
    /// `zone`; a timed one `duration` after its start.
    public func endDate(in zone: TimeZone) -> Timestamp {
        guard event.isAllDay else { return start.instant(in: zone).advanced(by: event.duration) }
        return start.shifted(byWallClockSeconds: event.duration / 1000).instant(in: zone).advanced(by: -1000)
    }
}
