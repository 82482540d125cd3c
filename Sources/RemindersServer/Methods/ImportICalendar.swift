import JSONRPC
import RemindersInterchange
import RemindersModel

/// `importICalendar {text, calendarIdentifier?}` → `{imported, updated, unchanged, skipped}`.
enum ImportICalendar: MethodDeclaration {
    static let name = "importICalendar"
    static let summary = "Reads the VTODOs of an iCalendar text into a list (or its VEVENTs into an event calendar); a UID already in the store updates that item."
    static let access = Access.fullAccess
    static let effect = Effect.writes
    static let params: [ObjectRule.Property] = [
        .init("text", .string("iCalendar text (one or more VCALENDARs)."), required: true),
        .init("calendarIdentifier", CommonSchemas.identifier, description: "Where new reminders go (absent: the default list); an event calendar: where the events go."),
    ]
    static let result = CommonSchemas.result([
        ("imported", .integer(IntegerRule(minimum: 0))),
        ("updated", .integer(IntegerRule(minimum: 0))),
        ("unchanged", .integer(IntegerRule(minimum: 0))),
        ("skipped", .array(of: .object([
            .init("uid", .string(), description: "The item's UID, when it has one."),
            .init("line", .integer(IntegerRule(minimum: 1)), description: "Where the item (or the fault) starts in the text."),
            .init("message", .string(), required: true),
        ]))),
    ])
    static let errors: [MethodError] = [.notFound]

    /// Into an event calendar: access to events.
    static func entityType(of params: JSONValue?, session: Session) throws -> EntityType {
        try CalendarKind.of(identifier: params?["calendarIdentifier"]?.stringValue, madeFor: nil, session: session)
    }

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        let events = try context.session.eventStore()
        var report = ImportReport()
        try Importer(events: events, now: Timestamp.now())
            .run(try context.params.string("text"), into: try context.params.optionalString("calendarIdentifier"), report: &report)
        return resultObject { writer in
            writer.field("imported", report.imported)
            writer.field("updated", report.updated)
            writer.field("unchanged", report.unchanged)
            writer.key(static: "skipped")
            writer.beginArray()
            for item in report.skipped {
                writer.beginObject()
                if let uid = item.uid { writer.field("uid", uid) }
                if let line = item.line { writer.field("line", line) }
                writer.field("message", item.message)
                writer.endObject()
            }
            writer.endArray()
        }
    }
}
