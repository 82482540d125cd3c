import Foundation
import RemindersModel

/// The columns of `reminders`, declared once in one order: the SELECT list, the INSERT and
/// UPDATE statements, the values written and the row decoder all follow this list, so a column
/// is added here and nowhere else is kept in step by position.
enum ReminderColumn: Int32, TableColumns {
    static let table = "reminders"

    case id, identifier, externalIdentifier, calendar, title, notes, url, location, priority
    case startDate, dueDate, dueAt, dueWall, completed, completionDate, creationDate, lastModified
    case timeZone, recurrence, alarmCount, flagged, parent, tags, sortOrder, series, occurrenceKey

    var name: String {
        switch self {
        case .id: return "id"
        case .identifier: return "identifier"
        case .externalIdentifier: return "external_identifier"
        case .calendar: return "calendar"
        case .title: return "title"
        case .notes: return "notes"
        case .url: return "url"
        case .location: return "location"
        case .priority: return "priority"
        case .startDate: return "start_date"
        case .dueDate: return "due_date"
        case .dueAt: return "due_at"
        case .dueWall: return "due_wall"
        case .completed: return "completed"
        case .completionDate: return "completion_date"
        case .creationDate: return "creation_date"
        case .lastModified: return "last_modified"
        case .timeZone: return "time_zone"
        case .recurrence: return "recurrence"
        case .alarmCount: return "alarm_count"
        case .flagged: return "flagged"
        case .parent: return "parent"
        case .tags: return "tags"
        case .sortOrder: return "sort_order"
        case .series: return "series"
        case .occurrenceKey: return "occurrence_key"
        }
    }

    /// Every column, for SELECT.
    static let selectList = names(allCases)
    /// The columns a save writes: all but the row id.
    static let written = allCases.filter { $0 != .id }
    static let insertStatement = makeInsert(written)
    /// An update changes every written column but the identifier, by row id.
    static let updated = written.filter { $0 != .identifier }
    static let updateStatement = makeUpdate(updated)

    /// What `reminder` stores in this column. Due dates are kept twice beside their components:
    /// `due_at` (an instant) for dates with a time zone, `due_wall` (wall-clock seconds) for
    /// floating and all-day ones, so a fetch can narrow by index before placing floating dates.
    func value(of reminder: Reminder) -> SQLValue {
        switch self {
        case .id: return .null
        case .identifier: return .text(reminder.calendarItemIdentifier)
        case .externalIdentifier: return .text(reminder.calendarItemExternalIdentifier)
        case .calendar: return .text(reminder.calendarIdentifier)
        case .title: return .text(reminder.title)
        case .notes: return reminder.notes.sql
        case .url: return reminder.url.sql
        case .location: return reminder.location.sql
        case .priority: return .integer(Int64(reminder.priority))
        case .startDate: return (reminder.startDateComponents?.storageText).sql
        case .dueDate: return (reminder.dueDateComponents?.storageText).sql
        case .dueAt: return (reminder.dueDateComponents.flatMap { $0.isFloating ? nil : $0.instant(in: TimeZone.utc).milliseconds }).sql
        case .dueWall: return (reminder.dueDateComponents.flatMap { $0.isFloating ? $0.wallClockSeconds : nil }).sql
        case .completed: return .integer(reminder.isCompleted ? 1 : 0)
        case .completionDate: return (reminder.completionDate?.milliseconds).sql
        case .creationDate: return .integer(reminder.creationDate.milliseconds)
        case .lastModified: return .integer(reminder.lastModifiedDate.milliseconds)
        case .timeZone: return reminder.timeZone.sql
        case .recurrence:
            return reminder.recurrenceRules.isEmpty ? .null : .text(reminder.recurrenceRules.map(\.rrule).joined(separator: "\n"))
        case .alarmCount: return .integer(Int64(reminder.alarms.count))
        case .flagged: return .integer(reminder.isFlagged ? 1 : 0)
        case .parent: return reminder.parentIdentifier.sql
        // Tags hold no white space, so one line each; the tag table beside is for the index.
        case .tags: return reminder.tags.isEmpty ? .null : .text(reminder.tags.joined(separator: "\n"))
        case .sortOrder: return (reminder.sortOrder.map(Int64.init)).sql
        case .series: return reminder.series.storageText.sql
        // The occurrence the deliveries ledger keys its decisions by (see `AlarmDelivery.occurrence(of:)`).
        case .occurrenceKey: return .integer(AlarmDelivery.occurrence(of: reminder))
        }
    }
}
