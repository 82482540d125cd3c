/// A JSON-RPC error object: what every failure turns into, at exactly one place in the server.
public struct ResponseError: Error, Equatable, Sendable, CustomStringConvertible {
    public var code: Int
    public var message: String
    public var data: JSONValue?

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public var description: String { "\(code): \(message)" }

    /// `data.reason`: the name of why, in the server's domain vocabulary (EventKit's or Core
    /// Location's error case), for a client that maps it back to its own error.
    public var reason: String? { data?["reason"]?.stringValue }

    /// `data.field`: the JSON path of the value the error is about.
    public var field: String? { data?["field"]?.stringValue }

    public static let parseErrorCode = -32700
    public static let invalidRequestCode = -32600
    public static let methodNotFoundCode = -32601
    public static let invalidParamsCode = -32602
    public static let internalErrorCode = -32603
    public static let serverNotInitializedCode = -32002
    public static let requestCancelledCode = -32800

    public static func parseError(_ message: String) -> ResponseError {
        ResponseError(code: parseErrorCode, message: "Parse error: \(message)")
    }

    public static func invalidRequest(_ message: String) -> ResponseError {
        ResponseError(code: invalidRequestCode, message: "Invalid request: \(message)")
    }

    public static func methodNotFound(_ method: String) -> ResponseError {
        ResponseError(code: methodNotFoundCode, message: "Method not found: \(method)", data: ["method": .string(method)])
    }

    /// Invalid params, naming the JSON path of the offending field and, where one applies, a reason code.
    public static func invalidParams(_ message: String, field: String? = nil, reason: String? = nil) -> ResponseError {
        ResponseError(code: invalidParamsCode, message: message, data: details(field: field, reason: reason))
    }

    /// `data` naming the field and the reason, nil when neither is known.
    public static func details(field: String? = nil, reason: String? = nil, _ more: JSONObject = [:]) -> JSONValue? {
        var data = more
        if let field { data["field"] = .string(field) }
        if let reason { data["reason"] = .string(reason) }
        return data.isEmpty ? nil : .object(data)
    }

    public static func internalError(_ message: String) -> ResponseError {
        ResponseError(code: internalErrorCode, message: "Internal error: \(message)")
    }

    public static let serverNotInitialized = ResponseError(
        code: serverNotInitializedCode, message: "Server not initialized: send initialize first")

    public static let requestCancelled = ResponseError(code: requestCancelledCode, message: "Request cancelled")

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("code", code)
        writer.field("message", message)
        if let data { writer.field("data", data) }
        writer.endObject()
    }
}
