import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore

extension SaveEvent: MethodHandler {
    public static let access = Access.fullOrWriteOnly
    public static let entityType = EntityType.event
    public static let effect = Effect.stages
    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let save = params.event
        let session = context.session
        let eventStore = try session.eventStore()
        if context.status == .writeOnly {
            guard save.identifier == nil else {
                throw ResponseError.notAuthorized(
                    client: session.clientName, status: .writeOnly, entityType: .event, "write-only clients cannot change events, their own included")
            }
            if case .set(let calendar) = save.changes.calendarIdentifier,
                calendar != (try eventStore.defaultCalendarForNewEvents()?.calendarIdentifier)
            {
                throw ResponseError.notAuthorized(
                    client: session.clientName, status: .writeOnly, entityType: .event, "write-only clients can only add to the default calendar")
            }
        }
        let saved = try eventStore.saveEvent(
            identifier: save.identifier, occurrenceDate: save.occurrenceDate,
            span: params.span, changes: save.changes, lastModifiedDate: save.lastModifiedDate, commit: context.commit)
        return Result(event: saved, zone: eventStore.timeZone)
    }
}
