import JSONRPC
import RemindersJSON
import RemindersModel
import RemindersStore

/// `removeEvent {identifier, occurrenceDate?, span?, commit?}` → `{}` (EKEventStore.remove(_:span:commit:)).
enum RemoveEvent: MethodDeclaration {
    static let name = "removeEvent"
    static let summary = "Removes an event, or occurrences of a recurring one: thisEvent that one, futureEvents it and those after (EKEventStore.remove(_:span:))."
    static let access = Access.fullAccess
    static let entityType = EntityType.event
    static let effect = Effect.stages
    static let params: [ObjectRule.Property] = [
        .init("identifier", CommonSchemas.identifier, required: true),
        .init("occurrenceDate", CommonSchemas.instant, description: "Which occurrence of a recurring event; absent: the whole event."),
        .init("span", EventSchemas.span, description: "Default thisEvent."),
    ]
    static let result = CommonSchemas.empty
    static let errors: [MethodError] = [.notFound, .invalidParams(.calendarReadOnly, .invalidSpan)]

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        try context.session.eventStore().removeEvent(identifier: try context.params.string("identifier"),
                                                 occurrenceDate: try context.params.optionalTimestamp("occurrenceDate"),
                                                 span: try context.params.optionalEnum("span", EventSpan.self), commit: context.commit)
        return resultObject { _ in }
    }
}
