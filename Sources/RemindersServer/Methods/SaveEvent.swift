import JSONRPC
import RemindersJSON
import RemindersModel
import RemindersStore

/// `saveEvent {event, span?, commit?}` → `{event}`: creates an event (no eventIdentifier) or
/// changes one; on an occurrence of a recurring event, `span` says which (EKEventStore.save(_:span:commit:)).
enum SaveEvent: MethodDeclaration {
    static let name = "saveEvent"
    static let summary = "Creates an event (no eventIdentifier) or changes one, or occurrences of one (EKEventStore.save(_:span:commit:))."
    static let access = Access.fullOrWriteOnly
    static let entityType = EntityType.event
    static let effect = Effect.stages
    static let params: [ObjectRule.Property] = [
        .init(EventSchemas.member, EventSchemas.input, required: true, subject: true),
        .init("span", EventSchemas.span, description: "For an occurrence (occurrenceDate) of a recurring event; default thisEvent."),
    ]
    static let result = EventSchemas.eventResult
    static let errors: [MethodError] = [
        .invalidParams(.noCalendar, .calendarReadOnly, .calendarDoesNotAllowEvents, .noStartDate, .noEndDate, .datesInverted,
                       .durationGreaterThanRecurrence, .invalidSpan),
        .notFound, .conflict,
    ]

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        let save = try EventSave(try context.params.object(EventSchemas.member))
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
                                         span: try context.params.optionalEnum("span", EventSpan.self), changes: save.changes,
                                         lastModifiedDate: save.lastModifiedDate, commit: context.commit)
        return resultObject { writer in
            writer.key(static: "event")
            saved.write(to: &writer, zone: eventStore.timeZone)
        }
    }
}
