import Foundation

/// A series' occurrences in order, as RFC 5545 §3.8.5.3 makes its recurrence set: the first at the
/// series' anchor (DTSTART, or a reminder's DUE when it has no start), then what each rule makes
/// and the added dates (RDATE), merged, each once. Each rule is walked from its own last
/// occurrence, so an added date between two of its occurrences never moves the next one.
/// Removed and completed occurrences are the caller's to skip.
public struct OccurrenceWalk {
    private struct Cursor {
        /// The rule as it stands at `last` (a count counts `last` as its first).
        var rule: RecurrenceRule
        var last: ItemDateComponents
        /// Its next occurrence, worked out once.
        var next: ItemDateComponents??
    }

    private var cursors: [Cursor]
    private var added: [ItemDateComponents]
    private let zone: TimeZone
    public private(set) var current: ItemDateComponents

    /// `zone`: the reader's, where a floating or all-day occurrence meets an end that is an instant.
    public init(anchor: ItemDateComponents, rules: [RecurrenceRule], additionalDates: [ItemDateComponents], zone: TimeZone) {
        self.current = anchor
        self.zone = zone
        self.cursors = rules.map { Cursor(rule: $0, last: anchor, next: nil) }
        let key = anchor.occurrenceKey
        self.added = additionalDates.filter { $0.occurrenceKey > key }.sorted { $0.occurrenceKey < $1.occurrenceKey }
    }

    /// The rules as they stand at the current occurrence: each count less the occurrences of its
    /// own walked past (what a series begun at the current occurrence keeps).
    public var rules: [RecurrenceRule] { cursors.map(\.rule) }

    /// Moves to the next occurrence and returns it; nil once the series has ended.
    public mutating func next() -> ItemDateComponents? {
        for index in cursors.indices where cursors[index].next == nil {
            cursors[index].next = .some(cursors[index].rule.occurrence(after: cursors[index].last, in: zone))
        }
        let candidates = cursors.compactMap { $0.next ?? nil } + added.prefix(1)
        guard let soonest = candidates.min(by: { $0.occurrenceKey < $1.occurrenceKey }) else { return nil }
        let key = soonest.occurrenceKey
        for index in cursors.indices {
            guard let next = cursors[index].next ?? nil, next.occurrenceKey == key else { continue }
            cursors[index] = Cursor(rule: cursors[index].rule.advanced, last: next, next: nil)
        }
        while let first = added.first, first.occurrenceKey <= key { added.removeFirst() }
        current = soonest
        return soonest
    }

    /// Steps taken before a walk gives up on finding what it looks for: a rule whose occurrences
    /// are all removed or done would otherwise be walked for ever.
    public static let limit = 10_000
}
