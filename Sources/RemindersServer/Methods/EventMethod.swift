import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol

extension EventMethod: MethodHandler {
    public static let access = Access.fullAccess
    public static let entityType = EntityType.event
    public static let effect = Effect.reads

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let eventStore = try context.session.eventStore()
        return Result(event: try eventStore.event(identifier: params.identifier, occurrenceDate: params.occurrenceDate), zone: eventStore.timeZone)
    }
}
