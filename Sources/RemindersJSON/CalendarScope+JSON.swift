import RemindersJSONRPC
import RemindersModel

extension CalendarScope {
    /// `{lists: [{calendarIdentifier, title, readOnly}]}`, in identifier order; `titles` by identifier.
    public func write(to writer: inout JSONWriter, titles: [String: String]) {
        writer.beginObject()
        writer.key(static: "lists")
        writer.beginArray()
        for identifier in identifiers {
            writer.beginObject()
            writer.field("calendarIdentifier", identifier)
            writer.field("title", titles[identifier] ?? "")
            writer.field("readOnly", isReadOnly(identifier))
            writer.endObject()
        }
        writer.endArray()
        writer.field("manageLists", managesLists)
        writer.endObject()
    }
}
