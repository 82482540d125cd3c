import RemindersJSONRPC
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

    public struct Params: WritableMethodParams, Sendable {
        public static let properties: [ObjectRule.Property] = [
            .init(
                "address",
                .string(StringRule(minimumBytes: 1, maximumBytes: 1024, description: "As a person writes it: \"Pariser Platz 1, Berlin\".")),
                required: true)
        ]
        public var address: String

        public init(address: String) { self.address = address }
        public init(_ params: Fields) throws(ResponseError) { address = try params.string("address") }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("address", address)
            writer.endObject()
        }
    }

    public typealias Result = Placemarks
}
