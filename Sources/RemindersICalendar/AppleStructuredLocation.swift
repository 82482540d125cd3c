import Foundation
import RemindersICalendarFormat
import RemindersModel

/// Apple's place: `X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-APPLE-RADIUS=…;X-TITLE=…:geo:LAT,LON`,
/// on a location alarm's VALARM (Reminders) and on a VEVENT (Calendar, with `X-ADDRESS` and a
/// MapKit handle), which iOS and macOS read for the map and the "time to leave".
enum AppleStructuredLocation {
    /// The place the property names; nil without coordinates (a server may have cut them off) or
    /// with ones out of range.
    static func read(_ property: Property) -> StructuredLocation? {
        var location = StructuredLocation(title: property.parameter("X-TITLE") ?? "")
        // Apple writes the comma unescaped; a writer that treats the value as TEXT escapes it.
        let uri = property.value.replacingOccurrences(of: "\\,", with: ",")
        guard uri.lowercased().hasPrefix("geo:") else { return nil }
        let coordinates = uri.dropFirst(4).split(separator: ";")[0].split(separator: ",")
        guard coordinates.count >= 2, let latitude = Double(coordinates[0]), let longitude = Double(coordinates[1]) else { return nil }
        location.geoLocation = GeoLocation(latitude: latitude, longitude: longitude)
        location.radius = property.parameter("X-APPLE-RADIUS").flatMap(Double.init)
        guard (try? location.validate()) != nil else { return nil }
        return location
    }

    /// The property for `location`, as Apple writes it; nil for a place without coordinates.
    static func property(_ location: StructuredLocation) -> Property? {
        guard let geo = location.geoLocation else { return nil }
        var parameters = [Parameter("VALUE", "URI")]
        if let radius = location.radius { parameters.append(Parameter("X-APPLE-RADIUS", AlarmMapping.number(radius))) }
        parameters.append(Parameter("X-APPLE-REFERENCEFRAME", "1"))
        // Apple's title is the place's name: the first line of a title that also holds its address.
        parameters.append(Parameter("X-TITLE", location.title.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""))
        return Property(
            "X-APPLE-STRUCTURED-LOCATION", "geo:\(AlarmMapping.number(geo.latitude)),\(AlarmMapping.number(geo.longitude))", parameters)
    }

    /// What to write for `location` over the property an object came with: that one as it came
    /// (its name, address and MapKit handle, which remindersd cannot make) while it names the same
    /// place; else one made afresh.
    static func property(_ location: StructuredLocation?, over came: Property?) -> Property? {
        guard let location, let fresh = property(location) else {
            // Nothing to place here: one that came without coordinates to read (a server cut them
            // off) stays as it came; one that had them was taken away here.
            return came.flatMap { read($0) == nil ? $0 : nil }
        }
        guard let came, let before = read(came), before.geoLocation == location.geoLocation, before.radius == location.radius else {
            return fresh
        }
        return came
    }
}
