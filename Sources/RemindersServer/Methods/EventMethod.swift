import Foundation
import JSONRPC
import RemindersJSON
import RemindersModel

/// `event {identifier, occurrenceDate?}` → `{event}` (null if none): EKEventStore.event(withIdentifier:).
enum EventMethod: TypedMethod, MethodDeclaration {
    static let name = "event"
    static let summary = "An event by identifier: its first occurrence, or the one at occurrenceDate; null if none (EKEventStore.event(withIdentifier:))."
    static let access = Access.fullAccess
    static let entityType = EntityType.event
    static let effect = Effect.reads

    struct Params: MethodParams {
        static let properties: [ObjectRule.Property] = [
            .init("identifier", CommonSchemas.identifier, required: true),
            .init("occurrenceDate", CommonSchemas.instant, description: "Which occurrence of a recurring event."),
        ]
        var identifier: String
        var occurrenceDate: Timestamp?

        init(_ params: Fields) throws(ResponseError) {
            identifier = try params.string("identifier")
            occurrenceDate = try params.optionalTimestamp("occurrenceDate")
        }
    }

    struct Result: MethodResult {
        static let schema = CommonSchemas.result([("event", .nullable(EventSchemas.event))])
        var event: EventOccurrence?
        var zone: TimeZone
        func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key(static: "event")
            if let event { event.write(to: &writer, zone: zone) } else { writer.null() }
            writer.endObject()
        }
    }

    static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let eventStore = try context.session.eventStore()
        return Result(event: try eventStore.event(identifier: params.identifier, occurrenceDate: params.occurrenceDate), zone: eventStore.timeZone)
    }
}
