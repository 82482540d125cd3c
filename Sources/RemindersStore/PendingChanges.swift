import RemindersModel

/// One client's changes made with `commit: false`, in the order they were made.
/// Nobody else sees them until `commit`; `reset` or the end of the session forgets them.
struct PendingChanges {
    enum Change {
        /// `basedOn` is the `lastModifiedDate` the client said it started from (nil = last writer wins).
        case save(Reminder, isNew: Bool, basedOn: Timestamp?)
        case remove(identifier: String, basedOn: Timestamp?)
    }

    private(set) var order: [String] = []
    private var changes: [String: Change] = [:]

    var isEmpty: Bool { order.isEmpty }
    var count: Int { order.count }

    subscript(identifier: String) -> Change? { changes[identifier] }

    /// Every change in order.
    var all: [Change] { order.compactMap { changes[$0] } }

    mutating func record(_ change: Change, for identifier: String) {
        if changes[identifier] == nil { order.append(identifier) }
        // A reminder created and removed before any commit never reaches the store.
        if case .remove = change, case .save(_, true, _)? = changes[identifier] {
            changes[identifier] = nil
            order.removeAll { $0 == identifier }
            return
        }
        // A reminder created and then changed again is still new.
        if case .save(let reminder, false, let basedOn) = change, case .save(_, true, _)? = changes[identifier] {
            changes[identifier] = .save(reminder, isNew: true, basedOn: basedOn)
            return
        }
        changes[identifier] = change
    }

    mutating func removeAll() {
        order.removeAll()
        changes.removeAll()
    }
}
