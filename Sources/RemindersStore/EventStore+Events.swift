import Foundation
import RemindersModel

/// Events: saved and removed at once (each in its own transaction), read as occurrences in the
/// client's zone.
extension EventStore {
    /// EventKit searches at most four years at a time: the end it stops at, for a range from `start`.
    public static func longestRange(from start: Timestamp) -> Timestamp {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .utc
        let end = calendar.date(byAdding: .year, value: 4, to: Date(timeIntervalSince1970: Double(start.milliseconds) / 1000)) ?? Date.distantFuture
        return Timestamp(milliseconds: Int64((end.timeIntervalSince1970 * 1000).rounded()))
    }

    // MARK: Reading

    /// Every occurrence overlapping `from..<to` of the events in `calendars` (nil: every event
    /// calendar), sorted by start then identifier, and where the range was cut at four years.
    /// Committed events only, as EventKit's `events(matching:)` gives them: what this client staged
    /// with `commit: false` is not among them.
    public func fetchEvents(from: Timestamp, to: Timestamp, calendars: [String]?) throws(StoreError) -> (occurrences: [EventOccurrence], truncatedEnd: Timestamp?) {
        let limit = Self.longestRange(from: from)
        let truncated = to > limit ? limit : nil
        let end = truncated ?? to
        return try store.read { () throws(StoreError) in
            let eventCalendars = Set(try store.calendars(for: .event).map(\.calendarIdentifier))
            let wanted = calendars.map { $0.filter(eventCalendars.contains) } ?? Array(eventCalendars)
            let events = try store.events(inCalendars: wanted, overlapping: from, to: end)
            var replaced: [String: Set<Int64>] = [:]
            for event in events where event.isDetached {
                if let series = event.seriesIdentifier, let key = event.originalOccurrence { replaced[series, default: []].insert(key) }
            }
            var found: [EventOccurrence] = []
            for event in events {
                if event.isDetached {
                    for var occurrence in event.occurrences(from: from, to: end, in: timeZone) {
                        occurrence.occurrenceStart = Self.originalStart(of: event)
                        found.append(occurrence)
                    }
                } else {
                    found += event.occurrences(from: from, to: end, in: timeZone, replaced: replaced[event.eventIdentifier] ?? [])
                }
            }
            let zone = timeZone
            let sorted = found.map { ($0.startDate(in: zone), $0) }.sorted { a, b in
                a.0 != b.0 ? a.0 < b.0 : a.1.event.eventIdentifier < b.1.event.eventIdentifier
            }
            return (sorted.map(\.1), truncated)
        }
    }

    /// An event by identifier (a series' or a detached occurrence's): its first occurrence, or the
    /// one that was meant to start at `occurrenceDate` (detached ones included) — as this client
    /// sees it, its own staged changes included (a read: it never takes the write lock).
    public func event(identifier: String, occurrenceDate: Timestamp?) throws(StoreError) -> EventOccurrence? {
        try store.read { () throws(StoreError) -> EventOccurrence? in
            guard let event = try visibleEvent(identifier: identifier) else { return nil }
            if event.isDetached { return EventOccurrence(event: event, start: event.start, occurrenceStart: Self.originalStart(of: event)) }
            let detached = try visibleDetachedOccurrences(of: event.eventIdentifier)
            guard let occurrenceDate else {
                // The first occurrence the series still has as its own (not removed, not detached).
                guard let first = event.firstOccurrence(skipping: Set(detached.compactMap(\.originalOccurrence)), in: timeZone) else { return nil }
                return EventOccurrence(event: event, start: first, occurrenceStart: first)
            }
            if let moved = detached.first(where: { Self.originalStart(of: $0).instant(in: timeZone) == occurrenceDate }) {
                return EventOccurrence(event: moved, start: moved.start, occurrenceStart: Self.originalStart(of: moved))
            }
            guard let start = event.occurrence(at: occurrenceDate, in: timeZone),
                  !event.exceptionDates.contains(Event.occurrenceKey(start)) else { return nil }
            return EventOccurrence(event: event, start: start, occurrenceStart: start)
        }
    }

    // MARK: Saving

    /// Creates an event (no identifier) or changes one; for an occurrence of a series
    /// (`occurrenceDate`), `thisEvent` detaches it and `futureEvents` splits the series there (on
    /// its first occurrence, changes the whole series). Returns the occurrence as saved.
    public func saveEvent(identifier: String?, occurrenceDate: Timestamp?, span: EventSpan?, changes: EventChanges,
                          lastModifiedDate: Timestamp?, commit: Bool = true) throws(StoreError) -> EventOccurrence {
        let operation = StagedChanges.Operation.saveEvent(identifier: identifier, occurrenceDate: occurrenceDate, span: span, changes: changes,
                                                    lastModifiedDate: lastModifiedDate)
        return try stage(operation, commit: commit) { now throws(StoreError) in
            try self.applySave(identifier: identifier, occurrenceDate: occurrenceDate, span: span, changes: changes,
                               lastModifiedDate: lastModifiedDate, now: now)
        }
    }

    func applySave(identifier: String?, occurrenceDate: Timestamp?, span: EventSpan?, changes: EventChanges,
                   lastModifiedDate: Timestamp?, now: Timestamp) throws(StoreError) -> EventOccurrence {
        try store.write { () throws(StoreError) in
            guard let identifier else { return try self.create(changes, now: now) }
            guard var event = try store.event(identifier: identifier) else { throw .notFound(kind: "event", identifier: identifier) }
            if let lastModifiedDate, lastModifiedDate != event.lastModifiedDate { throw .conflict(current: .event(event)) }
            try self.requireWritable(event.calendarIdentifier, field: "calendarIdentifier", for: .event)
            if event.isDetached, span == .futureEvents {
                throw .invalid(ValidationError(field: "span", reason: .invalidSpan, "a detached occurrence is one occurrence: futureEvents makes no sense for it"))
            }
            guard let occurrenceDate, !event.recurrenceRules.isEmpty, !event.isDetached else {
                return try self.update(&event, changes, start: event.start.instant(in: timeZone), now: now)
            }
            if let detached = try self.detached(of: event, at: occurrenceDate) {
                guard span == .futureEvents else {
                    var detached = detached
                    return try self.update(&detached, changes, start: detached.start.instant(in: timeZone), now: now)
                }
            }
            guard let start = event.occurrence(at: occurrenceDate, in: timeZone), !event.exceptionDates.contains(Event.occurrenceKey(start)) else {
                throw .notFound(kind: "occurrence", identifier: "\(identifier) at \(occurrenceDate.rfc3339)")
            }
            let isFirst = start == event.start
            switch span ?? .thisEvent {
            case .futureEvents where isFirst:
                return try self.update(&event, changes, start: event.start.instant(in: timeZone), now: now)
            case .futureEvents:
                return try self.split(&event, at: start, changes, now: now)
            case .thisEvent:
                var detached = event
                detached.eventIdentifier = identifiers.next()
                detached.recurrenceRules = []
                detached.exceptionDates = []
                detached.seriesIdentifier = event.eventIdentifier
                detached.originalOccurrence = Event.occurrenceKey(start)
                detached.start = start
                detached.creationDate = now
                detached.alarms = event.alarms.map { Alarm(alarmIdentifier: identifiers.next(), trigger: $0.trigger) }
                return try self.write(&detached, changes, start: start.instant(in: timeZone), isNew: true, requiresDates: false, now: now)
            }
        }
    }

    private func create(_ changes: EventChanges, now: Timestamp) throws(StoreError) -> EventOccurrence {
        let calendar: String
        if case .set(let named) = changes.calendarIdentifier {
            calendar = named
        } else {
            guard let chosen = try store.defaultCalendar(for: .event) else {
                throw .invalid(ValidationError(field: "calendarIdentifier", reason: .noCalendar, "no calendar takes new events: every event calendar is read-only"))
            }
            calendar = chosen.calendarIdentifier
        }
        var event = Event(eventIdentifier: identifiers.next(), calendarIdentifier: calendar, title: "",
                          start: ItemDateComponents(year: 1970, month: 1, day: 1), duration: 0, creationDate: now)
        return try write(&event, changes, start: now, isNew: true, requiresDates: true, now: now)
    }

    private func update(_ event: inout Event, _ changes: EventChanges, start: Timestamp, now: Timestamp) throws(StoreError) -> EventOccurrence {
        try write(&event, changes, start: start, isNew: false, requiresDates: false, now: now)
    }

    /// Applies `changes` to `event` (whose occurrence in question starts at `start`), checks and
    /// writes it: inserted when `isNew` (a new event, a detached occurrence, a series split off),
    /// with dates required only of a new event.
    private func write(_ event: inout Event, _ changes: EventChanges, start: Timestamp, isNew: Bool, requiresDates: Bool,
                       now: Timestamp) throws(StoreError) -> EventOccurrence {
        let before = EventOccurrence(event: event, start: event.start, occurrenceStart: event.start)
        let end = requiresDates ? start : before.endDate(in: timeZone).advanced(by: event.isAllDay ? 1000 : 0)
        do throws(ValidationError) {
            try changes.apply(to: &event, start: start, end: end, isNew: requiresDates, zone: timeZone, makeIdentifier: identifiers.next)
            try rules.validate(event)
        } catch {
            throw .invalid(error)
        }
        if case .set(let calendar) = changes.calendarIdentifier { event.calendarIdentifier = calendar }
        if case .clear = changes.calendarIdentifier {
            throw .invalid(ValidationError(field: "calendarIdentifier", reason: .noCalendar, "an event must belong to a calendar"))
        }
        try requireWritable(event.calendarIdentifier, field: "calendarIdentifier", for: .event)
        event.lastModifiedDate = isNew ? now : max(now, event.lastModifiedDate.advanced(by: 1))
        if isNew { try store.insertEvent(event) } else { _ = try store.updateEvent(event) }
        let occurrenceStart = event.isDetached ? Self.originalStart(of: event) : event.start
        return EventOccurrence(event: event, start: event.start, occurrenceStart: occurrenceStart)
    }

    /// `futureEvents` on a later occurrence: the series ends before it, and a new series (a new
    /// identifier) starts from it with the changes — taking the rest of a count along, and the
    /// removed and detached occurrences from there on.
    private func split(_ series: inout Event, at start: ItemDateComponents, _ changes: EventChanges, now: Timestamp) throws(StoreError) -> EventOccurrence {
        guard let rule = series.recurrenceRules.first else { throw .notFound(kind: "occurrence", identifier: series.eventIdentifier) }
        let splitKey = Event.occurrenceKey(start)
        let before = series.occurrenceCount(before: splitKey, in: timeZone)
        var future = series
        future.eventIdentifier = identifiers.next()
        future.calendarItemExternalIdentifier = future.eventIdentifier
        future.start = start
        future.creationDate = now
        future.alarms = series.alarms.map { Alarm(alarmIdentifier: identifiers.next(), trigger: $0.trigger) }
        future.exceptionDates = series.exceptionDates.filter { $0 >= splitKey }
        var futureRule = rule
        if case .occurrenceCount(let count) = rule.recurrenceEnd { futureRule.recurrenceEnd = .occurrenceCount(max(1, count - before)) }
        future.recurrenceRules = [futureRule]
        var ended = rule
        ended.recurrenceEnd = .occurrenceCount(before)
        series.recurrenceRules = [ended]
        series.exceptionDates = series.exceptionDates.filter { $0 < splitKey }
        series.lastModifiedDate = max(now, series.lastModifiedDate.advanced(by: 1))
        _ = try store.updateEvent(series)
        let saved = try write(&future, changes, start: start.instant(in: timeZone), isNew: true, requiresDates: false, now: now)
        for var detached in try store.detachedOccurrences(of: series.eventIdentifier) where (detached.originalOccurrence ?? 0) >= splitKey {
            detached.seriesIdentifier = saved.event.eventIdentifier
            _ = try store.updateEvent(detached)
        }
        return saved
    }

    // MARK: Removing

    /// Removes an event; for an occurrence of a series, `thisEvent` removes just it (an exception
    /// date) and `futureEvents` ends the series before it (on its first occurrence: all of it).
    public func removeEvent(identifier: String, occurrenceDate: Timestamp?, span: EventSpan?, commit: Bool = true) throws(StoreError) {
        try stage(.removeEvent(identifier: identifier, occurrenceDate: occurrenceDate, span: span), commit: commit) { now throws(StoreError) in
            try self.applyRemove(identifier: identifier, occurrenceDate: occurrenceDate, span: span, now: now)
        }
    }

    func applyRemove(identifier: String, occurrenceDate: Timestamp?, span: EventSpan?, now: Timestamp) throws(StoreError) {
        try store.write { () throws(StoreError) in
            guard var event = try store.event(identifier: identifier) else { throw .notFound(kind: "event", identifier: identifier) }
            try requireWritable(event.calendarIdentifier, field: "identifier", for: .event)
            if event.isDetached {
                guard span != .futureEvents else {
                    throw .invalid(ValidationError(field: "span", reason: .invalidSpan, "a detached occurrence is one occurrence: futureEvents makes no sense for it"))
                }
                if let seriesIdentifier = event.seriesIdentifier, var series = try store.event(identifier: seriesIdentifier), let key = event.originalOccurrence {
                    series.exceptionDates.append(key)
                    // The series changed (it lost an occurrence): a sync must see it as changed here.
                    series.lastModifiedDate = max(now, series.lastModifiedDate.advanced(by: 1), event.lastModifiedDate.advanced(by: 1))
                    _ = try store.updateEvent(series)
                }
                _ = try store.deleteEvent(identifier: identifier)
                return
            }
            guard let occurrenceDate, let rule = event.recurrenceRules.first else {
                _ = try store.deleteEvent(identifier: identifier)
                return
            }
            let detached = try self.detached(of: event, at: occurrenceDate)
            guard let start = detached.map({ Self.originalStart(of: $0) }) ?? event.occurrence(at: occurrenceDate, in: timeZone) else {
                throw .notFound(kind: "occurrence", identifier: "\(identifier) at \(occurrenceDate.rfc3339)")
            }
            let key = Event.occurrenceKey(start)
            switch span ?? .thisEvent {
            case .thisEvent:
                if let detached { _ = try store.deleteEvent(identifier: detached.eventIdentifier) }
                event.exceptionDates.append(key)
            case .futureEvents:
                guard start != event.start else {
                    _ = try store.deleteEvent(identifier: identifier)
                    return
                }
                var ended = rule
                ended.recurrenceEnd = .occurrenceCount(event.occurrenceCount(before: key, in: timeZone))
                event.recurrenceRules = [ended]
                for later in try store.detachedOccurrences(of: identifier) where (later.originalOccurrence ?? 0) >= key {
                    _ = try store.deleteEvent(identifier: later.eventIdentifier)
                }
            }
            event.lastModifiedDate = max(now, event.lastModifiedDate.advanced(by: 1))
            _ = try store.updateEvent(event)
        }
    }

    // MARK: Occurrences

    private func detached(of series: Event, at occurrenceDate: Timestamp) throws(StoreError) -> Event? {
        try store.detachedOccurrences(of: series.eventIdentifier).first { Self.originalStart(of: $0).instant(in: timeZone) == occurrenceDate }
    }

    /// Where a detached occurrence was meant to start, from its key (the start read as UTC).
    static func originalStart(of event: Event) -> ItemDateComponents {
        guard let key = event.originalOccurrence else { return event.start }
        return event.occurrenceStart(forKey: key)
    }
}
