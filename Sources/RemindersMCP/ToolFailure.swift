import RemindersJSONRPC

/// Why a tool call did not do what it was asked, told back to the model as an `isError` result
/// naming the argument (and EventKit's reason, when the store refused it), so that it can fix
/// the call and try again — never a protocol error.
struct ToolFailure: Error {
    var field: String?
    var reason: String?
    var message: String

    init(field: String?, reason: String? = nil, _ message: String) {
        self.field = field
        self.reason = reason
        self.message = message
    }

    /// A JSON-RPC error of the method a tool called, in the tool's terms.
    init(_ error: ResponseError) {
        field = error.field
        reason = error.reason
        message = error.message
        // The method's message names the field already: said once.
        if let field, message.hasPrefix(field + ": ") { message.removeFirst(field.count + 2) }
    }

    var text: String {
        var text = message
        if let field { text = "\(field): " + text }
        if let reason { text += " (EventKit: \(reason))" }
        return text
    }
}
