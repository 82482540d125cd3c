import RemindersModel

/// Events as a CalDAV sync writes them: the server's version of a series put over the one here
/// (which keeps its identifier), with the calendar object it came from; or removed, when the
/// server removed it. Both refuse with an event conflict when the event changed here since the
/// sync read it (the sync talks to the server between its read and its write).
extension EventStore {
    /// Writes `series` and its `detached` occurrences into the event calendar `calendar`, over
    /// the version of a stored series the sync read (`existing`) or as a new event. Read-only calendars take
    /// it: the server's content is what they hold.
    public func writeSyncedEvent(
        _ series: Event, detached: [Event], calendarObject: String, into calendar: String,
        over existing: ItemVersion?
    ) throws(StoreError) -> Event {
        try store.write { () throws(StoreError) in
            guard let target = try store.calendar(identifier: calendar) else {
                throw .invalid(ValidationError(field: "calendarIdentifier", reason: .noCalendar, "there is no calendar \(calendar)"))
            }
            guard target.entityType == .event else {
                throw .invalid(
                    ValidationError(field: "calendarIdentifier", reason: .calendarDoesNotAllowEvents, "the list \"\(target.title)\" holds reminders"))
            }
            var written = series
            written.calendarIdentifier = calendar
            if let existing {
                guard let stored = try store.event(identifier: existing.identifier) else {
                    throw .notFound(kind: "event", identifier: existing.identifier)
                }
                guard try store.lastChange(ofSeries: stored.eventIdentifier) == existing.lastChange else { throw .conflict(current: .event(stored)) }
                written.eventIdentifier = stored.eventIdentifier
                // Later than anything here, so that the sync can tell a change made here after it.
                written.lastModifiedDate = max(written.lastModifiedDate, existing.lastChange.advanced(by: 1))
            } else {
                written.eventIdentifier = Identifiers.make()
            }
            try storeSeries(written, overrides: try prepared(&written, detached: detached), replacing: existing != nil)
            try store.setKeptCalendarObject(calendarObject, event: written.eventIdentifier)
            return written
        }
    }

    /// Removes a series the server removed, unless it changed here since the version the sync read.
    public func removeSyncedEvent(_ expected: ItemVersion) throws(StoreError) {
        try store.write { () throws(StoreError) in
            guard let stored = try store.event(identifier: expected.identifier) else { return }
            guard try store.lastChange(ofSeries: expected.identifier) == expected.lastChange else { throw .conflict(current: .event(stored)) }
            _ = try store.deleteEvent(identifier: expected.identifier)
        }
    }

    /// Writes a series and its detached occurrences; `replacing` the stored one of its identifier
    /// in place (not removed and made again: what refers to it — a sync's record of it, its kept
    /// calendar object — stays), its old detached occurrences giving way to `overrides`.
    func storeSeries(_ series: Event, overrides: [Event], replacing: Bool) throws(StoreError) {
        if replacing {
            _ = try store.updateEvent(series)
            for occurrence in try store.detachedOccurrences(of: series.eventIdentifier) {
                _ = try store.deleteEvent(identifier: occurrence.eventIdentifier)
            }
        } else {
            try store.insertEvent(series)
        }
        for occurrence in overrides { try store.insertEvent(occurrence) }
    }

    /// Gives a series read from iCalendar what the store adds (alarm identifiers), validates it,
    /// and returns its detached occurrences made ready to insert under it.
    func prepared(_ series: inout Event, detached: [Event]) throws(StoreError) -> [Event] {
        series.alarms = series.alarms.map {
            Alarm(alarmIdentifier: $0.alarmIdentifier.isEmpty ? Identifiers.make() : $0.alarmIdentifier, trigger: $0.trigger)
        }
        do throws(ValidationError) { try rules.validate(series) } catch { throw .invalid(error) }
        var overrides: [Event] = []
        for var occurrence in detached {
            occurrence.eventIdentifier = Identifiers.make()
            occurrence.calendarIdentifier = series.calendarIdentifier
            occurrence.seriesIdentifier = series.eventIdentifier
            do throws(ValidationError) { try rules.validate(occurrence) } catch { throw .invalid(error.prefixed("RECURRENCE-ID")) }
            overrides.append(occurrence)
        }
        return overrides
    }
}
