import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersServer

/// `create_list {title, color?}`: a new local list (saveCalendar).
enum CreateList: ToolDeclaration {
    typealias Method = SaveCalendar
    static let name = "create_list"
    static let title = "Create a list"
    static let detail = ""

    struct Input: MethodParams {
        static let properties: [ObjectRule.Property] = [
            .init("title", SaveCalendar.param("calendar", "title"), required: true),
            .init("color", SaveCalendar.param("calendar", "color")),
        ]
        var title: String
        var color: String?

        init(_ fields: Fields) throws(ResponseError) {
            title = try fields.string("title")
            color = try fields.optionalString("color")
        }
    }

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> SaveCalendar.Result {
        try call.call(SaveCalendar.self, SaveCalendar.Params(calendar: CalendarChanges(title: input.title, color: input.color)))
    }

    static func text(_ result: SaveCalendar.Result, _ input: Input, _ call: ToolCall) -> String {
        "Created the list \(result.calendar.title) [\(result.calendar.calendarIdentifier)]"
    }
}
