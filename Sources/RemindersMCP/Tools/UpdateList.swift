import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersServer

/// `update_list {list, title?, color?}`: renames or recolours a list (saveCalendar).
enum UpdateList: ToolDeclaration {
    typealias Method = SaveCalendar
    static let name = "update_list"
    static let title = "Rename or recolour a list"
    static let detail = "`list` is a list's title (ignoring case) or identifier."
    static let isIdempotent = true

    struct Input: MethodParams {
        static let properties: [ObjectRule.Property] = [
            .init("list", .string("The list's title or identifier."), required: true),
            .init("title", SaveCalendar.param("calendar", "title")),
            .init("color", SaveCalendar.param("calendar", "color")),
        ]
        var list: String
        var title: String?
        var color: String?

        init(_ fields: Fields) throws(ResponseError) {
            list = try fields.string("list")
            title = try fields.optionalString("title")
            color = try fields.optionalString("color")
            guard title != nil || color != nil else { throw ResponseError.invalidParams("give title or color (or both)", field: "title") }
        }
    }

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> SaveCalendar.Result {
        let identifier = try call.listIdentifier(input.list, field: "list")
        return try call.call(
            SaveCalendar.self, SaveCalendar.Params(calendar: CalendarChanges(calendarIdentifier: identifier, title: input.title, color: input.color)))
    }

    static func text(_ result: SaveCalendar.Result, _ input: Input, _ call: ToolCall) -> String {
        "The list is now \(result.calendar.title) (\(result.calendar.color)) [\(result.calendar.calendarIdentifier)]"
    }
}
