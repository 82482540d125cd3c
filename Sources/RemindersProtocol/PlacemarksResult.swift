import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// What `geocode` and `reverseGeocode` answer: the places found, best first (never empty: none
/// found is error -32014).
public struct Placemarks: MethodResult, Sendable {
    public static let schema = PlacemarkSchemas.placemarks
    public var placemarks: [Placemark]

    public init(placemarks: [Placemark]) { self.placemarks = placemarks }

    public func write(to writer: inout JSONWriter) { Placemark.writeAnswer(placemarks, to: &writer) }
}
