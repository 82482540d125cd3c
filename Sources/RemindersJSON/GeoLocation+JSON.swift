import RemindersJSONRPC
import RemindersModel

extension GeoLocation {
    /// `"latitude":…,"longitude":…`, inside the object that holds them (a place's, a fix's params).
    public func writeMembers(to writer: inout JSONWriter) {
        writer.key(static: "latitude")
        writer.double(latitude)
        writer.key(static: "longitude")
        writer.double(longitude)
    }

    /// The point whose members `fields` holds (checked against the schema before).
    public init(members fields: Fields) throws(ResponseError) {
        self.init(latitude: try fields.double("latitude"), longitude: try fields.double("longitude"))
    }
}
