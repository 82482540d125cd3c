import JSONRPC
import RemindersInterchange
import RemindersJSON
import RemindersModel

/// `exportICalendar {calendarIdentifiers?}` → `{text}`: one VCALENDAR with the lists' reminders
/// (VTODOs) and the named event calendars' events (VEVENTs).
enum ExportICalendar: MethodDeclaration {
    static let name = "exportICalendar"
    static let summary = "The reminders of some lists (or of all) as VTODOs, and the events of the event calendars named as VEVENTs, in one iCalendar (RFC 5545) text."
    static let access = Access.fullAccess
    static let effect = Effect.reads
    static let params: [ObjectRule.Property] = [
        .init("calendarIdentifiers", .array(of: CommonSchemas.identifier), description: "Absent: every list."),
    ]
    static let result = CommonSchemas.result([("text", .string("A VCALENDAR: CRLF line ends, folded lines."))])
    static let errors: [MethodError] = [.notFound]

    /// Only event calendars named: access to events (else reminders', and events' too for those named).
    static func entityType(of params: JSONValue?, session: Session) throws -> EntityType {
        let named = params?["calendarIdentifiers"]?.arrayValue?.compactMap(\.stringValue) ?? []
        guard !named.isEmpty else { return .reminder }
        for identifier in named where try session.eventStore().store.calendar(identifier: identifier)?.entityType != .event { return .reminder }
        return .event
    }

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        let eventStore = try context.session.eventStore()
        let calendars = try context.params.optionalArray("calendarIdentifiers")?.enumerated().map { (index, value) throws(ResponseError) in
            try Fields.string(value, path: "calendarIdentifiers[\(index)]")
        }
        for (index, identifier) in (calendars ?? []).enumerated() where try eventStore.store.calendar(identifier: identifier) == nil {
            throw ResponseError.invalidParams("calendarIdentifiers[\(index)]: there is no list \(identifier)", field: "calendarIdentifiers[\(index)]")
        }
        if try (calendars ?? []).contains(where: { try eventStore.store.calendar(identifier: $0)?.entityType == .event }) {
            let status = try context.session.authorizationStatus(.event)
            guard status == .fullAccess else {
                throw ResponseError.notAuthorized(client: context.session.clientName, status: status, "exporting events needs full access to events")
            }
        }
        let text = try Exporter.export(eventStore, calendars: calendars, now: Timestamp.now())
        return resultObject { writer in writer.field("text", text) }
    }
}
