import JSONRPC
import RemindersInterchange
import RemindersJSON
import RemindersModel

/// `importICalendar {text, calendarIdentifier?}` → `{imported, updated, unchanged, skipped, notes}`.
enum ImportICalendar: TypedMethod, MethodDeclaration {
    static let name = "importICalendar"
    static let summary = "Reads the VTODOs of an iCalendar text into a list (or its VEVENTs into an event calendar); a UID already in the store updates that item."
    static let access = Access.fullAccess
    static let effect = Effect.writes
    static let errors: [MethodError] = [.notFound]

    struct Params: MethodParams {
        static let properties: [ObjectRule.Property] = [
            .init("text", .string("iCalendar text (one or more VCALENDARs)."), required: true),
            .init("calendarIdentifier", CommonSchemas.identifier, description: "Where new reminders go (absent: the default list); an event calendar: where the events go."),
        ]
        var text: String
        var calendarIdentifier: String?

        init(_ params: Fields) throws(ResponseError) {
            text = try params.string("text")
            calendarIdentifier = try params.optionalString("calendarIdentifier")
        }
    }

    static let item = JSONSchema.object([
        .init("uid", .string(), description: "The item's UID, when it has one."),
        .init("line", .integer(IntegerRule(minimum: 1)), description: "Where the item (or the fault) starts in the text."),
        .init("message", .string(), required: true),
    ])

    struct Result: MethodResult {
        static let schema = CommonSchemas.result([
            ("imported", .integer(IntegerRule(minimum: 0))),
            ("updated", .integer(IntegerRule(minimum: 0))),
            ("unchanged", .integer(IntegerRule(minimum: 0))),
            ("skipped", .array(of: item, description: "Items not imported, and why.")),
            ("notes", .array(of: item, description: "Items imported, but not quite as the file has them: what differs.")),
        ])
        var report: ImportReport

        func write(to writer: inout JSONWriter) {
            writer.beginObject()
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
            writer.endObject()
        }
    }

    /// Into an event calendar: access to events.
    static func entityType(of params: Params, session: Session) throws -> EntityType {
        try CalendarKind.of(identifier: params.calendarIdentifier, madeFor: nil, session: session)
    }

    static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        var report = ImportReport()
        try Importer(eventStore: try context.session.eventStore(), now: Timestamp.now()).run(params.text, into: params.calendarIdentifier, report: &report)
        return Result(report: report)
    }
}
