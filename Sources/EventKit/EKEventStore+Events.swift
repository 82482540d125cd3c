import Foundation
import RemindersJSONRPC
import RemindersProtocol

/// A predicate of events: a range and the calendars to look in.
final class EventsPredicate: NSPredicate {
    let start: Date
    let end: Date
    let calendarIdentifiers: [String]?

    init(start: Date, end: Date, calendarIdentifiers: [String]?) {
        self.start = start
        self.end = end
        self.calendarIdentifiers = calendarIdentifiers
        super.init(value: true)
    }

    required init?(coder: NSCoder) { nil }
}

/// Events: a range's occurrences (recurring events expanded), saves and removals with spans.
extension EKEventStore {
    /// Every event and occurrence overlapping `[startDate, endDate)` in `calendars` (nil: every
    /// event calendar). As EventKit's, a range longer than four years is cut at four years.
    public func predicateForEvents(withStart startDate: Date, end endDate: Date, calendars: [EKCalendar]?) -> NSPredicate {
        EventsPredicate(start: startDate, end: endDate, calendarIdentifiers: heldCalendars(calendars, .event)?.map(\.calendarIdentifier))
    }

    /// The committed events `predicate` names, by start date (none without full access to events).
    public func events(matching predicate: NSPredicate) -> [EKEvent] {
        guard let range = predicate as? EventsPredicate, range.end > range.start else { return [] }
        var found: [EKEvent] = []
        var cursor: String?
        repeat {
            guard
                let params = try? FetchEvents.Params(
                    start: FoundationValues.timestamp(range.start), end: FoundationValues.timestamp(range.end),
                    calendarIdentifiers: range.calendarIdentifiers, limit: 10_000, cursor: cursor),
                let page = try? connection().answer(FetchEvents.self, params)
            else { return found }
            // Each occurrence left unread until it is looked at, as a reminders fetch leaves them.
            var events: [WireSlice] = [], next: String?
            for member in page.members {
                if member.key == FetchEvents.Result.eventsMember { events = member.value.elements }
                if member.key == FetchEvents.Result.nextCursorMember { next = member.value.value.stringValue }
            }
            found += events.map { EKEvent(unread: $0, store: self) }
            cursor = next
        } while cursor != nil
        return found
    }

    /// `events(matching:)` one at a time; setting the flag to true stops it.
    public func enumerateEvents(matching predicate: NSPredicate, using block: EKEventSearchCallback) {
        var stop: ObjCBool = false
        for event in events(matching: predicate) {
            block(event, &stop)
            if stop.boolValue { return }
        }
    }

    /// An event by identifier: its first occurrence (a detached occurrence's own identifier finds it).
    public func event(withIdentifier identifier: String) -> EKEvent? {
        guard let found = try? connection().call(EventMethod.self, EventMethod.Params(identifier: identifier)).event else { return nil }
        return EKEvent(found, store: self)
    }

    public func save(_ event: EKEvent, span: EKSpan) throws { try save(event, span: span, commit: true) }

    /// Saves an event; for an occurrence of a series, `thisEvent` detaches it and `futureEvents`
    /// splits the series there.
    public func save(_ event: EKEvent, span: EKSpan, commit: Bool) throws {
        guard event.store === self else { throw EKError(.objectBelongsToDifferentStore) }
        if event.isNew {
            if event.startDate == nil { throw EKError(.noStartDate, message: "the event has no startDate") }
            if event.endDate == nil { throw EKError(.noEndDate, message: "the event has no endDate") }
        }
        let params = SaveEvent.Params(event: try event.save(), span: event.isOccurrence ? span.model : nil)
        event.read(try connection().call(SaveEvent.self, params, commit: commit).event)
    }

    public func remove(_ event: EKEvent, span: EKSpan) throws { try remove(event, span: span, commit: true) }

    public func remove(_ event: EKEvent, span: EKSpan, commit: Bool) throws {
        guard event.store === self else { throw EKError(.objectBelongsToDifferentStore) }
        guard !event.isNew, let identifier = event.eventIdentifier else { throw EKError(.internalFailure, message: "the event was never saved") }
        // A detached occurrence alone goes by its own identifier; with what follows, by its place in the series.
        let alone = event.isDetached && span == .thisEvent
        var params = RemoveEvent.Params(identifier: alone ? event.calendarItemIdentifier : identifier)
        if event.isOccurrence {
            if !alone { params.occurrenceDate = event.occurrenceDate.map(FoundationValues.timestamp) }
            params.span = span.model
        }
        try connection().call(RemoveEvent.self, params, commit: commit)
    }
}

/// What `enumerateEvents(matching:using:)` calls with each event; setting the flag to true stops it.
public typealias EKEventSearchCallback = (EKEvent, UnsafeMutablePointer<ObjCBool>) -> Void
