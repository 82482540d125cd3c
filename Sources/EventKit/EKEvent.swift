import Foundation
import RemindersJSON
import RemindersJSONRPC
import RemindersModel
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

    /// What the store said of it when it was read (or saved), its dates in the session's zone.
    private var stored: EventOccurrence? {
        get { storedValue?.value }
        set { storedValue = newValue.map(StoredValue.init) }
    }
    private var storedValue: StoredValue<EventOccurrence>?

    /// Who sent the invitation it came in (read-only); nil for an event made here.
    public var organizer: EKParticipant? {
        loaded()
        return stored?.event.organizer.flatMap(EKParticipant.init)
    }

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

    init(_ occurrence: EventOccurrence, store: EKEventStore) {
        super.init(store: store)
        read(occurrence)
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

    override var storedItem: (any CalendarItem)? {
        loaded()
        return stored?.event
    }
    override var storedAttendees: [Participant] {
        loaded()
        return stored?.event.attendees ?? []
    }

    /// A fetched occurrence, read when first looked at, in the session's zone.
    override func read(unread value: JSONValue) {
        guard case .object(let object) = value,
            let occurrence = try? EventOccurrence(reading: RemindersJSON.Fields(object, path: "result"), zone: store.zone)
        else { return }
        read(occurrence)
    }

    /// Takes what the store says of the occurrence.
    func read(_ occurrence: EventOccurrence) {
        stored = occurrence
        let event = occurrence.event, zone = store.zone
        readCommon(event)
        // Its place before its `location`: that setter keeps a place whose title it is given.
        structuredLocation = event.structuredLocation.map(EKStructuredLocation.init)
        location = event.location
        eventIdentifier = event.seriesIdentifier ?? event.eventIdentifier
        startDate = FoundationValues.date(occurrence.startDate(in: zone))
        endDate = FoundationValues.date(occurrence.endDate(in: zone))
        occurrenceDate = FoundationValues.date(occurrence.occurrenceStart.instant(in: zone))
        (isAllDay, isDetached) = (event.isAllDay, event.isDetached)
        (availability, status) = (EKEventAvailability(event.availability), EKEventStatus(event.status))
    }

    override func readStored() {
        loaded()
        if let stored { read(stored) }
    }

    /// Whether it is one occurrence of a series (a save or removal then takes a span).
    var isOccurrence: Bool { isDetached || !(stored?.event.recurrenceRules ?? []).isEmpty }

    /// What `saveEvent` takes: the members changed since it was read, with the event and occurrence it is.
    func save() throws(EKError) -> EventSave {
        let stored = isNew ? nil : self.stored
        let isNew = stored == nil, zone = store.zone
        var changes = EventChanges()
        try fillCommonChanges(into: &changes)
        changes.startDate = Self.change(startDate.map(FoundationValues.timestamp), was: stored?.startDate(in: zone), isNew: isNew)
        changes.endDate = Self.change(endDate.map(FoundationValues.timestamp), was: stored?.endDate(in: zone), isNew: isNew)
        changes.isAllDay = Self.change(isAllDay, was: stored?.event.isAllDay, isNew: isNew)
        // A new timed event without a zone is in the store's zone: a timed event is where the person is.
        let zoneChange = Self.change(timeZone?.identifier, was: stored?.event.timeZone, isNew: isNew)
        if !(isNew && timeZone == nil && !isAllDay) { changes.timeZone = zoneChange }
        changes.availability = Self.change(availability.model, was: stored?.event.availability, isNew: isNew)
        changes.structuredLocation = Self.change(structuredLocation?.model, was: stored?.event.structuredLocation, isNew: isNew)
        guard let eventIdentifier, !isNew else { return EventSave(identifier: nil, changes: changes) }
        let occurrence = isOccurrence ? occurrenceDate.map(FoundationValues.timestamp) : nil
        return EventSave(identifier: eventIdentifier, occurrenceDate: occurrence, changes: changes)
    }

    public override var hasChanges: Bool {
        // A save that would send no member but which event it is changes nothing.
        guard !isNew, let save = try? save() else { return true }
        return !save.changes.changesNothing
    }

    @discardableResult
    open override func refresh() -> Bool {
        guard let eventIdentifier else { return false }
        let identifier = isDetached ? calendarItemIdentifier : eventIdentifier
        let occurrence = isOccurrence && !isDetached ? occurrenceDate.map(FoundationValues.timestamp) : nil
        guard let found = try? store.connection().call(EventMethod.self, EventMethod.Params(identifier: identifier, occurrenceDate: occurrence)).event
        else { return false }
        read(found)
        return true
    }
}
