import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersServer

/// `delete_event {id, occurrence?, span?}`: removes an event, or occurrences of a repeating one
/// (`removeEvent`); a repeating event without a span is refused.
enum DeleteEvent: ToolDeclaration {
    typealias Method = RemoveEvent
    static let name = "delete_event"
    static let title = "Delete an event"
    static let detail =
        "For a repeating event give span: thisEvent removes only the occurrence (occurrence: its day or start; absent: the first), futureEvents it and every later one; the whole series is never removed by default. Can be undone: undo_change reverts it (restore_deleted brings back a whole event). Needs access to events."
    static let isDestructive = true
    static let isIdempotent = true

    struct Input: MethodParams {
        static let properties = EventTarget.properties
        var id: String
        var occurrence: String?
        var span: EventSpan?
        init(_ fields: Fields) throws(ResponseError) { (id, occurrence, span) = try EventTarget.read(fields) }
    }

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> EmptyResult {
        let target = try EventTarget.resolve(id: input.id, occurrence: input.occurrence, span: input.span, call)
        return try call.call(RemoveEvent.self, RemoveEvent.Params(identifier: input.id, occurrenceDate: target.occurrenceDate, span: target.span))
    }

    static func text(_ result: EmptyResult, _ input: Input, _ call: ToolCall) -> String {
        // The span says what went only when the event repeats; the text does not claim more.
        "Deleted\(input.span.map { " (span \($0.rawValue))" } ?? "")."
    }
}
