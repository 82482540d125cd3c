import RemindersModel
import RemindersStore

/// A list named on the command line: by identifier, or by title (ignoring case) when that names one list.
enum ListArgument {
    static func calendar(_ text: String, in store: ReminderStore) throws -> ReminderCalendar {
        let calendars = try store.calendars()
        if let exact = calendars.first(where: { $0.calendarIdentifier == text }) { return exact }
        let titled = calendars.filter { $0.title.lowercased() == text.lowercased() }
        switch titled.count {
        case 1: return titled[0]
        case 0:
            throw CommandFailure("no list \"\(text)\"; the lists are: " + calendars.map { "\"\($0.title)\"" }.joined(separator: ", "))
        default:
            throw CommandFailure("\(titled.count) lists are titled \"\(text)\"; name one by identifier: "
                                 + titled.map(\.calendarIdentifier).joined(separator: ", "))
        }
    }
}
