import RemindersModel

/// Events staged with `commit: false`: visible to this client (its reads replay them in a
/// transaction rolled back afterwards), written by `commit` with what else is staged, forgotten by `reset`.
extension EventStore {
    /// Runs an event change: with `commit`, after the events staged before it, then commits
    /// everything staged (reminders too); without, tries it on what is staged — refusing it as a
    /// commit would — rolls it back and stages it.
    func stage<T>(_ operation: EventStaging.Operation, commit: Bool, _ run: (Timestamp) throws(StoreError) -> T) throws(StoreError) -> T {
        let now = clock()
        var result: T?
        var made: [String] = []
        do throws(StoreError) {
            try store.write { () throws(StoreError) in
                try self.replayStagedEvents()
                self.identifiers.begin()
                result = try run(now)
                made = self.identifiers.made
                guard commit else { throw StoreError.cancelled }  // tried, not kept
                for change in self.pending.all { try self.write(change) }
            }
        } catch {
            guard case .cancelled = error, !commit, result != nil else { throw error }
        }
        guard let result else { throw .cancelled }
        if commit {
            pending.removeAll()
            stagedEvents.staged.removeAll()
        } else {
            stagedEvents.staged.append(EventStaging.Staged(operation: operation, now: now, identifiers: made))
        }
        return result
    }

    /// Every staged event change again, in order, with the identifiers and time it had.
    func replayStagedEvents() throws(StoreError) {
        for staged in stagedEvents.staged {
            identifiers.begin(replaying: staged.identifiers)
            switch staged.operation {
            case .save(let identifier, let occurrenceDate, let span, let changes, let lastModifiedDate):
                _ = try applySave(identifier: identifier, occurrenceDate: occurrenceDate, span: span, changes: changes,
                                  lastModifiedDate: lastModifiedDate, now: staged.now)
            case .remove(let identifier, let occurrenceDate, let span):
                try applyRemove(identifier: identifier, occurrenceDate: occurrenceDate, span: span, now: staged.now)
            }
        }
        identifiers.begin()
    }

    /// `body` on the store as this client sees it: committed events, and its own staged changes.
    func readingStagedEvents<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        guard !stagedEvents.isEmpty else { return try store.read(body) }
        var result: T?
        do throws(StoreError) {
            try store.write { () throws(StoreError) in
                try self.replayStagedEvents()
                result = try body()
                throw StoreError.cancelled  // seen, not kept
            }
        } catch {
            guard case .cancelled = error, result != nil else { throw error }
        }
        guard let result else { throw .cancelled }
        return result
    }
}
