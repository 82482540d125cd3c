import JSONRPC
import RemindersInterchange
import RemindersModel

/// `exportICalendar {calendarIdentifiers?}` → `{text}`: one VCALENDAR with the lists' reminders.
enum ExportICalendar: MethodDeclaration {
    static let name = "exportICalendar"
    static let summary = "The reminders of some lists (or of all) as one iCalendar (RFC 5545) text of VTODOs."
    static let access = Access.fullAccess
    static let effect = Effect.reads
    static let params: [ObjectRule.Property] = [
        .init("calendarIdentifiers", .array(of: CommonSchemas.identifier), description: "Absent: every list."),
    ]
    static let result = CommonSchemas.result([("text", .string("A VCALENDAR: CRLF line ends, folded lines."))])
    static let errors: [MethodError] = [.notFound]

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        let events = try context.session.eventStore()
        let calendars = try context.params.optionalArray("calendarIdentifiers")?.enumerated().map { (index, value) throws(ResponseError) in
            try Fields.string(value, path: "calendarIdentifiers[\(index)]")
        }
        for (index, identifier) in (calendars ?? []).enumerated() where try events.store.calendar(identifier: identifier) == nil {
            throw ResponseError.invalidParams("calendarIdentifiers[\(index)]: there is no list \(identifier)", field: "calendarIdentifiers[\(index)]")
        }
        let text = try Exporter.export(events, calendars: calendars, now: Timestamp.now())
        return resultObject { writer in writer.field("text", text) }
    }
}
