import RemindersModel

/// The fields in which two versions of an item differ, by their protocol names — what an undo
/// refused for a later change names.
enum ItemDifference {
    static func fields(_ a: Reminder, _ b: Reminder) -> [String] {
        var fields: [String] = []
        func note(_ name: String, _ differs: Bool) { if differs { fields.append(name) } }
        note("title", a.title != b.title)
        note("notes", a.notes != b.notes)
        note("url", a.url != b.url)
        note("location", a.location != b.location)
        note("priority", a.priority != b.priority)
        note("startDateComponents", a.startDateComponents != b.startDateComponents)
        note("dueDateComponents", a.dueDateComponents != b.dueDateComponents)
        note("timeZone", a.timeZone != b.timeZone)
        note("isCompleted", a.isCompleted != b.isCompleted)
        note("completionDate", a.completionDate != b.completionDate)
        note("calendarIdentifier", a.calendarIdentifier != b.calendarIdentifier)
        note("alarms", a.alarms != b.alarms)
        note("recurrenceRules", a.recurrenceRules != b.recurrenceRules)
        note("isFlagged", a.isFlagged != b.isFlagged)
        note("parentIdentifier", a.parentIdentifier != b.parentIdentifier)
        note("tags", a.tags != b.tags)
        note("sortOrder", a.sortOrder != b.sortOrder)
        return fields
    }

    static func fields(_ a: Event, _ b: Event) -> [String] {
        var fields: [String] = []
        func note(_ name: String, _ differs: Bool) { if differs { fields.append(name) } }
        note("title", a.title != b.title)
        note("notes", a.notes != b.notes)
        note("url", a.url != b.url)
        note("structuredLocation", a.structuredLocation != b.structuredLocation)
        note("startDate", a.start != b.start)
        note("endDate", a.duration != b.duration)
        note("availability", a.availability != b.availability)
        note("status", a.status != b.status)
        note("calendarIdentifier", a.calendarIdentifier != b.calendarIdentifier)
        note("alarms", a.alarms != b.alarms)
        note("recurrenceRules", a.recurrenceRules != b.recurrenceRules)
        note("exceptionDates", a.exceptionDates != b.exceptionDates)
        return fields
    }

    static func fields(_ a: ItemCalendar, _ b: ItemCalendar) -> [String] {
        var fields: [String] = []
        if a.title != b.title { fields.append("title") }
        if a.color != b.color { fields.append("color") }
        if a.allowsContentModifications != b.allowsContentModifications { fields.append("allowsContentModifications") }
        return fields
    }
}
