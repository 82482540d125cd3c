import RemindersJSONRPC
import RemindersJSON
import RemindersProtocol
import RemindersServer

/// `get_reminder {id}`: one reminder in full (`calendarItem`).
enum GetReminder: ToolDeclaration {
    typealias Method = CalendarItemMethod
    static let name = "get_reminder"
    static let title = "Get a reminder"
    static let detail = "`id` is a reminder's calendarItemIdentifier, as search_reminders gives it."

    typealias Input = ReminderIDInput

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> CalendarItemMethod.Result {
        let result = try call.call(CalendarItemMethod.self, IdentifierParams(identifier: input.id))
        guard case .reminder(_?) = result else { throw ToolFailure(field: "id", "no reminder has the identifier \(input.id)") }
        return result
    }

    static func text(_ result: CalendarItemMethod.Result, _ input: Input, _ call: ToolCall) -> String {
        guard case .reminder(let reminder?) = result else { return "" }
        var text = ReminderFields.line(reminder)
        if let notes = reminder.notes, !notes.isEmpty { text += "\nNotes: " + notes }
        return text
    }
}
