import RemindersJSONRPC
import RemindersProtocol

extension ReverseGeocode: MethodHandler {
    public static let access = Access.anyStatus
    public static let effect = Effect.network

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Placemarks {
        let location = params.location
        let asked = try GeocoderHelper.ask(ReverseGeocode.self, params, try context.session.eventStore(), context)
        if let found = asked.placemarks, !found.isEmpty { return Placemarks(placemarks: found) }
        throw asked.failure("nothing is known at \(location.latitude), \(location.longitude)")
    }
}
