import RemindersModel

/// One client's changes made with `commit: false` — reminders' and events' alike — as the values
/// they left, in the order they were made. Nobody else sees them until a commit writes them in one
/// transaction (`commit`, or a save with `commit: true`); they leave the log only when that
/// transaction is durable (`EventStore.durably`), so a commit that fails, however late, leaves
/// every one of them staged. `reset` or the end of the session forgets them.
///
/// An item's change holds the item as the change left it, so only its last one is written (an
/// item made and removed before any commit never reaches the store). What a span's change made
/// of an event series — a detached occurrence, a series split off, an exception date — is staged
/// as the values of each event it touched, so staging one more change costs the same however
/// much is staged, and a commit writes each touched event once.
struct StagedChanges {
    enum Entry {
        case reminder(ReminderChange)
        case event(EventChange)

        var identifier: String {
            switch self {
            case .reminder(let change): return change.identifier
            case .event(let change): return change.identifier
            }
        }
    }

    /// Where the log stood, to go back to when a group that wrote into it fails.
    struct Mark {
        fileprivate var count: Int
        fileprivate var written: Int
    }

    private(set) var log: [Entry] = []
    /// The first `written` entries were written into the running transaction by a commit inside
    /// it: they are not staged any more once it is durable, and staged again if it fails.
    private(set) var written = 0
    /// The items the entries after `written` touch: where each one's last change is in the log,
    /// and whether its first made it (then it is new still).
    private var latest: [String: (last: Int, isNew: Bool)] = [:]
    /// Those items in the order first staged, per kind: the order a commit writes them in.
    private var reminderOrder: [String] = []
    private var eventOrder: [String] = []
    /// The staged events that are (or were, at some change) detached occurrences of each series:
    /// the candidates for a series' staged occurrences, each checked against its latest value.
    private var seriesMembers: [String: Set<String>] = [:]

    /// Nothing staged that a commit would still write.
    var isEmpty: Bool { reminderOrder.isEmpty && eventOrder.isEmpty }
    var hasReminders: Bool { !reminderOrder.isEmpty }
    var hasEvents: Bool { !eventOrder.isEmpty }

    /// The change standing for a reminder: its last, as a new one if its first made it.
    func reminderChange(_ identifier: String) -> ReminderChange? {
        guard let (last, isNew) = latest[identifier], case .reminder(let change) = log[last] else { return nil }
        return change.asNew(isNew)
    }

    /// The change standing for an event, likewise.
    func eventChange(_ identifier: String) -> EventChange? {
        guard let (last, isNew) = latest[identifier], case .event(let change) = log[last] else { return nil }
        return change.asNew(isNew)
    }

    /// Every reminder's change, in the order first staged: what a commit writes of them.
    var reminderChanges: [ReminderChange] { reminderOrder.compactMap(reminderChange) }

    /// Every event's change in the order a commit writes them: removals, then series and single
    /// events, then detached occurrences (each after the series it belongs to, which may have
    /// been made after it was first staged, by a split).
    var eventChanges: [EventChange] {
        func rank(_ change: EventChange) -> Int {
            guard let event = change.value else { return 0 }
            return event.isDetached ? 2 : 1
        }
        return eventOrder.compactMap(eventChange).enumerated()
            .sorted { a, b in (rank(a.element), a.offset) < (rank(b.element), b.offset) }
            .map(\.element)
    }

    /// The staged events that may be detached occurrences of `series` (check each one's value).
    func stagedMembers(of series: String) -> Set<String> { seriesMembers[series] ?? [] }

    mutating func append(_ entry: Entry) {
        log.append(entry)
        index(log.count - 1)
    }

    /// Notes the entry at `position` as its item's last change.
    private mutating func index(_ position: Int) {
        let entry = log[position]
        let identifier = entry.identifier
        let isNewSave: Bool
        switch entry {
        case .reminder(let change): isNewSave = change.isNewSave
        case .event(let change):
            isNewSave = change.isNewSave
            if case .save(let event, _, _) = change, let series = event.seriesIdentifier { seriesMembers[series, default: []].insert(identifier) }
        }
        let isRemoval = entry.isRemoval
        if let known = latest[identifier] {
            if isRemoval, known.isNew {
                // An item created and removed before any commit never reaches the store.
                latest[identifier] = nil
                if case .reminder = entry { reminderOrder.removeAll { $0 == identifier } } else { eventOrder.removeAll { $0 == identifier } }
                return
            }
            // An item created and then changed again is still new.
            latest[identifier] = (position, known.isNew || isNewSave)
        } else {
            latest[identifier] = (position, isNewSave)
            if case .reminder = entry { reminderOrder.append(identifier) } else { eventOrder.append(identifier) }
        }
    }

    /// Indexes the entries after `written` again (after the log changed under the index).
    private mutating func reindex() {
        latest = [:]
        reminderOrder = []
        eventOrder = []
        seriesMembers = [:]
        for position in written..<log.count { index(position) }
    }

    /// A commit wrote everything staged into the running transaction.
    mutating func wroteAll() {
        written = log.count
        latest = [:]
        reminderOrder = []
        eventOrder = []
        seriesMembers = [:]
    }

    var mark: Mark { Mark(count: log.count, written: written) }

    /// The transaction the written entries went into is durable: they are staged no more.
    mutating func becameDurable() {
        guard written > 0 else { return }
        log.removeFirst(written)
        written = 0
        reindex()
    }

    /// The transaction failed: back to where the log stood at `mark`, whatever was written or staged since.
    mutating func restore(_ mark: Mark) {
        guard log.count != mark.count || written != mark.written else { return }  // nothing happened to the log
        log.removeSubrange(min(mark.count, log.count)...)
        written = mark.written
        reindex()
    }

    /// Forgets what is staged (what a commit in the running transaction wrote stays written).
    mutating func reset() {
        log.removeSubrange(written...)
        reindex()
    }
}

private extension StagedChanges.Entry {
    var isRemoval: Bool {
        switch self {
        case .reminder(.remove), .event(.remove): return true
        case .reminder(.save), .event(.save): return false
        }
    }
}

/// An item's staged change, as a commit writes it and its client's reads see it. `basedOn`: the
/// `lastModifiedDate` of the stored item the change started from, when the client asked for that
/// to be checked (nil: the last writer wins).
enum StagedItemChange<Item: StagedItem> {
    case save(Item, isNew: Bool, basedOn: Timestamp?)
    case remove(identifier: String, basedOn: Timestamp?)

    var identifier: String {
        switch self {
        case .save(let item, _, _): return item.stagedIdentifier
        case .remove(let identifier, _): return identifier
        }
    }

    var basedOn: Timestamp? {
        switch self {
        case .save(_, _, let basedOn), .remove(_, let basedOn): return basedOn
        }
    }

    var isNewSave: Bool { if case .save(_, true, _) = self { return true } else { return false } }

    /// The item's value after the change (nil: removed).
    var value: Item? { if case .save(let item, _, _) = self { return item } else { return nil } }

    fileprivate func asNew(_ isNew: Bool) -> Self {
        guard case .save(let item, _, let basedOn) = self else { return self }
        return .save(item, isNew: isNew, basedOn: basedOn)
    }
}

typealias ReminderChange = StagedItemChange<Reminder>
typealias EventChange = StagedItemChange<Event>

/// What the staged log keeps: an item with an identifier to key it by and a modification date a
/// commit checks it against.
protocol StagedItem {
    var stagedIdentifier: String { get }
    var lastModifiedDate: Timestamp { get }
    var asCalendarItem: AnyCalendarItem { get }
}

extension StagedItem {
    /// Refuses to write over this stored item when it changed since the staged change was checked
    /// against it (`basedOn`; nil: the last writer wins).
    func requireUnchanged(since basedOn: Timestamp?) throws(StoreError) {
        if let basedOn, lastModifiedDate != basedOn { throw .conflict(current: asCalendarItem) }
    }

    /// The date a staged change written over this stored item gets: its own, unless someone else
    /// committed since — then strictly later than them.
    func followingModification(_ staged: Timestamp) -> Timestamp { max(staged, lastModifiedDate.advanced(by: 1)) }
}

extension Reminder: StagedItem {
    var stagedIdentifier: String { calendarItemIdentifier }
    var asCalendarItem: AnyCalendarItem { .reminder(self) }
}

extension Event: StagedItem {
    var stagedIdentifier: String { eventIdentifier }
    var asCalendarItem: AnyCalendarItem { .event(self) }
}

/// How a group of requests ended (`EventStore.durably`): durable, or rolled back with why —
/// then nothing in it was written, and what was staged before it is staged still.
public enum GroupOutcome<Value> {
    case committed(Value)
    case rolledBack(StoreError)
}

extension GroupOutcome {
    /// The value, or the failure thrown.
    public func get() throws(StoreError) -> Value {
        switch self {
        case .committed(let value): return value
        case .rolledBack(let error): throw error
        }
    }
}
