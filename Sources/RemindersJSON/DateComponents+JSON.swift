import RemindersJSONRPC
import RemindersModel

extension ItemDateComponents {
    /// `{year, month, day, hour?, minute?, second?, timeZone?}`; absent parts are left out.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("year", year)
        writer.field("month", month)
        writer.field("day", day)
        if let hour { writer.field("hour", hour) }
        if let minute { writer.field("minute", minute) }
        if let second { writer.field("second", second) }
        if let timeZone { writer.field("timeZone", timeZone) }
        writer.endObject()
    }

    public static func decode(_ value: JSONValue, path: String) throws(ResponseError) -> ItemDateComponents {
        let fields = try Fields.object(value, path: path)
        let components = ItemDateComponents(
            year: try fields.int("year"), month: try fields.int("month"), day: try fields.int("day"),
            hour: try fields.optionalInt("hour"), minute: try fields.optionalInt("minute"),
            second: try fields.optionalInt("second"), timeZone: try fields.optionalString("timeZone"))
        do throws(ValidationError) { try components.validate() } catch { throw ResponseError.invalid(error.prefixed(path)) }
        return components
    }
}
