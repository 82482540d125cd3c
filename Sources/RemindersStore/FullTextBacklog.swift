/// Changes to the full-text index held back until the write transaction ends, kept in step with
/// the transaction's savepoints.
///
/// Why hold them back: once FTS5 has been written in a transaction, it flushes its pending terms
/// to a new segment at every savepoint and release — and the store opens a savepoint for each save
/// of a group commit, so writing the index as rows changed made a pipelined save cost twice as
/// much. Held back, the index is written once, when the outermost transaction commits.
///
/// A change may be applied early, when something must see the index as the rows are (a search,
/// or a delete whose trigger takes words out). Changes are applied in the order recorded, so the
/// applied ones are always the oldest. Rolling a savepoint back undoes in SQLite whatever was
/// applied since it opened: those changes are pending again, and the ones recorded since it
/// opened are forgotten with the rows they described.
struct FullTextBacklog {
    enum Change: Equatable {
        case add(row: Int64, title: String, notes: String?)
        case remove(row: Int64, title: String, notes: String?)
    }

    private(set) var changes: [Change] = []
    /// How many of the oldest changes are written to the index.
    private(set) var appliedCount = 0
    /// For each open savepoint, the two counts when it opened.
    private var marks: [(recorded: Int, applied: Int)] = []

    var hasPending: Bool { appliedCount < changes.count }

    mutating func record(_ change: Change) { changes.append(change) }

    mutating func savepointOpened() { marks.append((changes.count, appliedCount)) }

    /// What the savepoint recorded and applied now belongs to the level around it.
    mutating func savepointReleased() { marks.removeLast() }

    mutating func savepointRolledBack() {
        let mark = marks.removeLast()
        changes.removeSubrange(mark.recorded...)
        appliedCount = mark.applied
    }

    /// Writes every pending change, oldest first. A change is counted as applied only once written.
    mutating func apply<E: Error>(_ write: (Change) throws(E) -> Void) throws(E) {
        while appliedCount < changes.count {
            try write(changes[appliedCount])
            appliedCount += 1
        }
    }

    /// The outermost transaction ended, committed or not.
    mutating func removeAll() {
        changes.removeAll()
        appliedCount = 0
        marks.removeAll()
    }
}
