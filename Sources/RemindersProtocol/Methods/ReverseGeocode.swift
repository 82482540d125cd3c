import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `reverseGeocode {latitude, longitude}` → `{placemarks}`: what is at a coordinate (CLGeocoder's
/// `reverseGeocodeLocation`), from the owner's geocoder (the store's places have no addresses).
public enum ReverseGeocode: RemindersMethod {
    public static let name = "reverseGeocode"
    public static let summary = "What is at a coordinate (CLGeocoder's reverseGeocodeLocation), from the geocoder the owner set."
    public static let errors: [MethodError] = [.invalidParams(), .geocodeFailed, .cancelled]

    public struct Params: WritableMethodParams, Sendable {
        public static let properties: [ObjectRule.Property] = [
            .init("latitude", AlarmSchemas.latitude, required: true), .init("longitude", AlarmSchemas.longitude, required: true),
        ]
        public var location: GeoLocation

        public init(location: GeoLocation) { self.location = location }
        public init(_ params: Fields) throws(ResponseError) {
            location = try GeoLocation(members: params)
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            location.writeMembers(to: &writer)
            writer.endObject()
        }
    }

    public typealias Result = Placemarks
}
