import RemindersModel

/// Undoing a change of an event, as `Undo` undoes a reminder's: a made one is removed, a changed
/// one gets back what it was, a removed one comes back with its identifier, alarms, calendar
/// object, sync link and detached occurrences.
extension CalendarStore {
    /// Refuses when the event is no longer what the change left (see `requireUnchangedSince`).
    func requireEventUnchanged(since change: ItemChange, next: Int64?, latest: Int64?) throws(StoreError) {
        let now = try event(identifier: change.itemIdentifier)
        if change.action == .removed {
            guard now == nil else {
                throw .invalid(
                    ValidationError(field: "changeIdentifier", "the event \(change.itemIdentifier) is there again; there is nothing to restore"))
            }
            return
        }
        guard let now else { throw gone(change) }
        guard let next, let latest else { return }
        guard let left = try sqlite({ () throws(SQLiteError) in try self.copiedEvent(madeBy: next) }) else { return }
        let fields = ItemDifference.fields(left, now)
        if !fields.isEmpty { throw .changedSince(kind: "event", identifier: change.itemIdentifier, fields: fields, change: String(latest)) }
    }

    func removeAgain(event identifier: String) throws(StoreError) {
        guard try event(identifier: identifier) != nil else { return }
        _ = try deleteEvent(identifier: identifier)
    }

    /// Writes back what an event was, as a new version of it.
    func putBack(_ before: Event) throws(StoreError) {
        guard let now = try event(identifier: before.eventIdentifier) else {
            throw .invalid(ValidationError(field: "changeIdentifier", "the event \(before.eventIdentifier) was removed since; restore it first"))
        }
        var event = before
        try requireHome(of: event)
        event.lastModifiedDate = max(clock(), now.lastModifiedDate.advanced(by: 1))
        _ = try updateEvent(event)
    }

    /// A restored event's calendar must still be there, and a detached occurrence's series.
    private func requireHome(of event: Event) throws(StoreError) {
        guard let calendar = try calendar(identifier: event.calendarIdentifier), calendar.entityType == .event else {
            throw .invalid(
                ValidationError(
                    field: "changeIdentifier",
                    "the calendar \(event.calendarIdentifier) that \"\(event.title)\" was in no longer exists; restore the calendar first"))
        }
        if let series = event.seriesIdentifier, try self.event(identifier: series) == nil {
            throw .invalid(
                ValidationError(field: "changeIdentifier", "the series \(series) that \"\(event.title)\" was an occurrence of no longer exists"))
        }
    }

    /// Puts back the event change `id` removed, and the detached occurrences removed with it.
    /// `syncLink`: link it again to its item on the server, which has not been told of the removal
    /// yet (a calendar restored with its collection brings its items' links itself).
    func restoreEvent(removedBy id: Int64, syncLink: Bool = true) throws(StoreError) {
        guard var event = try sqlite({ () throws(SQLiteError) in try self.copiedEvent(madeBy: id) }) else { throw missingCopy(id) }
        guard try self.event(identifier: event.eventIdentifier) == nil else { return }
        try requireHome(of: event)
        event.lastModifiedDate = max(clock(), event.lastModifiedDate.advanced(by: 1))
        let outer = history.restoring
        history.restoring = true
        try insertEvent(event)
        history.restoring = outer
        try sqlite { () throws(SQLiteError) in
            try self.database.run(
                "INSERT OR REPLACE INTO event_icalendar (event, text) SELECT identifier, icalendar FROM change_events WHERE change = ? AND icalendar IS NOT NULL",
                .integer(id))
            if syncLink {
                try self.database.run(
                    """
                    UPDATE sync_items SET event = ? WHERE event IS NULL
                        AND calendar = (SELECT sync_calendar FROM change_events WHERE change = ?)
                        AND href = (SELECT sync_href FROM change_events WHERE change = ?)
                    """, .text(event.eventIdentifier), .integer(id), .integer(id))
            }
        }
        let restored = try sqlite { () throws(SQLiteError) in try self.database.scalar("SELECT max(id) FROM changes")?.integer ?? 0 }
        let outerPart = history.partOf
        history.partOf = restored
        defer { history.partOf = outerPart }
        for part in try parts(of: id) { try restoreEvent(removedBy: part, syncLink: syncLink) }
    }
}
