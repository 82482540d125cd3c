import RemindersJSON
import RemindersModel
import RemindersStore

/// A list (or event calendar) named on the command line: by identifier, or by title (ignoring
/// case) when that names one — lists first, so that an event calendar's title never shadows a list's.
enum ListArgument {
    static func calendar(_ text: String, in eventStore: EventStore) throws -> ItemCalendar {
        let lists = try eventStore.calendars(for: .reminder)
        if lists.contains(where: { $0.calendarIdentifier == text || $0.title.lowercased() == text.lowercased() }) { return try pick(text, in: lists) }
        return try pick(text, in: lists + eventStore.calendars(for: .event))
    }

    private static func pick(_ text: String, in calendars: [ItemCalendar]) throws -> ItemCalendar {
        if let exact = calendars.first(where: { $0.calendarIdentifier == text }) { return exact }
        let titled = calendars.filter { $0.title.lowercased() == text.lowercased() }
        switch titled.count {
        case 1: return titled[0]
        case 0:
            throw CommandFailure("no list \"\(text)\"; the lists are: " + calendars.map { "\"\($0.title)\"" }.joined(separator: ", "))
        default:
            throw CommandFailure(
                "\(titled.count) lists are titled \"\(text)\"; name one by identifier: "
                    + titled.map(\.calendarIdentifier).joined(separator: ", "))
        }
    }
}
