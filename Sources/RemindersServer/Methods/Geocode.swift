import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore
import RemindersSyncHelper

extension Geocode: MethodHandler {
    public static let access = Access.anyStatus
    public static let effect = Effect.network

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Placemarks {
        let eventStore = try context.session.eventStore()
        let asked = try GeocoderHelper.ask(Geocode.self, params, eventStore, context)
        if let found = asked.placemarks, !found.isEmpty { return Placemarks(placemarks: found) }
        // A place of the person's own, by title: only from what this client may read.
        var readable: [EntityType] = []
        for entityType in EntityType.allCases where try context.session.authorizationStatus(entityType) == .fullAccess {
            readable.append(entityType)
        }
        let places = try eventStore.places(titled: params.address, readable: readable)
        if !places.isEmpty { return Placemarks(placemarks: places) }
        throw asked.failure("no place called \(params.address) is known")
    }
}
