import JSONRPC
import RemindersInterchange
import RemindersJSON
import RemindersModel

/// `importICalendar {text, calendarIdentifier?}` → `{imported, updated, unchanged, skipped, notes}`.
enum ImportICalendar: MethodDeclaration {
    static let name = "importICalendar"
    static let summary = "Reads the VTODOs of an iCalendar text into a list (or its VEVENTs into an event calendar); a UID already in the store updates that item."
    static let access = Access.fullAccess
    static let effect = Effect.writes
    static let params: [ObjectRule.Property] = [
        .init("text", .string("iCalendar text (one or more VCALENDARs)."), required: true),
        .init("calendarIdentifier", CommonSchemas.identifier, description: "Where new reminders go (absent: the default list); an event calendar: where the events go."),
    ]
    static let item = JSONSchema.object([
        .init("uid", .string(), description: "The item's UID, when it has one."),
        .init("line", .integer(IntegerRule(minimum: 1)), description: "Where the item (or the fault) starts in the text."),
        .init("message", .string(), required: true),
    ])
    static let result = CommonSchemas.result([
        ("imported", .integer(IntegerRule(minimum: 0))),
        ("updated", .integer(IntegerRule(minimum: 0))),
        ("unchanged", .integer(IntegerRule(minimum: 0))),
        ("skipped", .array(of: item, description: "Items not imported, and why.")),
        ("notes", .array(of: item, description: "Items imported, but not quite as the file has them: what differs.")),
    ])
    static let errors: [MethodError] = [.notFound]

    /// Into an event calendar: access to events.
    static func entityType(of params: JSONValue?, session: Session) throws -> EntityType {
        try CalendarKind.of(identifier: params?["calendarIdentifier"]?.stringValue, madeFor: nil, session: session)
    }

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        let eventStore = try context.session.eventStore()
        var report = ImportReport()
        try Importer(eventStore: eventStore, now: Timestamp.now())
            .run(try context.params.string("text"), into: try context.params.optionalString("calendarIdentifier"), report: &report)
        return resultObject { writer in
            writer.field("imported", report.imported)
            writer.field("updated", report.updated)
            writer.field("unchanged", report.unchanged)
            for (key, items) in [("skipped", report.skipped), ("notes", report.notes)] {
                writer.key(key)
                writer.beginArray()
                for item in items {
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
}
