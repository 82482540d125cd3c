/// A request id: JSON-RPC allows numbers and strings (null only in error replies we cannot attribute).
public enum RequestID: Hashable, Sendable, CustomStringConvertible {
    case number(Int64)
    case string(String)

    public var json: JSONValue {
        switch self {
        case .number(let n): return .integer(n)
        case .string(let s): return .string(s)
        }
    }

    public var description: String {
        switch self {
        case .number(let n): return String(n)
        case .string(let s): return "\"\(s)\""
        }
    }

    public init?(_ value: JSONValue) {
        switch value {
        case .integer(let n): self = .number(n)
        case .string(let s): self = .string(s)
        default: return nil
        }
    }
}

public struct Request: Sendable {
    public var id: RequestID
    public var method: String
    public var params: JSONValue?
    public init(id: RequestID, method: String, params: JSONValue? = nil) {
        self.id = id; self.method = method; self.params = params
    }
}

public struct Notification: Sendable {
    public var method: String
    public var params: JSONValue?
    public init(method: String, params: JSONValue? = nil) { self.method = method; self.params = params }
}

/// One element of what a client sent: a request, a notification, or something that must be answered with an error.
public enum Message: Sendable {
    case request(Request)
    case notification(Notification)
    /// A reply from the client. This server sends no requests, so these are logged and dropped.
    case response(id: RequestID?)
    /// Not a valid JSON-RPC message; answered with `error` (id null when none could be read).
    case invalid(id: RequestID?, error: ResponseError)

    /// Classifies one parsed JSON value as JSON-RPC 2.0 requires.
    public init(_ value: JSONValue) {
        guard case .object(let object) = value else {
            self = .invalid(id: nil, error: .invalidRequest("a message must be a JSON object, got \(value.typeName)"))
            return
        }
        let rawMethod = object["method"]
        // Anything shaped like a response is never answered, whatever its id or "jsonrpc": a
        // response's id may be null (the reply to an unreadable message), and answering a
        // response with an error lets two peers that echo each other loop forever.
        if rawMethod == nil, object.contains("result") || object.contains("error") {
            self = .response(id: object["id"].flatMap(RequestID.init))
            return
        }
        var id: RequestID? = nil
        if let rawID = object["id"] {
            guard let parsed = RequestID(rawID) else {
                self = .invalid(id: nil, error: .invalidRequest(Self.badID(rawID)))
                return
            }
            id = parsed
        }
        guard object["jsonrpc"] == .string("2.0") else {
            self = .invalid(id: id, error: .invalidRequest("\"jsonrpc\" must be \"2.0\""))
            return
        }
        guard let rawMethod else {
            self = .invalid(id: id, error: .invalidRequest("missing \"method\""))
            return
        }
        guard case .string(let method) = rawMethod else {
            self = .invalid(id: id, error: .invalidRequest("\"method\" must be a string, got \(rawMethod.typeName)"))
            return
        }
        // `"params": null` is what some clients (Emacs's jsonrpc.el) send for "no params"; take it as absent.
        var params = object["params"]
        if params == .null { params = nil }
        if let params {
            switch params {
            case .object, .array: break
            default:
                self = .invalid(id: id, error: .invalidRequest("\"params\" must be an object or an array, got \(params.typeName)"))
                return
            }
        }
        if let id {
            self = .request(Request(id: id, method: method, params: params))
        } else {
            self = .notification(Notification(method: method, params: params))
        }
    }
}

extension Message {
    /// Why an id is refused, in the client's terms: integers beyond 64 bits and numbers written
    /// with a fraction or exponent both parse as doubles, but "fractional" fits only the latter.
    static func badID(_ rawID: JSONValue) -> String {
        switch rawID {
        case .null:
            return "id must not be null: use a number or a string, or leave id out for a notification"
        case .double(let number) where number == 0 && number.sign == .minus:
            return "id must not be -0: it cannot be echoed back as sent; use 0"
        case .double(let number) where number.rounded() == number && abs(number) >= 0x1p63:
            return "id must be an integer or a string, got an integer outside the 64-bit range"
        case .double:
            return "id must be an integer or a string, got a number with a fraction or an exponent"
        default:
            return "id must be an integer or a string, got \(rawID.typeName)"
        }
    }
}

/// What the reader hands the server: one message, a batch, or a frame that could not be parsed.
public enum Inbound: Sendable {
    case single(Message)
    case batch([Message])
    /// A frame that is not JSON (or broke the framing); answered with one error, id null.
    case unreadable(ResponseError)
    /// The client closed its end.
    case endOfInput
}
