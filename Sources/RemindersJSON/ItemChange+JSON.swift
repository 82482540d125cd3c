import Foundation
import RemindersJSONRPC
import RemindersModel

extension ItemChange {
    /// `{changeIdentifier, date, client, program, account, action, kind, itemIdentifier, title,
    /// calendarIdentifier, fromCalendarIdentifier, undoes, partOf, undoGroup, before}`; `before` is a Reminder, a Calendar or an Event
    /// (its dates read in `zone`), or null.
    public func write(to writer: inout JSONWriter, zone: TimeZone) {
        writer.beginObject()
        writer.field("changeIdentifier", changeIdentifier)
        writer.field("date", date)
        writer.field("client", client)
        writer.field("program", program)
        writer.field("account", account)
        writer.field("action", action.rawValue)
        writer.field("kind", kind.rawValue)
        writer.field("itemIdentifier", itemIdentifier)
        writer.field("title", title)
        writer.field("calendarIdentifier", calendarIdentifier)
        writer.field("fromCalendarIdentifier", fromCalendarIdentifier)
        writer.field("undoes", undoes)
        writer.field("partOf", partOf)
        writer.field("undoGroup", undoGroup)
        writer.key(static: "before")
        switch before {
        case .reminder(let reminder)?: reminder.write(to: &writer)
        case .list(let list)?: list.write(to: &writer)
        case .event(let event)?: EventOccurrence(event: event, start: event.start, occurrenceStart: event.start).write(to: &writer, zone: zone)
        case nil: writer.null()
        }
        writer.endObject()
    }
}

extension ItemChange {
    /// A change as `write(to:zone:)` wrote it, an event's `before` read in the same `zone`.
    public init(reading fields: Fields, zone: TimeZone) throws(ResponseError) {
        let kind = try fields.enumValue("kind", Kind.self)
        let before: Before? = try fields.optionalObject("before").map { (nested) throws(ResponseError) in
            switch kind {
            case .reminder: return .reminder(try Reminder(reading: nested))
            case .list, .calendar: return .list(try ItemCalendar(reading: nested))
            case .event: return .event(try EventOccurrence(reading: nested, zone: zone).event)
            }
        }
        let identifier = try fields.string("changeIdentifier")
        self.init(
            changeIdentifier: identifier, date: try fields.timestamp("date"), client: try fields.string("client"),
            program: try fields.string("program"), account: try fields.optionalString("account"),
            action: try fields.enumValue("action", Action.self), kind: kind, itemIdentifier: try fields.string("itemIdentifier"),
            title: try fields.string("title"), calendarIdentifier: try fields.optionalString("calendarIdentifier"),
            undoes: try fields.optionalString("undoes"), partOf: try fields.optionalString("partOf"),
            undoGroup: try fields.optionalString("undoGroup"), fromCalendarIdentifier: try fields.optionalString("fromCalendarIdentifier"),
            before: before)
    }
}
