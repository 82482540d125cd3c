import JSONRPC
import RemindersInterchange
import RemindersJSON
import RemindersModel

/// `exportICalendar {calendarIdentifiers?}` → `{text}`: one VCALENDAR with the lists' reminders
/// (VTODOs) and the named event calendars' events (VEVENTs).
enum ExportICalendar: TypedMethod, MethodDeclaration {
    static let name = "exportICalendar"
    static let summary = "The reminders of some lists (or of all) as VTODOs, and the events of the event calendars named as VEVENTs, in one iCalendar (RFC 5545) text."
    static let access = Access.fullAccess
    static let effect = Effect.reads
    static let errors: [MethodError] = [.notFound]

    struct Params: MethodParams {
        static let properties: [ObjectRule.Property] = [
            .init("calendarIdentifiers", .array(of: CommonSchemas.identifier), description: "Absent: every list."),
        ]
        /// Absent: every list.
        var calendarIdentifiers: [String]?

        init(_ params: Fields) throws(ResponseError) { calendarIdentifiers = try params.optionalStrings("calendarIdentifiers") }
    }

    struct Result: MethodResult {
        static let schema = CommonSchemas.result([("text", .string("A VCALENDAR: CRLF line ends, folded lines."))])
        var text: String
        func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("text", text)
            writer.endObject()
        }
    }

    /// Only event calendars named: access to events (else reminders', and events' too for those named).
    static func entityType(of params: Params, session: Session) throws -> EntityType {
        let named = params.calendarIdentifiers ?? []
        guard !named.isEmpty else { return .reminder }
        for identifier in named where try session.eventStore().store.calendar(identifier: identifier)?.entityType != .event { return .reminder }
        return .event
    }

    static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let eventStore = try context.session.eventStore()
        let calendars = params.calendarIdentifiers
        for (index, identifier) in (calendars ?? []).enumerated() where try eventStore.store.calendar(identifier: identifier) == nil {
            throw ResponseError.invalidParams("calendarIdentifiers[\(index)]: there is no list \(identifier)", field: "calendarIdentifiers[\(index)]")
        }
        if try (calendars ?? []).contains(where: { try eventStore.store.calendar(identifier: $0)?.entityType == .event }) {
            let status = try context.session.authorizationStatus(.event)
            guard status == .fullAccess else {
                throw ResponseError.notAuthorized(client: context.session.clientName, status: status, "exporting events needs full access to events")
            }
        }
        return Result(text: try Exporter.export(eventStore, calendars: calendars, now: Timestamp.now()))
    }
}
