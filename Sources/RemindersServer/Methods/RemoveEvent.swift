import JSONRPC
import RemindersJSON
import RemindersModel
import RemindersStore

/// `removeEvent {identifier, occurrenceDate?, span?, commit?}` → `{}` (EKEventStore.remove(_:span:commit:)).
enum RemoveEvent: TypedMethod, MethodDeclaration {
    static let name = "removeEvent"
    static let summary = "Removes an event, or occurrences of a recurring one: thisEvent that one, futureEvents it and those after (EKEventStore.remove(_:span:))."
    static let access = Access.fullAccess
    static let entityType = EntityType.event
    static let effect = Effect.stages
    static let errors: [MethodError] = [.notFound, .invalidParams(.calendarReadOnly, .invalidSpan)]

    struct Params: MethodParams {
        static let properties: [ObjectRule.Property] = [
            .init("identifier", CommonSchemas.identifier, required: true),
            .init("occurrenceDate", CommonSchemas.instant, description: "Which occurrence of a recurring event; absent: the whole event."),
            .init("span", EventSchemas.span, description: "Default thisEvent."),
        ]
        var identifier: String
        var occurrenceDate: Timestamp?
        var span: EventSpan?

        init(_ params: Fields) throws(ResponseError) {
            identifier = try params.string("identifier")
            occurrenceDate = try params.optionalTimestamp("occurrenceDate")
            span = try params.optionalEnum("span", EventSpan.self)
        }
    }

    typealias Result = EmptyResult

    static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        try context.session.eventStore().removeEvent(identifier: params.identifier, occurrenceDate: params.occurrenceDate, span: params.span,
                                                     commit: context.commit)
        return EmptyResult()
    }
}
