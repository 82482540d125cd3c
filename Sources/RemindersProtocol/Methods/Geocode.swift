import JSONRPC
import RemindersJSON
import RemindersModel

/// `geocode {address}` → `{placemarks}`: the places an address names (CLGeocoder's
/// `geocodeAddressString`), from the owner's geocoder, else from the places already in the store
/// the client may read, by title. Needs no access of its own.
public enum Geocode: RemindersMethod {
    public static let name = "geocode"
    public static let summary =
        "The places an address names (CLGeocoder): from the geocoder the owner set (remindersd geocoder URL), else from the places of reminders and events the client may read, by title."
    public static let errors: [MethodError] = [.invalidParams(), .geocodeFailed, .cancelled]

    public struct Params: MethodParams, Sendable {
        public static let properties: [ObjectRule.Property] = [
            .init(
                "address",
                .string(StringRule(minimumBytes: 1, maximumBytes: 1024, description: "As a person writes it: \"Pariser Platz 1, Berlin\".")),
                required: true)
        ]
        public var address: String

        public init(address: String) { self.address = address }
        public init(_ params: Fields) throws(ResponseError) { address = try params.string("address") }
    }

    public typealias Result = Placemarks
}

/// `reverseGeocode {latitude, longitude}` → `{placemarks}`: what is at a coordinate (CLGeocoder's
/// `reverseGeocodeLocation`), from the owner's geocoder (the store's places have no addresses).
public enum ReverseGeocode: RemindersMethod {
    public static let name = "reverseGeocode"
    public static let summary = "What is at a coordinate (CLGeocoder's reverseGeocodeLocation), from the geocoder the owner set."
    public static let errors: [MethodError] = [.invalidParams(), .geocodeFailed, .cancelled]

    public struct Params: MethodParams, Sendable {
        public static let properties: [ObjectRule.Property] = [
            .init("latitude", AlarmSchemas.latitude, required: true), .init("longitude", AlarmSchemas.longitude, required: true),
        ]
        public var location: GeoLocation

        public init(location: GeoLocation) { self.location = location }
        public init(_ params: Fields) throws(ResponseError) {
            location = GeoLocation(latitude: try params.double("latitude"), longitude: try params.double("longitude"))
        }
    }

    public typealias Result = Placemarks
}

/// What `geocode` and `reverseGeocode` answer: the places found, best first (never empty: none
/// found is error -32014).
public struct Placemarks: MethodResult, Sendable {
    public static let schema = PlacemarkSchemas.placemarks
    public var placemarks: [Placemark]

    public init(placemarks: [Placemark]) { self.placemarks = placemarks }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(static: "placemarks")
        writer.beginArray()
        for placemark in placemarks { placemark.write(to: &writer) }
        writer.endArray()
        writer.endObject()
    }
}

extension MethodError {
    public static let geocodeFailed = MethodError(code: ResponseError.geocodeFailedCode, message: "Geocoding failed")
}
