import RemindersModel

/// Events read from iCalendar, written over the event of the same UID (keeping its identifier).
extension EventStore {
    public enum InterchangeOutcome: Sendable { case imported, updated, unchanged }

    /// `series` (with its `detached` occurrences, keys set) into `calendar`, or over the series
    /// whose external identifier is its UID, wherever it is.
    public func writeInterchangedEvent(_ series: Event, detached: [Event], into calendar: String) throws(StoreError) -> InterchangeOutcome {
        try store.write { () throws(StoreError) in
            let existing = try store.events(externalIdentifier: series.calendarItemExternalIdentifier).first
            var written = series
            written.calendarIdentifier = existing?.calendarIdentifier ?? calendar
            written.eventIdentifier = existing?.eventIdentifier ?? Identifiers.make()
            try requireWritable(written.calendarIdentifier, field: "calendarIdentifier", for: .event)
            let overrides = try prepared(&written, detached: detached)
            if let existing {
                let before = try store.detachedOccurrences(of: existing.eventIdentifier)
                if Self.same(existing, written), before.count == overrides.count, zip(before, overrides).allSatisfy({ Self.same($0, $1) }) {
                    return .unchanged
                }
            }
            try storeSeries(written, overrides: overrides, replacing: existing != nil)
            return existing == nil ? .imported : .updated
        }
    }

    /// The same event but for the identifiers the store gave.
    private static func same(_ a: Event, _ b: Event) -> Bool {
        var (x, y) = (a, b)
        (x.eventIdentifier, y.eventIdentifier) = ("", "")
        (x.seriesIdentifier, y.seriesIdentifier) = (x.seriesIdentifier == nil ? nil : "", y.seriesIdentifier == nil ? nil : "")
        x.calendarIdentifier = y.calendarIdentifier
        return x == y
    }
}
