import RemindersModel

/// Events staged with `commit: false`: visible to this client's `event` reads (through the view
/// taken when they were tried), written by `commit` with what else is staged, forgotten by `reset`.
/// Fetches (`fetchEvents`) show committed events only, as EventKit's `events(matching:)` does.
extension EventStore {
    /// Runs an event change: with `commit`, after the staged events not yet written, then writes
    /// the staged reminders (everything staged is then written); without, tries it on what is
    /// staged — refusing it as a commit would — notes what it made of the events it touched, rolls
    /// it back and stages it. Either way it enters the staged log (as written, when committed).
    func stage<T>(_ operation: StagedChanges.Operation, commit: Bool, _ run: (Timestamp) throws(StoreError) -> T) throws(StoreError) -> T {
        if commit, !inGroup { return try durably { () throws(StoreError) in try self.stage(operation, commit: true, run) }.get() }
        let now = clock()
        var result: T?
        var made: [String] = []
        var view = StagedView()
        let outcome = try store.transaction { () throws(StoreError) -> TransactionOutcome in
            self.store.touchedEvents = []
            defer { self.store.touchedEvents = nil }
            try self.replayUnwrittenEvents()
            self.identifiers.begin()
            result = try run(now)
            made = self.identifiers.made
            guard commit else {
                view = try self.view(of: self.store.touchedEvents ?? [])
                return .rollBack  // tried, not kept
            }
            for change in self.staged.reminderChanges { try self.write(change) }
            return .commit
        }
        guard let result else { throw .cancelled }
        staged.append(StagedChanges.Entry(operation: operation, now: now, identifiers: made))
        if outcome == .commit { staged.wroteAll() } else { staged.eventView = view }
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

    /// The staged event changes not yet written, again, in order, with the identifiers and time each had.
    func replayUnwrittenEvents() throws(StoreError) {
        for entry in staged.unwritten {
            identifiers.begin(replaying: entry.identifiers)
            switch entry.operation {
            case .saveEvent(let identifier, let occurrenceDate, let span, let changes, let lastModifiedDate):
                _ = try applySave(identifier: identifier, occurrenceDate: occurrenceDate, span: span, changes: changes,
                                  lastModifiedDate: lastModifiedDate, now: entry.now)
            case .removeEvent(let identifier, let occurrenceDate, let span):
                try applyRemove(identifier: identifier, occurrenceDate: occurrenceDate, span: span, now: entry.now)
            case .saveReminder, .removeReminder:
                continue
            }
        }
        identifiers.begin()
    }

    /// An event as this client sees it: its own staged change of it, else the store's.
    func visibleEvent(identifier: String) throws(StoreError) -> Event? {
        if let seen = staged.eventView.events[identifier] { return seen }
        return try store.event(identifier: identifier)
    }

    /// A series' detached occurrences as this client sees them.
    func visibleDetachedOccurrences(of series: String) throws(StoreError) -> [Event] {
        if let seen = staged.eventView.detached[series] { return seen }
        return try store.detachedOccurrences(of: series)
    }
}
