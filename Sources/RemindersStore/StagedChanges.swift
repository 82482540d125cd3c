import RemindersModel

/// One client's changes made with `commit: false` — reminders' and events' alike — as the
/// operations they were, in the order they were made. Nobody else sees them until a commit
/// replays them into a transaction (`commit`, or a save with `commit: true`); they leave the log
/// only when that transaction is durable (`EventStore.durably`), so a commit that fails, however
/// late, leaves every one of them staged. `reset` or the end of the session forgets them.
///
/// A reminder's save holds the reminder as the save left it, so only its last one is written (a
/// reminder made and removed before any commit never reaches the store); an event's save or
/// removal holds what was asked (its span among it) and is replayed, with the identifiers and
/// time it had, as it was tried: a span's effects (a detached occurrence, a split series) come out
/// the same at every replay.
struct StagedChanges {
    enum Operation {
        /// `basedOn`: the `lastModifiedDate` the client said it started from (nil: last writer wins).
        case saveReminder(Reminder, isNew: Bool, basedOn: Timestamp?)
        case removeReminder(identifier: String, basedOn: Timestamp?)
        case saveEvent(identifier: String?, occurrenceDate: Timestamp?, span: EventSpan?, changes: EventChanges, lastModifiedDate: Timestamp?)
        case removeEvent(identifier: String, occurrenceDate: Timestamp?, span: EventSpan?)
    }

    struct Entry {
        var operation: Operation
        var now: Timestamp
        /// The identifiers an event operation made when it was tried, for its replays.
        var identifiers: [String] = []

        var isEvent: Bool {
            switch operation {
            case .saveEvent, .removeEvent: return true
            case .saveReminder, .removeReminder: return false
            }
        }
    }

    /// Where the log stood, to go back to when a group that wrote into it fails.
    struct Mark {
        fileprivate var count: Int
        fileprivate var written: Int
        fileprivate var eventView: StagedView
    }

    private(set) var log: [Entry] = []
    /// The first `written` entries were replayed into the running transaction by a commit inside
    /// it: they are not staged any more once it is durable, and staged again if it fails.
    private(set) var written = 0
    /// The reminders the entries after `written` touch, in the order first staged: where each
    /// one's last change is in the log, and whether its first made it (then it is new still).
    private var reminderIndex: [String: (last: Int, isNew: Bool)] = [:]
    private var reminderOrder: [String] = []
    /// What the event entries after `written` made of the events they touched, as the last one tried left them.
    var eventView = StagedView()

    /// Nothing staged that a commit would still write.
    var isEmpty: Bool { written == log.count }
    var hasReminders: Bool { !reminderOrder.isEmpty }
    var hasEvents: Bool { log[written...].contains { $0.isEvent } }

    /// The entries a commit would write, in order.
    var unwritten: ArraySlice<Entry> { log[written...] }

    /// The change standing for a reminder: its last, as a new one if its first made it.
    func reminderChange(_ identifier: String) -> ReminderChange? {
        guard let (last, isNew) = reminderIndex[identifier] else { return nil }
        switch log[last].operation {
        case .saveReminder(let reminder, _, let basedOn): return .save(reminder, isNew: isNew, basedOn: basedOn)
        case .removeReminder(let identifier, let basedOn): return .remove(identifier: identifier, basedOn: basedOn)
        case .saveEvent, .removeEvent: return nil
        }
    }

    /// Every reminder's change, in the order first staged: what a commit writes of them.
    var reminderChanges: [ReminderChange] { reminderOrder.compactMap(reminderChange) }

    mutating func append(_ entry: Entry) {
        log.append(entry)
        index(log.count - 1)
    }

    /// Notes the reminder entry at `position` as its reminder's last change.
    private mutating func index(_ position: Int) {
        switch log[position].operation {
        case .saveReminder(let reminder, let isNew, _):
            let identifier = reminder.calendarItemIdentifier
            if let known = reminderIndex[identifier] {
                // A reminder created and then changed again is still new.
                reminderIndex[identifier] = (position, known.isNew || isNew)
            } else {
                reminderIndex[identifier] = (position, isNew)
                reminderOrder.append(identifier)
            }
        case .removeReminder(let identifier, _):
            if let known = reminderIndex[identifier], known.isNew {
                // A reminder created and removed before any commit never reaches the store.
                reminderIndex[identifier] = nil
                reminderOrder.removeAll { $0 == identifier }
            } else {
                if reminderIndex[identifier] == nil { reminderOrder.append(identifier) }
                reminderIndex[identifier] = (position, false)
            }
        case .saveEvent, .removeEvent:
            break
        }
    }

    /// Indexes the reminder entries after `written` again (after the log changed under the index).
    private mutating func reindex() {
        reminderIndex = [:]
        reminderOrder = []
        for position in written..<log.count { index(position) }
    }

    /// A commit replayed everything staged into the running transaction.
    mutating func wroteAll() {
        written = log.count
        reminderIndex = [:]
        reminderOrder = []
        eventView = StagedView()
    }

    var mark: Mark { Mark(count: log.count, written: written, eventView: eventView) }

    /// The transaction the written entries went into is durable: they are staged no more.
    mutating func becameDurable() {
        guard written > 0 else { return }
        log.removeFirst(written)
        written = 0
        reindex()
    }

    /// The transaction failed: back to where the log stood at `mark`, whatever was written or staged since.
    mutating func restore(_ mark: Mark) {
        eventView = mark.eventView
        guard log.count != mark.count || written != mark.written else { return }  // nothing happened to the log
        log.removeSubrange(min(mark.count, log.count)...)
        written = mark.written
        reindex()
    }

    /// Forgets what is staged (what a commit in the running transaction wrote stays written).
    mutating func reset() {
        log.removeSubrange(written...)
        reindex()
        eventView = StagedView()
    }
}

/// A reminder's staged change, as a commit writes it and its client's reads see it.
enum ReminderChange {
    case save(Reminder, isNew: Bool, basedOn: Timestamp?)
    case remove(identifier: String, basedOn: Timestamp?)

    var isNewSave: Bool { if case .save(_, true, _) = self { return true } else { return false } }
}

/// The events staged operations touched, as they left them: each one (nil: removed) and, for
/// every series among them, its detached occurrences.
struct StagedView {
    var events: [String: Event?] = [:]
    var detached: [String: [Event]] = [:]
}

/// Where the event code takes new identifiers from: fresh ones, or — replaying a staged
/// operation — the ones it made the first time.
final class IdentifierSource {
    private var replay: [String] = []
    private(set) var made: [String] = []

    func next() -> String {
        let identifier = replay.isEmpty ? Identifiers.make() : replay.removeFirst()
        made.append(identifier)
        return identifier
    }

    func begin(replaying identifiers: [String] = []) {
        replay = identifiers
        made = []
    }
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
