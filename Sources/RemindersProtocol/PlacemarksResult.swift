import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// What `geocode` and `reverseGeocode` answer: the places found, best first (never empty: none
/// found is error -32014).
public struct Placemarks: ReadableMethodResult, Sendable {
    public static let schema = PlacemarkSchemas.placemarks
    public var placemarks: [Placemark]

    public init(placemarks: [Placemark]) { self.placemarks = placemarks }

    public func write(to writer: inout JSONWriter) { Placemark.writeAnswer(placemarks, to: &writer) }

    /// Read back as `write` wrote it (what `remindersd-sync --serve` answers the server); a place
    /// outside the coordinates' ranges is left out.
    public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) {
        guard let list = value["placemarks"]?.arrayValue else { throw .internalError("placemarks are an array, got \(value.typeName)") }
        placemarks = list.compactMap(Placemark.decode)
    }
}
