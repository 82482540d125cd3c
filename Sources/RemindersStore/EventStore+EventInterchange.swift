import RemindersModel

/// Events read from iCalendar, written over the event of the same UID (keeping its identifier).
extension EventStore {
    public enum InterchangeOutcome: Sendable { case imported, updated, unchanged }

    /// `series` (with its `detached` occurrences, keys set) into `calendar`, or over the series
    /// whose external identifier is its UID, wherever it is, keeping `calendarObject` beside it.
    /// When the file does not say when the series was made or last changed (`statesCreationDate`,
    /// `statesLastModified`), a series already here keeps its own dates; it is `unchanged` when
    /// `isUnchanged(stored, incoming)` says the series here is the one read — the caller compares
    /// as iCalendar holds them, with the object kept for it (importing the same text twice
    /// changes nothing).
    public func writeInterchangedEvent(
        _ series: Event, detached: [Event], calendarObject: String, statesCreationDate: Bool,
        statesLastModified: Bool, into calendar: String,
        isUnchanged: (_ stored: InterchangedSeries, _ incoming: InterchangedSeries) -> Bool
    ) throws(StoreError) -> InterchangeOutcome {
        try store.write { () throws(StoreError) in
            // One outside a client's scope does not exist for it: it is not written over.
            // Nor is one of a subscribed calendar, which only its feed writes: the file's copy goes where it is asked to.
            let existing = try store.events(externalIdentifier: series.calendarItemExternalIdentifier).first {
                !$0.isDetached && self.sees($0.calendarIdentifier, .event)
                    && (try? store.calendar(identifier: $0.calendarIdentifier))??.type != .subscription
            }
            let target = existing?.calendarIdentifier ?? calendar
            try requireWritable(target, field: "calendarIdentifier", for: .event)
            return try writeInterchanged(
                series, detached: detached, calendarObject: calendarObject, statesCreationDate: statesCreationDate,
                statesLastModified: statesLastModified, into: target, over: existing, isUnchanged: isUnchanged)
        }
    }

    /// The write both an import and a subscription's refresh make, once the series it goes over
    /// (`existing`, nil for a new one) is found and the calendar may take it.
    func writeInterchanged(
        _ series: Event, detached: [Event], calendarObject: String, statesCreationDate: Bool, statesLastModified: Bool,
        into calendar: String, over existing: Event?, isUnchanged: (_ stored: InterchangedSeries, _ incoming: InterchangedSeries) -> Bool
    ) throws(StoreError) -> InterchangeOutcome {
        var written = series
        written.calendarIdentifier = calendar
        written.eventIdentifier = existing?.eventIdentifier ?? Identifiers.make()
        var incoming = detached
        if let existing {
            let before = try store.detachedOccurrences(of: existing.eventIdentifier)
            if !statesCreationDate { written.creationDate = existing.creationDate }
            if !statesLastModified { written.lastModifiedDate = existing.lastModifiedDate }
            for index in incoming.indices {
                guard let kept = before.first(where: { $0.originalOccurrence == incoming[index].originalOccurrence }) else { continue }
                if !statesCreationDate { incoming[index].creationDate = kept.creationDate }
                if !statesLastModified { incoming[index].lastModifiedDate = kept.lastModifiedDate }
            }
            let overrides = try prepared(&written, detached: incoming)
            let stored = InterchangedSeries(
                series: existing, detached: before, calendarObject: try store.calendarObject(event: existing.eventIdentifier))
            if isUnchanged(stored, InterchangedSeries(series: written, detached: overrides, calendarObject: calendarObject)) { return .unchanged }
            if !statesLastModified { written.lastModifiedDate = max(clock(), existing.lastModifiedDate.advanced(by: 1)) }
            try storeSeries(written, overrides: try prepared(&written, detached: incoming), replacing: true)
            try store.setKeptCalendarObject(calendarObject, event: written.eventIdentifier)
            return .updated
        }
        try storeSeries(written, overrides: try prepared(&written, detached: incoming), replacing: false)
        try store.setKeptCalendarObject(calendarObject, event: written.eventIdentifier)
        return .imported
    }

    /// `series` (with its `detached` occurrences) as a client writes a whole calendar object — the
    /// CalDAV face's PUT: into `calendar`, which this client must be able to write, over the stored
    /// series `existing` names (keeping its identifier; a conflict when it changed since that
    /// version) or as a new series. The object kept for the sync, the base of its merges, is left
    /// as it is: the face keeps what the app wrote apart from it.
    public func writeClientEvent(_ series: Event, detached: [Event], into calendar: String, over existing: ItemVersion?) throws(StoreError)
        -> Event
    {
        try store.write { () throws(StoreError) in
            try requireWritable(calendar, field: "calendarIdentifier", for: .event)
            var written = series
            written.calendarIdentifier = calendar
            if let existing {
                guard let stored = try store.event(identifier: existing.identifier), stored.calendarIdentifier == calendar else {
                    throw .notFound(kind: "event", identifier: existing.identifier)
                }
                guard try store.lastChange(ofSeries: stored.eventIdentifier) == existing.lastChange else { throw .conflict(current: .event(stored)) }
                written.eventIdentifier = stored.eventIdentifier
                written.creationDate = stored.creationDate
                written.lastModifiedDate = max(clock(), existing.lastChange.advanced(by: 1))
            } else {
                written.eventIdentifier = Identifiers.make()
            }
            try storeSeries(written, overrides: try prepared(&written, detached: detached), replacing: existing != nil)
            return written
        }
    }
}

/// A series as an interchange compares it: with its detached occurrences (by the occurrence they
/// replace) and the calendar object kept beside it.
public struct InterchangedSeries: Sendable {
    public var series: Event
    public var detached: [Event]
    public var calendarObject: String?
}
