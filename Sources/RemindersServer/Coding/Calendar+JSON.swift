import JSONRPC
import RemindersModel

extension ReminderCalendar {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("calendarIdentifier", calendarIdentifier)
        writer.field("title", title)
        writer.field("color", color)
        writer.field("type", type.rawValue)
        writer.field("allowsContentModifications", allowsContentModifications)
        writer.field("isDefault", isDefault)
        writer.endObject()
    }
}

extension CalendarChanges {
    init(_ fields: Fields) throws(ResponseError) {
        self.init(calendarIdentifier: try fields.optionalString("calendarIdentifier"),
                  title: try fields.optionalString("title"),
                  color: try fields.optionalString("color"),
                  allowsContentModifications: try fields.optionalBool("allowsContentModifications"))
        if let type = try fields.optionalString("type"), type != CalendarType.local.rawValue {
            throw fields.invalid("type", "remindersd keeps local lists only; type must be \"local\"")
        }
    }
}
