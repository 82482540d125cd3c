import JSONRPC
import RemindersJSON
import RemindersModel

/// `calendars {entityType?}` → `{calendars}`. Write-only clients see the default list only.
public enum Calendars: TypedMethod, MethodDeclaration {
    public static let name = "calendars"
    static let summary = "The calendars of one kind: reminder lists, or event calendars (EKEventStore.calendars(for:))."
    static let access = Access.fullOrWriteOnly
    static let effect = Effect.reads
    static let errors: [MethodError] = [.invalidParams(.invalidEntityType)]

    public typealias Params = EntityTypeParams

    public struct Result: MethodResult, Sendable {
        public static let schema = CommonSchemas.result([("calendars", .array(of: CalendarSchemas.calendar))])
        public var calendars: [ItemCalendar]
        public init(calendars: [ItemCalendar]) { self.calendars = calendars }
        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key(static: "calendars")
            writer.beginArray()
            for calendar in calendars { calendar.write(to: &writer) }
            writer.endArray()
            writer.endObject()
        }
    }

    static func entityType(of params: Params, session: Session) throws -> EntityType { params.entityType }

    static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let entity = params.entityType
        let eventStore = try context.session.eventStore()
        let defaultCalendar = { () throws in entity == .event ? try eventStore.defaultCalendarForNewEvents() : try eventStore.defaultCalendarForNewReminders() }
        return Result(calendars: context.status == .writeOnly ? [try defaultCalendar()].compactMap { $0 } : try eventStore.calendars(for: entity))
    }
}
