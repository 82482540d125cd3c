import RemindersJSONRPC
import RemindersModel

extension Participant {
    /// EKParticipant's members, `name` null when the invitation gives none.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("name", name)
        writer.field("url", url)
        writer.field("role", role.rawValue)
        writer.field("status", status.rawValue)
        writer.field("type", type.rawValue)
        writer.field("isCurrentUser", isCurrentUser)
        writer.endObject()
    }
}

extension Participant {
    public init(reading fields: Fields) throws(ResponseError) {
        self.init(
            name: try fields.optionalString("name"), url: try fields.string("url"), role: try fields.enumValue("role", ParticipantRole.self),
            status: try fields.enumValue("status", ParticipantStatus.self), type: try fields.enumValue("type", ParticipantType.self),
            isCurrentUser: try fields.bool("isCurrentUser"))
    }

    public static func read(_ value: JSONValue, path: String) throws(ResponseError) -> Participant {
        try Participant(reading: try Fields.object(value, path: path))
    }
}
