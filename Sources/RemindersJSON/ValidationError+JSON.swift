import RemindersJSONRPC
import RemindersModel

extension ResponseError {
    /// A rule of EventKit's broken: -32602 naming the field and, where one applies, EventKit's reason.
    public static func invalid(_ error: ValidationError) -> ResponseError {
        .invalidParams("\(error.field): \(error.message)", field: error.field, reason: error.reason?.rawValue)
    }
}
