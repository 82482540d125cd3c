import RemindersModel

/// What a save stored: the reminder and, when it completed an occurrence of a series, the record of it.
public struct SaveResult: Equatable, Sendable {
    public var reminder: Reminder
    public var completedOccurrence: Reminder?
}

/// Saving, removing, committing and resetting reminders.
extension EventStore {
    /// Creates (no identifier) or updates a reminder. With `lastModifiedDate`, fails with a conflict
    /// when the stored reminder changed since then; without, the last writer wins.
    public func saveReminder(
        identifier: String?, changes: ReminderChanges, lastModifiedDate: Timestamp? = nil,
        commit: Bool
    ) throws(StoreError) -> Reminder {
        try save(identifier: identifier, changes: changes, lastModifiedDate: lastModifiedDate, commit: commit).reminder
    }

    /// Like `saveReminder`, also saying what completing a recurring reminder recorded: when the save
    /// completes an occurrence of a series, the reminder moves on to the next occurrence (same
    /// identifier, still incomplete) and a new completed reminder records the finished one.
    /// `alarmAtDueTime`: a person's front end asks that a reminder made, or given a due date, with
    /// a time rings then, and that a due date removed takes its relative alarms along.
    public func save(
        identifier: String?, changes: ReminderChanges, lastModifiedDate: Timestamp? = nil,
        alarmAtDueTime: Bool = false, commit: Bool
    ) throws(StoreError) -> SaveResult {
        try staging(commit: commit) { () throws(StoreError) in
            let now = self.clock()
            var reminder: Reminder
            let isNew = identifier == nil
            if let identifier {
                reminder = try self.current(identifier, lastModifiedDate: lastModifiedDate)
                try self.requireWritable(reminder.calendarIdentifier, field: "calendarIdentifier")
            } else {
                reminder = Reminder(calendarItemIdentifier: Identifiers.make(), calendarIdentifier: "", title: "", creationDate: now)
                guard let list = try self.defaultCalendar(for: .reminder) else {
                    throw .invalid(
                        ValidationError(
                            field: "calendarIdentifier", reason: .noCalendar,
                            "no list takes new reminders: every list is read-only; name a list, or create one with saveCalendar"))
                }
                reminder.calendarIdentifier = list.calendarIdentifier
            }
            let before = isNew ? nil : reminder
            let wasCompleted = reminder.isCompleted
            do throws(ValidationError) {
                try reminder.apply(changes, now: now, makeIdentifier: Identifiers.make)
                if let before { reminder = reminder.followingDates(of: before) }
                if alarmAtDueTime, isNew || !changes.dueDateComponents.isKeep {
                    reminder.dropAlarmsMeasuredFromDueDate()
                    reminder.ringAtDueTime(makeIdentifier: Identifiers.make)
                }
                try self.rules.validate(reminder)
            } catch {
                throw .invalid(error)
            }
            try self.checkFamily(of: &reminder, before: before, changes: changes)
            try self.requireWritable(reminder.calendarIdentifier, field: "calendarIdentifier")
            // Strictly later than the version it replaces, so two quick edits never share a stamp.
            reminder.lastModifiedDate = isNew ? now : max(now, reminder.lastModifiedDate.advanced(by: 1))
            var record: Reminder?
            if !isNew, !wasCompleted, reminder.isCompleted, reminder.hasRecurrenceRules {
                let split = reminder.completingOccurrence(in: self.timeZone, newIdentifier: Identifiers.make)
                reminder = split.advanced
                record = split.record
            }
            self.stageReminder(.save(reminder, isNew: isNew, basedOn: lastModifiedDate))
            if let before { try self.carrySubtasks(of: reminder, from: before.calendarIdentifier) }
            if let record { self.stageReminder(.save(record, isNew: true, basedOn: nil)) }
            return SaveResult(reminder: reminder, completedOccurrence: record)
        }
    }

    public func removeReminder(identifier: String, lastModifiedDate: Timestamp? = nil, commit: Bool) throws(StoreError) {
        try staging(commit: commit) { () throws(StoreError) in
            let reminder = try self.current(identifier, lastModifiedDate: lastModifiedDate)
            try self.requireWritable(reminder.calendarIdentifier, field: "identifier")
            try self.removeSubtasks(of: identifier)
            self.stageReminder(.remove(identifier: identifier, basedOn: lastModifiedDate))
        }
    }

    /// The reminder's alarms as read and the one added, in one transaction: an alarm another
    /// program adds meanwhile is never written over.
    public func addAlarm(
        _ alarm: AlarmDraft, toReminder identifier: String, lastModifiedDate: Timestamp? = nil,
        commit: Bool
    ) throws(StoreError) -> Reminder {
        try staging(commit: commit) { () throws(StoreError) in
            let existing = try self.current(identifier, lastModifiedDate: lastModifiedDate)
            do throws(ValidationError) {
                try Alarm(alarmIdentifier: alarm.alarmIdentifier ?? "", trigger: alarm.trigger)
                    .validate(hasDueDate: existing.dueDateComponents != nil)
            } catch {
                throw .invalid(error.prefixed("alarm"))
            }
            if let wanted = alarm.alarmIdentifier, existing.alarms.contains(where: { $0.alarmIdentifier == wanted }) == true {
                throw .invalid(ValidationError(field: "alarm.alarmIdentifier", "the reminder already has an alarm \(wanted)"))
            }
            var changes = ReminderChanges()
            let drafts = existing.alarms.map { AlarmDraft(alarmIdentifier: $0.alarmIdentifier, trigger: $0.trigger) }
            changes.alarms = .set(drafts + [alarm])
            return try self.saveReminder(identifier: identifier, changes: changes, lastModifiedDate: lastModifiedDate, commit: false)
        }
    }

    public func removeAlarm(
        _ alarmIdentifier: String, fromReminder identifier: String, lastModifiedDate: Timestamp? = nil,
        commit: Bool
    ) throws(StoreError) -> Reminder {
        try staging(commit: commit) { () throws(StoreError) in
            let existing = try self.current(identifier, lastModifiedDate: lastModifiedDate)
            guard existing.alarms.contains(where: { $0.alarmIdentifier == alarmIdentifier }) else {
                throw .notFound(kind: "alarm", identifier: alarmIdentifier)
            }
            var changes = ReminderChanges()
            changes.alarms = .set(
                existing.alarms.filter { $0.alarmIdentifier != alarmIdentifier }
                    .map { AlarmDraft(alarmIdentifier: $0.alarmIdentifier, trigger: $0.trigger) })
            return try self.saveReminder(identifier: identifier, changes: changes, lastModifiedDate: lastModifiedDate, commit: false)
        }
    }

    /// Writes every staged change in one transaction — the group's, inside one (`durably`). On a
    /// conflict or any other failure nothing is written and the staged changes stay, for the
    /// client to retry or `reset`.
    public func commit() throws(StoreError) {
        guard !staged.isEmpty else { return }
        guard inGroup else { return try durably { () throws(StoreError) in try self.commit() }.get() }
        // What one commit writes is one thing done: one undo undoes it all.
        try store.write { () throws(StoreError) in
            try self.store.asOneUndoGroup { () throws(StoreError) in
                for change in self.staged.reminderChanges { try self.write(change) }
                for change in self.staged.eventChanges { try self.write(change) }
            }
        }
        staged.wroteAll()
    }

    /// Forgets every staged change.
    public func reset() {
        staged.reset()
    }

    // MARK: Internals

    func stageReminder(_ change: ReminderChange) {
        staged.append(.reminder(change))
    }

    /// Stages a change; with `commit`, commits everything staged. A change that fails, or whose
    /// commit fails, is not staged.
    func staging<T>(commit: Bool, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        if commit, !inGroup { return try durably { () throws(StoreError) in try self.staging(commit: true, body) }.get() }
        let mark = staged.mark
        do throws(StoreError) {
            guard commit else { return try store.read(body) }
            return try store.write { () throws(StoreError) in
                let result = try body()
                try self.commit()
                return result
            }
        } catch {
            staged.restore(mark)
            throw error
        }
    }

    /// The reminder as this client sees it, refusing when `lastModifiedDate` no longer matches the store.
    private func current(_ identifier: String, lastModifiedDate: Timestamp?) throws(StoreError) -> Reminder {
        let stored = try store.reminder(identifier: identifier).flatMap { self.sees($0.calendarIdentifier) ? $0 : nil }
        if let lastModifiedDate, let stored, stored.lastModifiedDate != lastModifiedDate { throw .conflict(current: .reminder(stored)) }
        switch staged.reminderChange(identifier) {
        case .save(let reminder, _, _)?: return reminder
        case .remove?: throw .notFound(kind: "reminder", identifier: identifier)
        case nil:
            guard let stored else { throw .notFound(kind: "reminder", identifier: identifier) }
            return stored
        }
    }

    func requireWritable(_ calendarIdentifier: String, field: String, for entityType: EntityType = .reminder) throws(StoreError) {
        // One outside the client's lists is refused in the very words one that does not exist is,
        // whatever it holds: the answer tells a hidden list from none in nothing.
        guard let calendar = try store.calendar(identifier: calendarIdentifier), sees(calendarIdentifier, calendar.entityType) else {
            throw .invalid(
                ValidationError(
                    field: field, reason: .noCalendar, "there is no \(entityType == .reminder ? "list" : "calendar") \(calendarIdentifier)"))
        }
        try requireInScope(calendar, field: field)
        guard calendar.entityType == entityType else {
            throw .invalid(
                ValidationError(
                    field: field, reason: entityType == .reminder ? .calendarDoesNotAllowReminders : .calendarDoesNotAllowEvents,
                    "the calendar \"\(calendar.title)\" holds \(calendar.entityType.rawValue)s"))
        }
        guard calendar.allowsContentModifications else {
            let noun = calendar.entityType == .event ? "calendar" : "list"
            let why = calendar.type == .subscription ? ": it is subscribed to, and what it holds comes from its feed" : ""
            throw .invalid(ValidationError(field: field, reason: .calendarReadOnly, "the \(noun) \"\(calendar.title)\" is read-only\(why)"))
        }
    }

    func write(_ change: ReminderChange) throws(StoreError) {
        switch change {
        case .save(var reminder, let isNew, let basedOn):
            try requireWritable(reminder.calendarIdentifier, field: "calendarIdentifier")
            // Its parent may have gone since this change was staged.
            if let parent = reminder.parentIdentifier, try store.reminder(identifier: parent) == nil {
                throw .invalid(ValidationError(field: "parentIdentifier", "there is no reminder \(parent) to be a subtask of any more"))
            }
            if isNew {
                try store.insertReminder(reminder)
                return
            }
            guard let stored = try store.reminder(identifier: reminder.calendarItemIdentifier) else {
                throw .notFound(kind: "reminder", identifier: reminder.calendarItemIdentifier)
            }
            try requireReachable(stored: stored.calendarIdentifier, of: .reminder, identifier: stored.calendarItemIdentifier)
            try stored.requireUnchanged(since: basedOn)
            reminder.lastModifiedDate = stored.followingModification(reminder.lastModifiedDate)
            _ = try store.updateReminder(reminder)
        case .remove(let identifier, let basedOn):
            guard let stored = try store.reminder(identifier: identifier) else { return }  // already gone: the wish is met
            try requireReachable(stored: stored.calendarIdentifier, of: .reminder, identifier: identifier)
            try stored.requireUnchanged(since: basedOn)
            _ = try store.deleteReminder(identifier: identifier)
        }
    }
}
