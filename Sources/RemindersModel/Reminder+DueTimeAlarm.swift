/// Apple's Reminders app rings at the time a person gives a reminder, and a date taken away takes
/// its alarm along; EventKit leaves both to the program. remindersd's front ends for people (the
/// shell client, the MCP tools, the editors, the Python CLI) ask for them with `saveReminder`'s
/// `alarmAtDueTime`; EventKit's own calls never do.
extension Reminder {
    /// Adds an alarm at the due time (offset 0 from the due date, so it follows the date when it
    /// moves and each occurrence of a series rings) when the due date has a time and no time alarm
    /// rings already. A date without a time gets none, as in Apple's app; a location alarm is not a
    /// time and does not count.
    public mutating func ringAtDueTime(makeIdentifier: () -> String) {
        guard dueDateComponents?.hour != nil else { return }
        guard !alarms.contains(where: { $0.structuredLocation == nil }) else { return }
        alarms.append(Alarm(alarmIdentifier: makeIdentifier(), trigger: .relative(offset: 0)))
    }

    /// Without a due date the alarms measured from it could never ring: they go with the date.
    public mutating func dropAlarmsMeasuredFromDueDate() {
        guard dueDateComponents == nil else { return }
        alarms.removeAll { if case .relative = $0.trigger { true } else { false } }
    }
}
