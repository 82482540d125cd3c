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
