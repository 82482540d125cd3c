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
