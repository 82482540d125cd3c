import RemindersModel

/// Events staged with `commit: false`: visible to this client's `event` reads (through the view
/// taken when they were tried), written by `commit` with what else is staged, forgotten by `reset`.
/// Fetches (`fetchEvents`) show committed events only, as EventKit's `events(matching:)` does.
extension EventStore {
    /// Runs an event change: with `commit`, after the events staged before it, then commits
    /// everything staged (reminders too); without, tries it on what is staged — refusing it as a
    /// commit would — notes what it made of the events it touched, rolls it back and stages it.
    func stage<T>(_ operation: EventStaging.Operation, commit: Bool, _ run: (Timestamp) throws(StoreError) -> T) throws(StoreError) -> T {
        let now = clock()
        var result: T?
        var made: [String] = []
        var view = StagedView()
        let outcome = try store.transaction { () throws(StoreError) -> TransactionOutcome in
            self.store.touchedEvents = []
            defer { self.store.touchedEvents = nil }
            try self.replayStagedEvents()
            self.identifiers.begin()
            result = try run(now)
            made = self.identifiers.made
            guard commit else {
                view = try self.view(of: self.store.touchedEvents ?? [])
                return .rollBack  // tried, not kept
            }
            for change in self.pending.all { try self.write(change) }
            return .commit
        }
        guard let result else { throw .cancelled }
        if outcome == .commit {
            pending.removeAll()
            stagedEvents.removeAll()
        } else {
            stagedEvents.staged.append(EventStaging.Staged(operation: operation, now: now, identifiers: made))
            stagedEvents.view = view
        }
        return result
    }

    /// The events `touched` as they stand now, with the detached occurrences of each series among them.
    private func view(of touched: Set<String>) throws(StoreError) -> StagedView {
        var view = StagedView()
        for identifier in touched { view.events[identifier] = .some(try store.event(identifier: identifier)) }
        let series = touched.union(view.events.values.compactMap { $0?.seriesIdentifier })
        for identifier in series { view.detached[identifier] = try store.detachedOccurrences(of: identifier) }
        return view
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

    /// An event as this client sees it: its own staged change of it, else the store's.
    func visibleEvent(identifier: String) throws(StoreError) -> Event? {
        if let staged = stagedEvents.view.events[identifier] { return staged }
        return try store.event(identifier: identifier)
    }

    /// A series' detached occurrences as this client sees them.
    func visibleDetachedOccurrences(of series: String) throws(StoreError) -> [Event] {
        if let staged = stagedEvents.view.detached[series] { return staged }
        return try store.detachedOccurrences(of: series)
    }
}
