import JSONRPC
import RemindersJSON
import RemindersModel

/// `saveCalendar {calendar}` → `{calendar}`: creates a list (no identifier) or changes one, at once.
public enum SaveCalendar: TypedMethod, MethodDeclaration {
    public static let name = "saveCalendar"
    static let summary = "Creates a reminder list or changes one (EKEventStore.saveCalendar(_:commit:)); saved at once."
    static let access = Access.fullAccess
    static let effect = Effect.writes
    static let errors: [MethodError] = [.notFound]

    public struct Params: MethodParams, Sendable {
        public static let properties: [ObjectRule.Property] = [.init("calendar", CalendarSchemas.calendarInput, required: true, subject: true)]
        public var calendar: CalendarChanges

        public init(calendar: CalendarChanges) { self.calendar = calendar }
        public init(_ params: Fields) throws(ResponseError) { calendar = try CalendarChanges(try params.object("calendar")) }
    }

    public struct Result: MethodResult, Sendable {
        public static let schema = CommonSchemas.result([("calendar", CalendarSchemas.calendar)])
        public var calendar: ItemCalendar

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key(static: "calendar")
            calendar.write(to: &writer)
            writer.endObject()
        }
    }

    static func entityType(of params: Params, session: Session) throws -> EntityType {
        try CalendarKind.of(identifier: params.calendar.calendarIdentifier, madeFor: params.calendar.entityType, session: session)
    }

    static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        Result(calendar: try context.session.eventStore().saveCalendar(params.calendar))
    }
}
