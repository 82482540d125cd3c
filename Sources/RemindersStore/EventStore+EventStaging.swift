import RemindersModel

/// Events staged with `commit: false`: kept as the values their changes left (`StagedChanges`),
/// seen by this client's `event` reads, written by `commit` with what else is staged, forgotten by
/// `reset`. Fetches (`fetchEvents`) show committed events only, as EventKit's `events(matching:)` does.
extension EventStore {
    /// An event as this client sees it: its own staged change of it, else the store's.
    func visibleEvent(identifier: String) throws(StoreError) -> Event? {
        if let change = staged.eventChange(identifier) { return change.value }
        return try store.event(identifier: identifier).flatMap { sees($0.calendarIdentifier, .event) ? $0 : nil }
    }

    /// A series' detached occurrences as this client sees them: the stored ones as it staged them,
    /// and the ones it made.
    func visibleDetachedOccurrences(of series: String) throws(StoreError) -> [Event] {
        var seen = Set<String>()
        var found: [Event] = []
        let candidates = try store.detachedOccurrences(of: series).map(\.eventIdentifier) + staged.stagedMembers(of: series).sorted()
        for identifier in candidates where seen.insert(identifier).inserted {
            if let event = try visibleEvent(identifier: identifier), event.seriesIdentifier == series { found.append(event) }
        }
        return found
    }

    /// Stages an event as a change left it. `checking`: the `lastModifiedDate` the client said it
    /// started from, checked again at commit against the stored event — unless the event was
    /// staged already, when the first staged change's check stands for them all.
    func stageEvent(_ event: Event, isNew: Bool, checking lastModifiedDate: Timestamp? = nil) {
        let earlier = staged.eventChange(event.eventIdentifier)
        staged.append(.event(.save(event, isNew: isNew, basedOn: earlier.map { $0.basedOn } ?? lastModifiedDate)))
    }

    /// Stages an event's removal, and with a series' the removal of its detached occurrences (the
    /// store removes them with it; this client's reads must not see them before).
    func stageEventRemoval(_ identifier: String, checking lastModifiedDate: Timestamp? = nil) throws(StoreError) {
        for occurrence in try visibleDetachedOccurrences(of: identifier) { try stageEventRemoval(occurrence.eventIdentifier) }
        let earlier = staged.eventChange(identifier)
        staged.append(.event(.remove(identifier: identifier, basedOn: earlier.map { $0.basedOn } ?? lastModifiedDate)))
    }

    /// Writes a staged event change (in a commit): refused with a conflict when the stored event
    /// changed since the change was checked against it, and as a save would be when its calendar
    /// became read-only or went, or its series went.
    func write(_ change: EventChange) throws(StoreError) {
        switch change {
        case .save(var event, let isNew, let basedOn):
            let stored = isNew ? nil : try store.event(identifier: event.eventIdentifier)
            try requireWritable(event, over: stored)
            if let series = event.seriesIdentifier, try store.event(identifier: series) == nil {
                throw .notFound(kind: "event", identifier: series)
            }
            if isNew {
                try store.insertEvent(event)
                return
            }
            guard let stored else { throw .notFound(kind: "event", identifier: event.eventIdentifier) }
            // Where it stays, `requireWritable(_:over:)` above said what may change there (a subscribed event's alarms).
            if stored.calendarIdentifier == event.calendarIdentifier {
                guard sees(stored.calendarIdentifier, .event) else { throw .notFound(kind: "event", identifier: stored.eventIdentifier) }
            } else {
                try requireReachable(stored: stored.calendarIdentifier, of: .event, identifier: stored.eventIdentifier)
            }
            try stored.requireUnchanged(since: basedOn)
            event.lastModifiedDate = stored.followingModification(event.lastModifiedDate)
            _ = try store.updateEvent(event)
        case .remove(let identifier, let basedOn):
            guard let stored = try store.event(identifier: identifier) else { return }  // already gone: the wish is met
            try requireReachable(stored: stored.calendarIdentifier, of: .event, identifier: identifier)
            try stored.requireUnchanged(since: basedOn)
            _ = try store.deleteEvent(identifier: identifier)
        }
    }
}
