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
            let reason: GeocodeFailureReason = placemarks == nil ? .network : .geocodeFoundNoResult
            return reason.error("\(what): \(problem)")
        }
    }

    /// `method` asked of the owner's geocoder through remindersd-sync; none set, or one that
    /// could not be asked (-32014 `network` from the helper), is a problem to tell, not an error.
    static func ask<M: RemindersMethod>(_ method: M.Type, _ params: M.Params, _ eventStore: EventStore, _ context: MethodContext) throws
        -> Asked
    where M.Result == Placemarks {
        guard let url = try eventStore.geocoder() else {
            return Asked(placemarks: nil, problem: "no geocoder is set (the owner sets one with remindersd geocoder URL)")
        }
        do {
            let found = try SyncHelper.geocode(method, params, geocoder: url, isCancelled: context.isCancelled)
            if context.isCancelled() { throw ResponseError.requestCancelled }
            return Asked(placemarks: found.placemarks, problem: "the geocoder found nothing")
        } catch let error as ResponseError where error.code == ResponseError.geocodeFailedCode {
            return Asked(placemarks: nil, problem: error.message)
        }
    }
}
