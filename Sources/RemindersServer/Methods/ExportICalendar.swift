import RemindersJSONRPC
import RemindersInterchange
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore

extension ExportICalendar: MethodHandler {
    public static let access = Access.fullAccess
    public static let effect = Effect.reads
    /// Only event calendars named: access to events (else reminders', and events' too for those named).
    public static func entityType(of params: Params, _ caller: Caller) throws -> EntityType {
        let session = caller.session
        let named = params.calendarIdentifiers ?? []
        guard !named.isEmpty else { return .reminder }
        return try session.eventStore().read { store throws(StoreError) in
            for identifier in named where try store.calendar(identifier: identifier)?.entityType != .event { return .reminder }
            return .event
        }
    }

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let eventStore = try context.session.eventStore()
        var calendars = params.calendarIdentifiers
        for (index, identifier) in (calendars ?? []).enumerated() where try eventStore.visibleCalendars([identifier]).isEmpty {
            throw ResponseError.invalidParams("calendarIdentifiers[\(index)]: there is no list \(identifier)", field: "calendarIdentifiers[\(index)]")
        }
        let named = calendars ?? []
        let namesEvents = try eventStore.read { store throws(StoreError) in
            for identifier in named where try store.calendar(identifier: identifier)?.entityType == .event { return true }
            return false
        }
        if namesEvents {
            let status = try context.session.authorizationStatus(.event)
            guard status == .fullAccess else {
                throw ResponseError.notAuthorized(
                    client: context.session.clientName, status: status, entityType: .event, "exporting events needs full access to events")
            }
        }
        // A client granted chosen lists exports those (of reminders, when it names none).
        if eventStore.isScoped, calendars == nil { calendars = try eventStore.calendars(for: .reminder).map(\.calendarIdentifier) }
        return Result(text: try Exporter.export(eventStore, calendars: calendars, now: context.session.now))
    }
}
