import Foundation
import RemindersJSONRPC
import RemindersProtocol

/// An event, or one occurrence of a recurring one (as a fetch gives them): a start and an end, all
/// day or not, in a zone or floating (`timeZone` nil), with a place.
open class EKEvent: EKCalendarItem {  // not Sendable, as Apple's is not
    private var fields = Fields()

    /// What an event holds beside what every item does (read, like those, when first looked at).
    private struct Fields {
        var startDate: Date?
        var endDate: Date?
        var isAllDay = false
        var availability: EKEventAvailability = .busy
        var status: EKEventStatus = .none
        var structuredLocation: EKStructuredLocation?
        var eventIdentifier: String?
        var occurrenceDate: Date?
        var isDetached = false
    }

    /// Who sent the invitation it came in (read-only); nil for an event made here.
    public var organizer: EKParticipant? { snapshot["organizer"].flatMap(EKParticipant.init(wire:)) }

    /// The contact whose birthday the event is, in a Birthdays calendar: remindersd has none, so nil.
    open var birthdayContactIdentifier: String? { nil }

    open var startDate: Date! {
        get { loaded(); return fields.startDate }
        set { loaded(); fields.startDate = newValue }
    }
    open var endDate: Date! {
        get { loaded(); return fields.endDate }
        set { loaded(); fields.endDate = newValue }
    }
    open var isAllDay: Bool {
        get { loaded(); return fields.isAllDay }
        set { loaded(); fields.isAllDay = newValue }
    }
    open var availability: EKEventAvailability {
        get { loaded(); return fields.availability }
        set { loaded(); fields.availability = newValue }
    }
    public internal(set) var status: EKEventStatus {
        get { loaded(); return fields.status }
        set { loaded(); fields.status = newValue }
    }
    open var structuredLocation: EKStructuredLocation? {
        get { loaded(); return fields.structuredLocation }
        set { loaded(); fields.structuredLocation = newValue }
    }
    /// The series' identifier (a detached occurrence's `calendarItemIdentifier` is its own).
    public private(set) var eventIdentifier: String! {
        get { loaded(); return fields.eventIdentifier }
        set { loaded(); fields.eventIdentifier = newValue }
    }
    /// Where this occurrence was meant to start in its series (its start, unless it was moved).
    public private(set) var occurrenceDate: Date! {
        get { loaded(); return fields.occurrenceDate }
        set { loaded(); fields.occurrenceDate = newValue }
    }
    /// Whether this occurrence was changed on its own (`.thisEvent`).
    public private(set) var isDetached: Bool {
        get { loaded(); return fields.isDetached }
        set { loaded(); fields.isDetached = newValue }
    }

    /// A new event for `eventStore`, saved with `save(_:span:)`.
    public init(eventStore: EKEventStore) {
        super.init(store: eventStore)
    }

    init(wire value: JSONValue, store: EKEventStore) {
        super.init(store: store)
        read(value)
    }

    /// An occurrence a fetch gave, read when first looked at.
    override init(unread: WireSlice, store: EKEventStore) {
        super.init(unread: unread, store: store)
    }

    /// The place's title; setting it sets a structured location without coordinates.
    open override var location: String? {
        get { structuredLocation?.title ?? super.location }
        set {
            super.location = newValue
            if newValue != structuredLocation?.title { structuredLocation = newValue.map { EKStructuredLocation(title: $0) } }
        }
    }

    /// Orders events by start date, as EventKit's does.
    open func compareStartDate(with other: EKEvent) -> ComparisonResult {
        (startDate ?? .distantPast).compare(other.startDate ?? .distantPast)
    }

    override func read(_ value: JSONValue) {
        super.read(value)
        if occurrenceDate == nil { occurrenceDate = startDate }
    }

    override func clear() {
        super.clear()
        (structuredLocation, eventIdentifier, startDate, endDate, occurrenceDate) = (nil, nil, nil, nil, nil)
        (isAllDay, isDetached, availability, status) = (false, false, .busy, .none)
    }

    override func take(_ key: String, _ value: JSONValue) {
        switch key {
        // Read before or after `location`: that setter keeps a place whose title it is given.
        case "structuredLocation": structuredLocation = EKStructuredLocation(wire: value)
        case "eventIdentifier": eventIdentifier = value.stringValue
        case "startDate": startDate = Wire.date(value)
        case "endDate": endDate = Wire.date(value)
        case "occurrenceDate": occurrenceDate = Wire.date(value)
        case "isAllDay": isAllDay = value.boolValue ?? false
        case "isDetached": isDetached = value.boolValue ?? false
        case "availability": availability = EKEventAvailability(wire: value.stringValue)
        case "status": status = EKEventStatus(wire: value.stringValue)
        default: super.take(key, value)
        }
    }

    override var wire: JSONObject {
        var object = super.wire
        object["startDate"] = startDate.map(Wire.instant) ?? .null
        object["endDate"] = endDate.map(Wire.instant) ?? .null
        object["isAllDay"] = .bool(isAllDay)
        object["timeZone"] = Wire.string(timeZone?.identifier)
        object["availability"] = .string(availability.wire)
        object["structuredLocation"] = structuredLocation?.wire ?? .null
        return object
    }

    /// Whether it is one occurrence of a series (a save or removal then takes a span).
    var isOccurrence: Bool {
        isDetached || !((snapshot["recurrenceRules"]?.arrayValue ?? []).isEmpty)
    }

    /// What `saveEvent` takes: the members changed since it was read, with the event and occurrence it is.
    var saveParams: JSONObject {
        var event = changes
        if let eventIdentifier, !isNew {
            event["eventIdentifier"] = .string(eventIdentifier)
            if isOccurrence, let occurrenceDate { event["occurrenceDate"] = Wire.instant(occurrenceDate) }
        }
        // A new event in the store's zone unless told otherwise: a timed event is where the person is.
        if isNew, timeZone == nil, !isAllDay, event["timeZone"] == .null { event["timeZone"] = nil }
        return event
    }

    @discardableResult
    open override func refresh() -> Bool {
        guard let eventIdentifier else { return false }
        var params: JSONObject = ["identifier": .string(isDetached ? calendarItemIdentifier : eventIdentifier)]
        if isOccurrence, !isDetached, let occurrenceDate { params["occurrenceDate"] = Wire.instant(occurrenceDate) }
        guard let found = try? store.connection().call(EventMethod.name, .object(params)), let event = found["event"], event.objectValue != nil else {
            return false
        }
        read(event)
        return true
    }
}
