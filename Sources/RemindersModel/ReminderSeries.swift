/// What a recurring reminder's series holds beyond EventKit's rules, as RFC 5545 and the
/// person's other clients write it: occurrences removed (EXDATE) and added (RDATE), occurrences
/// done or changed on their own elsewhere (an override with RECURRENCE-ID), and how this series
/// records that one of its occurrences was done. remindersd's own: EventKit's programs never see
/// it, but the reminder they see is the series' first open occurrence, and completing it moves on
/// to the next one the other clients would show.
///
/// Occurrences are named by their key (`ItemDateComponents.occurrenceKey` of where the series
/// placed them: their start, or their due date when the series has no start).
public struct ReminderSeries: Equatable, Sendable {
    /// How completing one occurrence is written down — each client's own form, kept.
    public enum CompletionForm: String, Sendable, CaseIterable {
        /// A completed copy of the occurrence, and the series moved on (Apple's Reminders, EventKit,
        /// tasks.org, remindersd's own).
        case completedCopy
        /// An override of the occurrence marked completed; the series stays where it began
        /// (Thunderbird, jtx Board, eM Client).
        case override
        /// The series' start moved on to the next occurrence, no copy (Evolution).
        case movedStart
    }

    /// One open occurrence changed on its own (an override neither completed nor cancelled): where
    /// it was moved and what it was renamed; with `thisAndFuture`, the move and the name hold for
    /// every later occurrence too (RANGE=THISANDFUTURE).
    public struct Change: Equatable, Sendable {
        public var start: ItemDateComponents?
        public var due: ItemDateComponents?
        public var title: String?
        public var thisAndFuture: Bool

        public init(start: ItemDateComponents? = nil, due: ItemDateComponents? = nil, title: String? = nil, thisAndFuture: Bool = false) {
            self.start = start; self.due = due; self.title = title; self.thisAndFuture = thisAndFuture
        }
    }

    public var form: CompletionForm
    /// `override` form only: the series' first occurrence (the master's DTSTART and DUE), from which
    /// its rules count. In the other forms the series begins at the reminder's own dates.
    public var start: ItemDateComponents?
    public var due: ItemDateComponents?
    /// The occurrence the reminder stands for, when that is not where its dates are (an override
    /// moved it); nil: the occurrence its dates name.
    public var occurrence: Int64?
    /// The series' own title, when the reminder shows its occurrence's.
    public var title: String?
    /// Keys of the occurrences removed from the series: EXDATE, or an override that cancels one.
    public var exceptionDates: Set<Int64>
    /// Occurrences the rules do not make (RDATE), in order.
    public var additionalDates: [ItemDateComponents]
    /// Occurrences done, by key, with when they were done (overrides marked completed).
    public var completed: [Int64: Timestamp]
    /// Open occurrences changed on their own, by key.
    public var changes: [Int64: Change]
    /// The key from which every occurrence is done or cancelled (an override of this and every
    /// later occurrence, RANGE=THISANDFUTURE).
    public var doneFrom: Int64?

    public init(form: CompletionForm = .completedCopy) {
        self.form = form
        self.exceptionDates = []
        self.additionalDates = []
        self.completed = [:]
        self.changes = [:]
    }

    /// Nothing beyond EventKit's own series: what a reminder made here has.
    public var isPlain: Bool { self == ReminderSeries() }

    /// Whether the occurrence `key` is one not to be done here: removed, or done elsewhere.
    public func isSkipped(_ key: Int64) -> Bool { completed[key] != nil || exceptionDates.contains(key) || isEnded(at: key) }

    /// Whether the series has no occurrence to do from `key` on.
    public func isEnded(at key: Int64) -> Bool { doneFrom.map { key >= $0 } ?? false }

    /// This series as one shown at the occurrence `key` needs it: what came before that occurrence
    /// done, removed or changed is left out (a daily task done for years elsewhere would otherwise
    /// carry every day it was done), but for the last change that holds from there on.
    public func pruned(before key: Int64) -> ReminderSeries {
        var kept = self
        kept.completed = completed.filter { $0.key >= key }
        kept.exceptionDates = exceptionDates.filter { $0 >= key }
        kept.additionalDates = additionalDates.filter { $0.occurrenceKey >= key }
        let lastFromHereOn = changes.filter { $0.key < key && $0.value.thisAndFuture }.max { $0.key < $1.key }?.key
        kept.changes = changes.filter { $0.key >= key || $0.key == lastFromHereOn }
        return kept
    }

    /// The change that holds for the occurrence `key`: its own, or the nearest earlier one that
    /// holds for every later occurrence.
    func change(at key: Int64) -> (key: Int64, change: Change)? {
        if let own = changes[key] { return (key, own) }
        return changes.filter { $0.key < key && $0.value.thisAndFuture }.max { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
