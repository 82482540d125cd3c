import RemindersJSONRPC
import RemindersModel

extension Placemark {
    /// CLPlacemark's members; a part the geocoder did not give is left out.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(static: "location")
        writer.beginObject()
        location.writeMembers(to: &writer)
        writer.endObject()
        for (key, value) in parts { if let value { writer.key(key); writer.string(value) } }
        writer.endObject()
    }

    /// `{"placemarks":[…]}`: what `geocode` answers, the server's client and the server alike.
    public static func writeAnswer(_ placemarks: [Placemark], to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(static: "placemarks")
        writer.beginArray()
        for placemark in placemarks { placemark.write(to: &writer) }
        writer.endArray()
        writer.endObject()
    }

    /// The parts by their protocol names, in the order they are written.
    private var parts: [(String, String?)] {
        [
            ("name", name), ("thoroughfare", thoroughfare), ("subThoroughfare", subThoroughfare), ("locality", locality),
            ("subLocality", subLocality), ("administrativeArea", administrativeArea), ("subAdministrativeArea", subAdministrativeArea),
            ("postalCode", postalCode), ("country", country), ("isoCountryCode", isoCountryCode), ("timeZone", timeZone),
        ]
    }

    /// A placemark as `write` writes it (what the geocoding helper answers the server).
    public static func decode(_ value: JSONValue) -> Placemark? {
        guard let latitude = value["location"]?["latitude"]?.doubleValue, let longitude = value["location"]?["longitude"]?.doubleValue,
            (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        var placemark = Placemark(location: GeoLocation(latitude: latitude, longitude: longitude), name: value["name"]?.stringValue)
        placemark.thoroughfare = value["thoroughfare"]?.stringValue
        placemark.subThoroughfare = value["subThoroughfare"]?.stringValue
        placemark.locality = value["locality"]?.stringValue
        placemark.subLocality = value["subLocality"]?.stringValue
        placemark.administrativeArea = value["administrativeArea"]?.stringValue
        placemark.subAdministrativeArea = value["subAdministrativeArea"]?.stringValue
        placemark.postalCode = value["postalCode"]?.stringValue
        placemark.country = value["country"]?.stringValue
        placemark.isoCountryCode = value["isoCountryCode"]?.stringValue
        placemark.timeZone = value["timeZone"]?.stringValue
        return placemark
    }
}
