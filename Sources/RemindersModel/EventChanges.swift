import RemindersCivilTime
import Foundation

/// The members a `saveEvent` sets: present (set), null (clear) or absent (keep), as for reminders.
/// Dates are instants, as EKEvent has them; `timeZone` says how the start is kept (see `apply`).
public struct EventChanges: Sendable, FieldChanges {
    public var calendarIdentifier: FieldChange<String> = .keep
    public var title: FieldChange<String> = .keep
    public var notes: FieldChange<String> = .keep
    public var url: FieldChange<String> = .keep
    /// Sets `structuredLocation`'s title (a place without coordinates), as EKEvent.location does.
    public var location: FieldChange<String> = .keep
    public var structuredLocation: FieldChange<StructuredLocation> = .keep
    public var startDate: FieldChange<Timestamp> = .keep
    public var endDate: FieldChange<Timestamp> = .keep
    public var isAllDay: FieldChange<Bool> = .keep
    /// An IANA zone; clear: floating.
    public var timeZone: FieldChange<String> = .keep
    public var availability: FieldChange<EventAvailability> = .keep
    public var status: FieldChange<EventStatus> = .keep
    public var alarms: FieldChange<[AlarmDraft]> = .keep
    public var recurrenceRules: FieldChange<[RecurrenceRule]> = .keep

    public init() {}

    /// `event` with these changes, read in `zone` (the client's): an instant start kept in the
    /// given zone (else the event's, else `zone` for a new one), or as the wall clock of `zone`
    /// when floating; an all-day event's days are those of its start and end in `zone`. `start`
    /// and `end` are the occurrence's as the client saw them (the series' for a series).
    public func apply(
        to event: inout Event, start: Timestamp, end: Timestamp, isNew: Bool, zone: TimeZone,
        makeIdentifier: () -> String
    ) throws(ValidationError) {
        let (length, before) = (event.duration, event.alarms)
        try applyFields(to: &event, start: start, end: end, isNew: isNew, zone: zone, makeIdentifier: makeIdentifier)
        // An alarm its calendar counts from the end rings as long before the end as it did —
        // kept, or sent back as it was read; one sent with a new offset is the client's word.
        guard event.duration != length else { return }
        let moved = Double(event.duration - length) / 1000
        for index in event.alarms.indices where event.alarms[index].followsEnd && before.contains(event.alarms[index]) {
            if case .relative(let offset) = event.alarms[index].trigger { event.alarms[index].trigger = .relative(offset: offset + moved) }
        }
    }

    private func applyFields(
        to event: inout Event, start: Timestamp, end: Timestamp, isNew: Bool, zone: TimeZone,
        makeIdentifier: () -> String
    ) throws(ValidationError) {
        if case .set(let title) = title { event.title = title } else if case .clear = title { event.title = "" }
        notes.apply(to: &event.notes)
        url.apply(to: &event.url)
        switch location {
        case .keep: break
        case .clear: event.structuredLocation = nil
        case .set(let title):
            var place = event.structuredLocation ?? StructuredLocation(title: title)
            place.title = title
            event.structuredLocation = place
        }
        structuredLocation.apply(to: &event.structuredLocation)
        if case .set(let value) = availability { event.availability = value }
        if case .set(let value) = status { event.status = value }
        if case .set(let drafts) = alarms {
            event.alarms = drafts.map {
                Alarm(alarmIdentifier: $0.alarmIdentifier ?? makeIdentifier(), trigger: $0.trigger, followsEnd: $0.followsEnd)
            }
        } else if case .clear = alarms {
            event.alarms = []
        }
        if case .set(let rules) = recurrenceRules {
            event.recurrenceRules = rules
        } else if case .clear = recurrenceRules {
            event.recurrenceRules = []
        }

        if isNew, startDate.isKeep { throw ValidationError(field: "startDate", reason: .noStartDate, "an event needs a startDate") }
        if isNew, endDate.isKeep { throw ValidationError(field: "endDate", reason: .noEndDate, "an event needs an endDate") }
        if case .clear = startDate { throw ValidationError(field: "startDate", reason: .noStartDate, "an event needs a startDate") }
        if case .clear = endDate { throw ValidationError(field: "endDate", reason: .noEndDate, "an event needs an endDate") }
        var begins = start, ends = end
        if case .set(let date) = startDate { begins = date }
        if case .set(let date) = endDate { ends = date }
        guard ends >= begins else { throw ValidationError(field: "endDate", reason: .datesInverted, "endDate is before startDate") }

        var allDay = event.isAllDay && !isNew
        if case .set(let value) = isAllDay { allDay = value }
        if allDay {
            let first = ItemDateComponents.wallClock(of: begins, in: zone)
            var last = ItemDateComponents.wallClock(of: ends, in: zone)
            // An end at midnight closes the day before (an exclusive end, as iCalendar writes them).
            if ends > begins, last.hour == 0, last.minute == 0, (last.second ?? 0) == 0 {
                last = ItemDateComponents.wallClock(of: ends.advanced(by: -1000), in: zone)
            }
            let day = ItemDateComponents(year: first.year, month: first.month, day: first.day)
            let lastDay = ItemDateComponents(year: last.year, month: last.month, day: last.day)
            event.start = day
            event.duration = max(1, (lastDay.wallClockSeconds - day.wallClockSeconds) / 86_400 + 1) * 86_400_000
            return
        }
        var zoneName: String? = isNew || event.isAllDay ? zone.identifier : event.start.timeZone
        if case .set(let name) = timeZone { zoneName = name } else if case .clear = timeZone { zoneName = nil }
        let readIn = zoneName.flatMap(TimeZoneCache.zone) ?? zone
        if let zoneName, TimeZoneCache.zone(zoneName) == nil {
            throw ValidationError(field: "timeZone", "unknown time zone \"\(zoneName.prefix(60))\"; use an IANA name such as Europe/Berlin")
        }
        var components = ItemDateComponents.wallClock(of: begins, in: readIn)
        components.second = components.second ?? 0
        components.timeZone = zoneName
        event.start = components
        event.duration = ends.milliseconds - begins.milliseconds
    }
}
