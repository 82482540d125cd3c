import JSONRPC
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
        let asked = try GeocoderHelper.ask(eventStore, ["--address", params.address], context)
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

extension ReverseGeocode: MethodHandler {
    public static let access = Access.anyStatus
    public static let effect = Effect.network

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Placemarks {
        let location = params.location
        let asked = try GeocoderHelper.ask(
            try context.session.eventStore(), ["--latitude", String(location.latitude), "--longitude", String(location.longitude)], context)
        if let found = asked.placemarks, !found.isEmpty { return Placemarks(placemarks: found) }
        throw asked.failure("nothing is known at \(location.latitude), \(location.longitude)")
    }
}

/// The owner's geocoder, asked through remindersd-sync (the program that links the network stack).
enum GeocoderHelper {
    struct Asked {
        /// What the geocoder found; nil when there is none to ask or it could not be asked.
        var placemarks: [Placemark]?
        /// Why it could not be asked, in words for the person.
        var problem: String

        /// -32014 with Core Location's reason: `geocodeFoundNoResult` when a geocoder answered
        /// and found nothing, `network` when none could be asked (as a Mac offline says).
        func failure(_ what: String) -> ResponseError {
            let reason = placemarks == nil ? "network" : "geocodeFoundNoResult"
            return ResponseError(
                code: ResponseError.geocodeFailedCode, message: "\(what): \(problem)", data: .object(["reason": .string(reason)]))
        }
    }

    static func ask(_ eventStore: EventStore, _ query: [String], _ context: MethodContext) throws -> Asked {
        guard let url = try eventStore.geocoder() else {
            return Asked(placemarks: nil, problem: "no geocoder is set (the owner sets one with remindersd geocoder URL)")
        }
        let outcome = try SyncHelper.run(["geocode", "--url", url] + query, progress: { _, _ in }, isCancelled: context.isCancelled)
        if context.isCancelled() { throw ResponseError.requestCancelled }
        switch outcome.status {
        case 0:
            guard let answer = try? JSONParser.parse(outcome.output), let list = answer["placemarks"]?.arrayValue else {
                throw ResponseError.internalError("remindersd-sync geocode wrote no placemarks: \(outcome.errors.suffix(300))")
            }
            return Asked(placemarks: list.compactMap(Placemark.decode), problem: "the geocoder found nothing")
        case 4:
            let said = outcome.errors.split(separator: "\n").last.map(String.init) ?? "the geocoder cannot be reached"
            return Asked(placemarks: nil, problem: said.hasPrefix("remindersd: ") ? String(said.dropFirst(12)) : said)
        default:
            throw ResponseError.internalError("remindersd-sync geocode exited with status \(outcome.status): \(outcome.errors.suffix(300))")
        }
    }
}
