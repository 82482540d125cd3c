import RemindersJSONRPC

/// CLPlacemark, as `geocode` and `reverseGeocode` answer (issue 37).
public enum PlacemarkSchemas: Sendable {
    public static let placemark = JSONSchema.named("Placemark") {
        .object(
            [
                .init(
                    "location",
                    .object(
                        [.init("latitude", AlarmSchemas.latitude, required: true), .init("longitude", AlarmSchemas.longitude, required: true)],
                        description: "Where it is (WGS 84 degrees)."), required: true),
                .init("name", .string("What the place is called, or its first line.")),
                .init("thoroughfare", .string("The street.")),
                .init("subThoroughfare", .string("The number on the street.")),
                .init("locality", .string("The city, town or village.")),
                .init("subLocality", .string("The part of it (suburb, district).")),
                .init("administrativeArea", .string("The state or province.")),
                .init("subAdministrativeArea", .string("The county.")),
                .init("postalCode", .string()),
                .init("country", .string()),
                .init("isoCountryCode", .string("ISO 3166-1 alpha-2, upper case.")),
                .init("timeZone", .string("An IANA zone, where the geocoder gives one.")),
            ], description: "A place found for an address or a coordinate (CLPlacemark); parts not known are absent.")
    }

    public static let placemarks = CommonSchemas.result([("placemarks", .array(of: placemark))])
}
