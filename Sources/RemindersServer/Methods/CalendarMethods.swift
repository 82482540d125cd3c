import JSONRPC
import RemindersModel

enum CalendarMethods {
    /// Write-only clients see the default list only.
    static func calendars(_ context: MethodContext) throws -> [UInt8] {
        try context.params.rejectUnknown(["entityType"])
        _ = try AuthorizationMethods.entityType(context.params)
        let events = try context.session.events()
        let calendars = context.status == .writeOnly ? [try events.defaultCalendarForNewReminders()].compactMap { $0 } : try events.calendars()
        return resultObject { writer in
            writer.key(static: "calendars")
            writer.beginArray()
            for calendar in calendars { calendar.write(to: &writer) }
            writer.endArray()
        }
    }

    static func defaultCalendar(_ context: MethodContext) throws -> [UInt8] {
        try context.params.rejectUnknown([])
        let calendar = try context.session.events().defaultCalendarForNewReminders()
        return resultObject { writer in
            writer.key(static: "calendar")
            if let calendar { calendar.write(to: &writer) } else { writer.null() }
        }
    }

    static func saveCalendar(_ context: MethodContext) throws -> [UInt8] {
        try context.params.rejectUnknown(["calendar"])
        let changes = try CalendarChanges(try context.params.object("calendar"))
        let calendar = try context.session.events().saveCalendar(changes)
        return resultObject { writer in
            writer.key(static: "calendar")
            calendar.write(to: &writer)
        }
    }

    static func removeCalendar(_ context: MethodContext) throws -> [UInt8] {
        try context.params.rejectUnknown(["calendarIdentifier"])
        try context.session.events().removeCalendar(identifier: try context.params.string("calendarIdentifier"))
        return emptyResult
    }
}
