import RemindersJSONRPC
import RemindersInterchange
import RemindersJSON
import RemindersModel
import RemindersProtocol

extension ImportICalendar: MethodHandler {
    public static let access = Access.fullAccess
    public static let effect = Effect.writes
    /// Into an event calendar: access to events.
    public static func entityType(of params: Params, _ caller: Caller) throws -> EntityType {
        try CalendarKind.of(identifier: params.calendarIdentifier, madeFor: nil, session: caller.session)
    }

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        var report = ImportReport()
        try Importer(eventStore: try context.session.eventStore(), now: context.session.now).run(
            params.text, into: params.calendarIdentifier, report: &report)
        return Result(report: report)
    }
}
