import RemindersModel

/// Subtasks, as the Reminders app has them: always in their parent's list; they move with their
/// parent and go when it goes. Completing a parent leaves them as they are. One made here is one
/// level deep; deeper ones come from other clients (Nextcloud Tasks, tasks.org and jtx Board nest
/// further) and are kept as they are.
extension EventStore {
    /// Checks where `reminder` (just changed by `changes`) sits in its family, and puts a subtask
    /// into its parent's list when the save did not name one. `before` is the reminder as it was:
    /// a parent set here must be one level deep, one kept from elsewhere is left as it is.
    func checkFamily(of reminder: inout Reminder, before: Reminder?, changes: ReminderChanges) throws(StoreError) {
        let identifier = reminder.calendarItemIdentifier
        guard let parentIdentifier = reminder.parentIdentifier else { return }
        func refuse(_ field: String, _ message: String) -> StoreError { .invalid(ValidationError(field: field, message)) }
        guard let parent = try self.reminder(identifier: parentIdentifier) else {
            throw refuse("parentIdentifier", "there is no reminder \(parentIdentifier) to be a subtask of")
        }
        if before?.parentIdentifier != parentIdentifier {
            guard parentIdentifier != identifier else { throw refuse("parentIdentifier", "a reminder cannot be its own subtask") }
            guard parent.parentIdentifier == nil else {
                throw refuse("parentIdentifier", "\(parentIdentifier) is itself a subtask, and subtasks have no subtasks of their own")
            }
            if try !subtasks(of: identifier).isEmpty {
                throw refuse("parentIdentifier", "a reminder with subtasks cannot become a subtask")
            }
        }
        switch changes.calendarIdentifier {
        case .set(let list) where list != parent.calendarIdentifier:
            throw refuse("calendarIdentifier", "a subtask is in its parent's list (\(parent.calendarIdentifier)); move the parent instead")
        default:
            reminder.calendarIdentifier = parent.calendarIdentifier
        }
    }

    /// A parent that moved to another list takes its subtasks (and theirs) along, in the same commit.
    func carrySubtasks(of reminder: Reminder, from oldList: String) throws(StoreError) {
        guard reminder.calendarIdentifier != oldList else { return }
        for var subtask in try subtasks(of: reminder.calendarItemIdentifier) {
            subtask.calendarIdentifier = reminder.calendarIdentifier
            subtask.lastModifiedDate = max(clock(), subtask.lastModifiedDate.advanced(by: 1))
            stageReminder(.save(subtask, isNew: staged.reminderChange(subtask.calendarItemIdentifier)?.isNewSave == true, basedOn: nil))
            try carrySubtasks(of: subtask, from: oldList)
        }
    }

    /// A parent being removed takes its subtasks (and theirs) with it, in the same commit.
    func removeSubtasks(of identifier: String) throws(StoreError) {
        for subtask in try subtasks(of: identifier) {
            try removeSubtasks(of: subtask.calendarItemIdentifier)
            stageReminder(.remove(identifier: subtask.calendarItemIdentifier, basedOn: nil))
        }
    }

    /// The subtasks of a reminder as this client sees them: stored ones with this client's staged
    /// changes applied, and staged new ones.
    func subtasks(of identifier: String) throws(StoreError) -> [Reminder] {
        var found: [Reminder] = []
        for stored in try store.subtasks(of: identifier) where staged.reminderChange(stored.calendarItemIdentifier) == nil {
            found.append(stored)
        }
        for case .save(let reminder, _, _) in staged.reminderChanges where reminder.parentIdentifier == identifier {
            found.append(reminder)
        }
        return found
    }
}
