import RemindersJSONRPC
import RemindersModel

extension JSONWriter {
    /// `"name":"2026-11-29T09:00:00.000Z"` or `"name":null`, written straight into the buffer: a
    /// fetch writes three of these per reminder.
    public mutating func field(_ name: StaticString, _ date: Timestamp?) {
        key(static: name)
        guard let date else { return null() }
        string(unescapedByteCount: 24) { date.writeRFC3339(into: $0) }
    }
}
