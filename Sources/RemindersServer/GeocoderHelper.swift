import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore
import RemindersSyncHelper

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
        let outcome = try SyncHelper.run(["geocode", "--url", url] + query, isCancelled: context.isCancelled)
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
