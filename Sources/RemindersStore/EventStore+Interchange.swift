import RemindersModel

/// Reminders that come from outside (an .ics file, a CalDAV server) written as they are.
extension EventStore {
    /// Writes `reminder` at once, with the calendar object it was read from (and the href of the
    /// member it was synced as, for a sync): a new reminder when
    /// `existing` is nil (it gets an identifier of the store's), else over that version of the
    /// stored one (whose identifier it keeps; a conflict when it changed since). Unlike a client's save, the reminder is taken as given — completing a
    /// recurring one records no occurrence — but EventKit's rules and the subtask rules still hold.
    /// `requireWritable: false` is for sync, which writes into lists the server keeps read-only.
    /// `keepingCalendarObject`: the object kept for the sync (the base of its merges) is left as
    /// it is — for the CalDAV face, which keeps what an app wrote apart from it.
    public func writeInterchanged(
        _ reminder: Reminder, calendarObject: String?, syncedAs href: String? = nil, over existing: ItemVersion?,
        requireWritable: Bool = true, keepingCalendarObject: Bool = false
    ) throws(StoreError) -> Reminder {
        try store.write { () throws(StoreError) in
            var written = reminder
            // Someone may have changed it since the caller read it (sync reads, talks to the server, then writes).
            if let existing, let stored = try self.store.reminder(identifier: existing.identifier),
                stored.lastModifiedDate != existing.lastChange
            {
                throw .conflict(current: .reminder(stored))
            }
            if let existing {
                written.calendarItemIdentifier = existing.identifier
                written.lastModifiedDate = max(written.lastModifiedDate, existing.lastChange.advanced(by: 1))
            } else {
                written.calendarItemIdentifier = Identifiers.make()
            }
            if requireWritable {
                try self.requireWritable(written.calendarIdentifier, field: "calendarIdentifier")
            } else if let calendar = try self.store.calendar(identifier: written.calendarIdentifier) {
                guard calendar.entityType == .reminder else {
                    throw .invalid(
                        ValidationError(
                            field: "calendarIdentifier", reason: .calendarDoesNotAllowReminders,
                            "the calendar \"\(calendar.title)\" holds events"))
                }
            } else {
                throw .invalid(ValidationError(field: "calendarIdentifier", reason: .noCalendar, "there is no list \(written.calendarIdentifier)"))
            }
            do throws(ValidationError) { try self.rules.validate(written) } catch { throw .invalid(error) }
            if let parentIdentifier = written.parentIdentifier {
                // Any depth other clients nest to, in the same list, never a loop.
                guard let parent = try self.store.reminder(identifier: parentIdentifier), parent.calendarIdentifier == written.calendarIdentifier,
                    try !self.isDescendant(parentIdentifier, of: written.calendarItemIdentifier)
                else {
                    throw .invalid(ValidationError(field: "parentIdentifier", "\(parentIdentifier) cannot be this reminder's parent"))
                }
            }
            if existing == nil {
                try self.store.insertReminder(written)
            } else {
                _ = try self.store.updateReminder(written)
            }
            if !keepingCalendarObject {
                try self.store.sqlite { () throws(SQLiteError) in
                    try self.store.setCalendarObject(calendarObject, reminder: written.calendarItemIdentifier, syncedAs: href)
                }
            }
            return written
        }
    }
}

extension EventStore {
    /// Whether `identifier` is `ancestor` or one of its subtasks, at any depth (a reminder's
    /// parents are walked up: a chain a store keeps is short, and a loop is stopped).
    func isDescendant(_ identifier: String, of ancestor: String) throws(StoreError) -> Bool {
        var current: String? = identifier
        var seen = Set<String>()
        while let walking = current, seen.insert(walking).inserted {
            if walking == ancestor { return true }
            current = try store.reminder(identifier: walking)?.parentIdentifier
        }
        return current != nil
    }
}

extension EventStore {
    /// The list, when it exists and takes changes; the error names `field` otherwise.
    public func writableCalendar(
        _ identifier: String, field: String = "calendarIdentifier", for entityType: EntityType = .reminder
    ) throws(StoreError) -> ItemCalendar {
        try store.read { () throws(StoreError) in
            try self.requireWritable(identifier, field: field, for: entityType)
            guard let calendar = try self.store.calendar(identifier: identifier) else { throw .notFound(kind: "calendar", identifier: identifier) }
            return calendar
        }
    }
}

extension EventStore {
    /// Removes a reminder (and its subtasks) at once because it went from outside, unless it
    /// changed since `expected` was read.
    public func removeInterchanged(_ expected: ItemVersion) throws(StoreError) {
        try store.write { () throws(StoreError) in
            guard let stored = try self.store.reminder(identifier: expected.identifier) else { return }
            guard stored.lastModifiedDate == expected.lastChange else { throw .conflict(current: .reminder(stored)) }
            _ = try self.store.deleteReminder(identifier: expected.identifier)
        }
    }
}
