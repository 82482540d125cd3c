import Foundation
import RemindersJSONRPC
import RemindersModel

/// What a Nominatim-compatible geocoder answers (`format=jsonv2&addressdetails=1`: an array of
/// places for a search, one object for a reverse lookup) as placemarks. Nominatim names the parts
/// of an address by what they are in each country — a city, a town or a village — so each
/// placemark part takes the first that is there.
public enum NominatimReading {
    /// The placemarks in `body`; nil when it is not Nominatim's JSON.
    public static func placemarks(_ body: [UInt8]) -> [Placemark]? {
        guard let value = try? JSONParser.parse(body) else { return nil }
        switch value {
        case .array(let places): return places.compactMap(placemark)
        case .object(let object) where object["error"] != nil: return []  // "Unable to geocode": nothing there
        case .object: return placemark(value).map { [$0] } ?? []
        default: return nil
        }
    }

    static func placemark(_ place: JSONValue) -> Placemark? {
        // Nominatim writes coordinates as strings; other services that copy its shape, as numbers.
        func degrees(_ key: String) -> Double? { place[key]?.stringValue.flatMap(Double.init) ?? place[key]?.doubleValue }
        guard let latitude = degrees("lat"), let longitude = degrees("lon"), (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        let address = place["address"]
        func part(_ keys: String...) -> String? {
            for key in keys { if let text = address?[key]?.stringValue, !text.isEmpty { return text } }
            return nil
        }
        let displayName = place["display_name"]?.stringValue
        let name = place["name"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        var placemark = Placemark(
            location: GeoLocation(latitude: latitude, longitude: longitude),
            name: name ?? displayName?.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) })
        placemark.thoroughfare = part("road", "pedestrian", "footway", "street")
        placemark.subThoroughfare = part("house_number")
        placemark.locality = part("city", "town", "village", "hamlet", "municipality")
        placemark.subLocality = part("suburb", "city_district", "borough", "neighbourhood", "quarter")
        placemark.administrativeArea = part("state", "region", "province")
        placemark.subAdministrativeArea = part("county", "state_district")
        placemark.postalCode = part("postcode")
        placemark.country = part("country")
        placemark.isoCountryCode = part("country_code")?.uppercased()
        return placemark
    }
}
