import Foundation
import JSONRPC
import RemindersJSON
import RemindersModel
import RemindersStore

/// `saveEvent {event, span?, commit?}` → `{event}`: creates an event (no eventIdentifier) or
/// changes one; on an occurrence of a recurring event, `span` says which (EKEventStore.save(_:span:commit:)).
public enum SaveEvent: TypedMethod, MethodDeclaration {
    public static let name = "saveEvent"
    static let summary = "Creates an event (no eventIdentifier) or changes one, or occurrences of one (EKEventStore.save(_:span:commit:))."
    static let access = Access.fullOrWriteOnly
    static let entityType = EntityType.event
    static let effect = Effect.stages
    static let errors: [MethodError] = [
        .invalidParams(.noCalendar, .calendarReadOnly, .calendarDoesNotAllowEvents, .noStartDate, .noEndDate, .datesInverted,
                       .durationGreaterThanRecurrence, .invalidSpan),
        .notFound, .conflict,
    ]

    public struct Params: MethodParams, Sendable {
        public static let properties: [ObjectRule.Property] = [
            .init(EventSchemas.member, EventSchemas.input, required: true, subject: true),
            .init("span", EventSchemas.span, description: "For an occurrence (occurrenceDate) of a recurring event; default thisEvent."),
        ]
        public var event: EventSave
        public var span: EventSpan?

        public init(event: EventSave, span: EventSpan? = nil) { (self.event, self.span) = (event, span) }

        public init(_ params: Fields) throws(ResponseError) {
            event = try EventSave(try params.object(EventSchemas.member))
            span = try params.optionalEnum("span", EventSpan.self)
        }
    }

    public struct Result: MethodResult, Sendable {
        public static let schema = EventSchemas.eventResult
        public var event: EventOccurrence
        /// The zone its dates are written in: the session's.
        public var zone: TimeZone

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key(static: "event")
            event.write(to: &writer, zone: zone)
            writer.endObject()
        }
    }

    static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let save = params.event
        let session = context.session
        let eventStore = try session.eventStore()
        if context.status == .writeOnly {
            guard save.identifier == nil else {
                throw ResponseError.notAuthorized(client: session.clientName, status: .writeOnly, "write-only clients cannot change events, their own included")
            }
            if case .set(let calendar) = save.changes.calendarIdentifier, calendar != (try eventStore.defaultCalendarForNewEvents()?.calendarIdentifier) {
                throw ResponseError.notAuthorized(client: session.clientName, status: .writeOnly, "write-only clients can only add to the default calendar")
            }
        }
        let saved = try eventStore.saveEvent(identifier: save.identifier, occurrenceDate: save.occurrenceDate,
                                             span: params.span, changes: save.changes, lastModifiedDate: save.lastModifiedDate, commit: context.commit)
        return Result(event: saved, zone: eventStore.timeZone)
    }
}
