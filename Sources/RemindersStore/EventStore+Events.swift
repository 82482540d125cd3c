import Foundation
import RemindersModel

/// Events: saved and removed as reminders are (staged, then committed with everything staged),
/// read as occurrences in the client's zone.
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
    public func fetchEvents(from: Timestamp, to: Timestamp, calendars: [String]?) throws(StoreError) -> (
        occurrences: [EventOccurrence], truncatedEnd: Timestamp?
    ) {
        let limit = Self.longestRange(from: from)
        let truncated = to > limit ? limit : nil
        let end = truncated ?? to
        return try store.read { () throws(StoreError) in
            let eventCalendars = Set(self.scoped(try store.calendars(for: .event), .event).map(\.calendarIdentifier))
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
                // The series' first occurrence, as EventKit's `event(withIdentifier:)` finds it: by
                // its place in the series, a detached one included (its own start may be later).
                let own = event.firstOccurrence(skipping: Set(detached.compactMap(\.originalOccurrence)), in: timeZone)
                let firstDetached = detached.min { ($0.originalOccurrence ?? .max) < ($1.originalOccurrence ?? .max) }
                if let moved = firstDetached, let key = moved.originalOccurrence, own.map({ key < Event.occurrenceKey($0) }) ?? true {
                    return EventOccurrence(event: moved, start: moved.start, occurrenceStart: Self.originalStart(of: moved))
                }
                guard let own else { return nil }
                return EventOccurrence(event: event, start: own, occurrenceStart: own)
            }
            if let moved = detached.first(where: { Self.originalStart(of: $0).instant(in: timeZone) == occurrenceDate }) {
                return EventOccurrence(event: moved, start: moved.start, occurrenceStart: Self.originalStart(of: moved))
            }
            guard let start = event.occurrence(at: occurrenceDate, in: timeZone),
                !event.exceptionDates.contains(Event.occurrenceKey(start))
            else { return nil }
            return EventOccurrence(event: event, start: start, occurrenceStart: start)
        }
    }

    // MARK: Saving

    /// Creates an event (no identifier) or changes one; for an occurrence of a series
    /// (`occurrenceDate`), `thisEvent` detaches it and `futureEvents` splits the series there (on
    /// its first occurrence, changes the whole series). Returns the occurrence as saved.
    public func saveEvent(
        identifier: String?, occurrenceDate: Timestamp?, span: EventSpan?, changes: EventChanges,
        lastModifiedDate: Timestamp?, commit: Bool = true
    ) throws(StoreError) -> EventOccurrence {
        try staging(commit: commit) { () throws(StoreError) in
            try self.stageSave(
                identifier: identifier, occurrenceDate: occurrenceDate, span: span, changes: changes,
                lastModifiedDate: lastModifiedDate, now: self.clock())
        }
    }

    private func stageSave(
        identifier: String?, occurrenceDate: Timestamp?, span: EventSpan?, changes: EventChanges,
        lastModifiedDate: Timestamp?, now: Timestamp
    ) throws(StoreError) -> EventOccurrence {
        guard let identifier else { return try create(changes, now: now) }
        guard var event = try visibleEvent(identifier: identifier) else { throw .notFound(kind: "event", identifier: identifier) }
        if let lastModifiedDate, lastModifiedDate != event.lastModifiedDate { throw .conflict(current: .event(event)) }
        // A subscribed calendar's event takes its owner's alarms: what a change does is checked once it is applied.
        if try store.calendar(identifier: event.calendarIdentifier)?.type != .subscription {
            try requireWritable(event.calendarIdentifier, field: "calendarIdentifier", for: .event)
        }
        if event.isDetached, span == .futureEvents {
            throw .invalid(
                ValidationError(field: "span", reason: .invalidSpan, "a detached occurrence is one occurrence: futureEvents makes no sense for it"))
        }
        guard let occurrenceDate, !event.recurrenceRules.isEmpty, !event.isDetached else {
            return try update(&event, changes, start: event.start.instant(in: timeZone), checking: lastModifiedDate, now: now)
        }
        if let detached = try detached(of: event, at: occurrenceDate) {
            guard span == .futureEvents else {
                var detached = detached
                return try update(&detached, changes, start: detached.start.instant(in: timeZone), checking: nil, now: now)
            }
        }
        guard let start = event.occurrence(at: occurrenceDate, in: timeZone), !event.exceptionDates.contains(Event.occurrenceKey(start)) else {
            throw .notFound(kind: "occurrence", identifier: "\(identifier) at \(occurrenceDate.rfc3339)")
        }
        let isFirst = start == event.start
        switch span ?? .thisEvent {
        case .futureEvents where isFirst:
            return try update(&event, changes, start: event.start.instant(in: timeZone), checking: lastModifiedDate, now: now)
        case .futureEvents:
            return try split(&event, at: start, changes, checking: lastModifiedDate, now: now)
        case .thisEvent:
            var detached = event
            detached.eventIdentifier = Identifiers.make()
            detached.recurrenceRules = []
            detached.exceptionDates = []
            detached.seriesIdentifier = event.eventIdentifier
            detached.originalOccurrence = Event.occurrenceKey(start)
            detached.start = start
            detached.creationDate = now
            detached.alarms = event.alarms.map { Alarm(alarmIdentifier: Identifiers.make(), trigger: $0.trigger) }
            return try apply(changes, to: &detached, start: start.instant(in: timeZone), isNew: true, requiresDates: false, checking: nil, now: now)
        }
    }

    private func create(_ changes: EventChanges, now: Timestamp) throws(StoreError) -> EventOccurrence {
        let calendar: String
        if case .set(let named) = changes.calendarIdentifier {
            calendar = named
        } else {
            guard let chosen = try defaultCalendar(for: .event) else {
                throw .invalid(
                    ValidationError(
                        field: "calendarIdentifier", reason: .noCalendar, "no calendar takes new events: every event calendar is read-only"))
            }
            calendar = chosen.calendarIdentifier
        }
        var event = Event(
            eventIdentifier: Identifiers.make(), calendarIdentifier: calendar, title: "",
            start: ItemDateComponents(year: 1970, month: 1, day: 1), duration: 0, creationDate: now)
        return try apply(changes, to: &event, start: now, isNew: true, requiresDates: true, checking: nil, now: now)
    }

    private func update(
        _ event: inout Event, _ changes: EventChanges, start: Timestamp, checking lastModifiedDate: Timestamp?,
        now: Timestamp
    ) throws(StoreError) -> EventOccurrence {
        try apply(changes, to: &event, start: start, isNew: false, requiresDates: false, checking: lastModifiedDate, now: now)
    }

    /// Applies `changes` to `event` (whose occurrence in question starts at `start`), checks and
    /// stages it: as new when `isNew` (a new event, a detached occurrence, a series split off),
    /// with dates required only of a new event.
    private func apply(
        _ changes: EventChanges, to event: inout Event, start: Timestamp, isNew: Bool, requiresDates: Bool,
        checking lastModifiedDate: Timestamp?, now: Timestamp
    ) throws(StoreError) -> EventOccurrence {
        let before = EventOccurrence(event: event, start: event.start, occurrenceStart: event.start)
        let end = requiresDates ? start : before.endDate(in: timeZone).advanced(by: event.isAllDay ? 1000 : 0)
        do throws(ValidationError) {
            try changes.apply(to: &event, start: start, end: end, isNew: requiresDates, zone: timeZone, makeIdentifier: Identifiers.make)
            try rules.validate(event)
        } catch {
            throw .invalid(error)
        }
        if case .set(let calendar) = changes.calendarIdentifier { event.calendarIdentifier = calendar }
        if case .clear = changes.calendarIdentifier {
            throw .invalid(ValidationError(field: "calendarIdentifier", reason: .noCalendar, "an event must belong to a calendar"))
        }
        try requireWritable(event, over: isNew ? nil : before.event)
        event.lastModifiedDate = isNew ? now : max(now, event.lastModifiedDate.advanced(by: 1))
        let moved = !event.isDetached && !before.event.recurrenceRules.isEmpty && event.start != before.event.start
        if moved { event.exceptionDates = before.event.movedExceptionDates(to: event.start) }
        stageEvent(event, isNew: isNew, checking: lastModifiedDate)
        if moved, !isNew {
            // Its occurrences changed on their own name their place in the moved series.
            for var detached in try visibleDetachedOccurrences(of: event.eventIdentifier) {
                guard let key = detached.originalOccurrence else { continue }
                detached.originalOccurrence = before.event.movedOccurrenceKey(key, to: event.start)
                stageEvent(detached, isNew: false)
            }
        }
        let occurrenceStart = event.isDetached ? Self.originalStart(of: event) : event.start
        return EventOccurrence(event: event, start: event.start, occurrenceStart: occurrenceStart)
    }

    /// `futureEvents` on a later occurrence: the series ends before it, and a new series (a new
    /// identifier) starts from it with the changes — taking the rest of a count along, and the
    /// removed and detached occurrences from there on.
    private func split(
        _ series: inout Event, at start: ItemDateComponents, _ changes: EventChanges, checking lastModifiedDate: Timestamp?,
        now: Timestamp
    ) throws(StoreError) -> EventOccurrence {
        guard let rule = series.recurrenceRules.first else { throw .notFound(kind: "occurrence", identifier: series.eventIdentifier) }
        let splitKey = Event.occurrenceKey(start)
        let before = series.occurrenceCount(before: splitKey, in: timeZone)
        var future = series
        future.eventIdentifier = Identifiers.make()
        future.calendarItemExternalIdentifier = future.eventIdentifier
        future.start = start
        future.creationDate = now
        future.alarms = series.alarms.map { Alarm(alarmIdentifier: Identifiers.make(), trigger: $0.trigger) }
        future.exceptionDates = series.exceptionDates.filter { $0 >= splitKey }
        var futureRule = rule
        if case .occurrenceCount(let count) = rule.recurrenceEnd { futureRule.recurrenceEnd = .occurrenceCount(max(1, count - before)) }
        future.recurrenceRules = [futureRule]
        var ended = rule
        ended.recurrenceEnd = .occurrenceCount(before)
        series.recurrenceRules = [ended]
        series.exceptionDates = series.exceptionDates.filter { $0 < splitKey }
        series.lastModifiedDate = max(now, series.lastModifiedDate.advanced(by: 1))
        let later = try visibleDetachedOccurrences(of: series.eventIdentifier).filter { ($0.originalOccurrence ?? 0) >= splitKey }
        stageEvent(series, isNew: false, checking: lastModifiedDate)
        let unmoved = future
        let saved = try apply(changes, to: &future, start: start.instant(in: timeZone), isNew: true, requiresDates: false, checking: nil, now: now)
        for var detached in later {
            detached.seriesIdentifier = saved.event.eventIdentifier
            // The new series may start elsewhere than the split did: its occurrences move with it.
            if let key = detached.originalOccurrence, unmoved.start != saved.event.start {
                detached.originalOccurrence = unmoved.movedOccurrenceKey(key, to: saved.event.start)
            }
            stageEvent(detached, isNew: false)
        }
        return saved
    }

    // MARK: Removing

    /// Removes an event; for an occurrence of a series, `thisEvent` removes just it (an exception
    /// date) and `futureEvents` ends the series before it (on its first occurrence: all of it).
    public func removeEvent(identifier: String, occurrenceDate: Timestamp?, span: EventSpan?, commit: Bool = true) throws(StoreError) {
        try staging(commit: commit) { () throws(StoreError) in
            try self.stageRemoval(identifier: identifier, occurrenceDate: occurrenceDate, span: span, now: self.clock())
        }
    }

    private func stageRemoval(identifier: String, occurrenceDate: Timestamp?, span: EventSpan?, now: Timestamp) throws(StoreError) {
        guard var event = try visibleEvent(identifier: identifier) else { throw .notFound(kind: "event", identifier: identifier) }
        try requireWritable(event.calendarIdentifier, field: "identifier", for: .event)
        if event.isDetached {
            guard span != .futureEvents else {
                throw .invalid(
                    ValidationError(
                        field: "span", reason: .invalidSpan, "a detached occurrence is one occurrence: futureEvents makes no sense for it"))
            }
            if let seriesIdentifier = event.seriesIdentifier, var series = try visibleEvent(identifier: seriesIdentifier),
                let key = event.originalOccurrence
            {
                series.exceptionDates.append(key)
                // The series changed (it lost an occurrence): a sync must see it as changed here.
                series.lastModifiedDate = max(now, series.lastModifiedDate.advanced(by: 1), event.lastModifiedDate.advanced(by: 1))
                stageEvent(series, isNew: false)
            }
            try stageEventRemoval(identifier)
            return
        }
        guard let occurrenceDate, let rule = event.recurrenceRules.first else {
            try stageEventRemoval(identifier)
            return
        }
        let detached = try self.detached(of: event, at: occurrenceDate)
        guard let start = detached.map({ Self.originalStart(of: $0) }) ?? event.occurrence(at: occurrenceDate, in: timeZone) else {
            throw .notFound(kind: "occurrence", identifier: "\(identifier) at \(occurrenceDate.rfc3339)")
        }
        let key = Event.occurrenceKey(start)
        switch span ?? .thisEvent {
        case .thisEvent:
            if let detached { try stageEventRemoval(detached.eventIdentifier) }
            event.exceptionDates.append(key)
        case .futureEvents:
            guard start != event.start else {
                try stageEventRemoval(identifier)
                return
            }
            var ended = rule
            ended.recurrenceEnd = .occurrenceCount(event.occurrenceCount(before: key, in: timeZone))
            event.recurrenceRules = [ended]
            for later in try visibleDetachedOccurrences(of: identifier) where (later.originalOccurrence ?? 0) >= key {
                try stageEventRemoval(later.eventIdentifier)
            }
        }
        event.lastModifiedDate = max(now, event.lastModifiedDate.advanced(by: 1))
        stageEvent(event, isNew: false)
    }

    // MARK: Occurrences

    private func detached(of series: Event, at occurrenceDate: Timestamp) throws(StoreError) -> Event? {
        try visibleDetachedOccurrences(of: series.eventIdentifier).first { Self.originalStart(of: $0).instant(in: timeZone) == occurrenceDate }
    }

    /// Where a detached occurrence was meant to start, from its key (the start read as UTC).
    static func originalStart(of event: Event) -> ItemDateComponents {
        guard let key = event.originalOccurrence else { return event.start }
        return event.occurrenceStart(forKey: key)
    }
}
