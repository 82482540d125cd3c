import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersLauncher
import RemindersModel
import RemindersProtocol
import Synchronization

/// What a geocoding request hears: the places found, or why none were.
public typealias CLGeocodeCompletionHandler = ([CLPlacemark]?, (any Error)?) -> Void

/// Addresses to places and places to addresses, as Apple's: asked of remindersd (its `geocode`
/// and `reverseGeocode`), which asks the geocoder the person set once for every program
/// (`remindersd geocoder URL`) or, without one, finds the places of their reminders and events
/// by title. Errors are `CLError`s: `.network` when no geocoder could be asked,
/// `.geocodeFoundNoResult` when nothing matched, `.geocodeCanceled` after `cancelGeocode()`.
/// Completion handlers run on the main queue, as Apple's do.
open class CLGeocoder: NSObject, @unchecked Sendable {  // open, so unchecked; its one state is under its Mutex
    private let running = Mutex<[ObjectIdentifier: RemindersdProgram.Call]>([:])

    public override init() { super.init() }

    /// Whether a request is under way.
    open var isGeocoding: Bool { running.withLock { !$0.isEmpty } }

    /// Stops the requests under way; each hears `CLError.geocodeCanceled`.
    open func cancelGeocode() {
        for call in running.withLock({ Array($0.values) }) { call.cancel() }
    }

    open func geocodeAddressString(_ addressString: String, completionHandler: @escaping CLGeocodeCompletionHandler) {
        complete(completionHandler) { try self.geocode(addressString) }
    }

    open func geocodeAddressString(_ addressString: String) async throws -> [CLPlacemark] {
        try await answer { try self.geocode(addressString) }
    }

    /// With a region the places are looked for in: those in it come first.
    open func geocodeAddressString(_ addressString: String, in region: CLRegion?, completionHandler: @escaping CLGeocodeCompletionHandler) {
        complete(completionHandler) { Self.ordered(try self.geocode(addressString), by: region) }
    }

    open func geocodeAddressString(_ addressString: String, in region: CLRegion?) async throws -> [CLPlacemark] {
        try await answer { Self.ordered(try self.geocode(addressString), by: region) }
    }

    /// The locale is the geocoder's to honour; remindersd's answers come in its own language.
    open func geocodeAddressString(
        _ addressString: String, in region: CLRegion?, preferredLocale locale: Locale?, completionHandler: @escaping CLGeocodeCompletionHandler
    ) {
        geocodeAddressString(addressString, in: region, completionHandler: completionHandler)
    }

    open func geocodeAddressString(_ addressString: String, in region: CLRegion?, preferredLocale locale: Locale?) async throws -> [CLPlacemark] {
        try await geocodeAddressString(addressString, in: region)
    }

    open func reverseGeocodeLocation(_ location: CLLocation, completionHandler: @escaping CLGeocodeCompletionHandler) {
        complete(completionHandler) { try self.reverse(location) }
    }

    open func reverseGeocodeLocation(_ location: CLLocation) async throws -> [CLPlacemark] {
        try await answer { try self.reverse(location) }
    }

    open func reverseGeocodeLocation(_ location: CLLocation, preferredLocale locale: Locale?, completionHandler: @escaping CLGeocodeCompletionHandler)
    {
        reverseGeocodeLocation(location, completionHandler: completionHandler)
    }

    open func reverseGeocodeLocation(_ location: CLLocation, preferredLocale locale: Locale?) async throws -> [CLPlacemark] {
        try await reverseGeocodeLocation(location)
    }

    private func geocode(_ address: String) throws(CLError) -> [CLPlacemark] {
        guard !address.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw CLError(.geocodeFoundNoResult, message: "an empty address names no place")
        }
        return try ask(Geocode.self, Geocode.Params(address: address))
    }

    private func reverse(_ location: CLLocation) throws(CLError) -> [CLPlacemark] {
        try ask(
            ReverseGeocode.self,
            ReverseGeocode.Params(location: GeoLocation(latitude: location.coordinate.latitude, longitude: location.coordinate.longitude)))
    }

    private func ask<M: RemindersMethod>(_ method: M.Type, _ params: M.Params) throws(CLError) -> [CLPlacemark] where M.Result == Placemarks {
        let call = RemindersdProgram.Call()
        let key = ObjectIdentifier(call)
        running.withLock { $0[key] = call }
        defer { running.withLock { _ = $0.removeValue(forKey: key) } }
        switch RemindersdProgram.call(method, params, running: call) {
        case .success(let answer):
            let placemarks = answer.placemarks.map(CLPlacemark.init)
            guard !placemarks.isEmpty else { throw CLError(.geocodeFoundNoResult) }
            return placemarks
        case .failure(let error):
            throw Self.error(from: error)
        }
    }

    /// The server's error as Core Location's: its reason where it names one.
    static func error(from error: ResponseError) -> CLError {
        if error.code == ResponseError.requestCancelledCode { return CLError(.geocodeCanceled, message: "the request was cancelled") }
        switch error.reason.flatMap(GeocodeFailureReason.init(rawValue:)) {
        case .geocodeFoundNoResult?: return CLError(.geocodeFoundNoResult, message: error.message)
        case .network?: return CLError(.network, message: error.message)
        default: return CLError(error.code == ResponseError.invalidParamsCode ? .geocodeFoundNoResult : .network, message: error.message)
        }
    }

    /// The places in `region` first, each group in the order found.
    static func ordered(_ placemarks: [CLPlacemark], by region: CLRegion?) -> [CLPlacemark] {
        guard let circle = region as? CLCircularRegion else { return placemarks }
        let inside = placemarks.filter { $0.location.map { circle.contains($0.coordinate) } ?? false }
        return inside + placemarks.filter { place in !inside.contains { $0 === place } }
    }

    private func complete(_ handler: @escaping CLGeocodeCompletionHandler, _ work: @escaping @Sendable () throws -> [CLPlacemark]) {
        nonisolated(unsafe) let handler = handler
        DispatchQueue.global().async {
            let outcome = Result { try work() }
            DispatchQueue.main.async {
                switch outcome {
                case .success(let placemarks): handler(placemarks, nil)
                case .failure(let error): handler(nil, error)
                }
            }
        }
    }

    private func answer(_ work: @escaping @Sendable () throws -> [CLPlacemark]) async throws -> [CLPlacemark] {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }
}
