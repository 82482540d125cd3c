/// What went wrong talking to a CalDAV server, in words a person can act on.
public enum DAVError: Error, Equatable, CustomStringConvertible, Sendable {
    /// No answer: the host is unknown, refuses connections, or the connection broke.
    case unreachable(String)
    case timedOut(seconds: Double)
    /// 401, or a challenge for credentials: the username or password is wrong (or missing).
    case unauthorized
    /// 403: the account may not do this.
    case forbidden(String)
    /// 412: the item changed on the server since it was read (If-Match) or exists (If-None-Match).
    case preconditionFailed
    /// A sync token the server no longer knows (RFC 6578 valid-sync-token).
    case invalidSyncToken
    case notFound(String)
    /// Any other status the request did not expect (5xx among them).
    case status(Int, String)
    /// An answer that is not what the protocol says it is.
    case malformed(String)
    case tooLarge(String)

    public var description: String {
        switch self {
        case .unreachable(let why): return "the server cannot be reached (\(why))"
        case .timedOut(let seconds): return "the server did not answer within \(Self.seconds(seconds)) s"
        case .unauthorized: return "the server refused the username and password (401); check --username and the password file or command"
        case .forbidden(let what): return "the server forbids \(what) (403); check that the account may use this calendar"
        case .preconditionFailed: return "the item changed on the server meanwhile (412)"
        case .invalidSyncToken: return "the server no longer knows the sync token"
        case .notFound(let what): return "\(what) is not on the server (404)"
        case .status(let code, let what):
            return "the server answered \(code) to \(what)" + (code >= 500 ? "; it will be retried at the next sync" : "")
        case .malformed(let what): return what
        case .tooLarge(let what): return what
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// Whether the failure is the server's or the account's, not one item's: no answer, the
    /// credentials refused, a gateway or the server saying it is unavailable. A sync stops there;
    /// any other failure of a request about one item (a 400 for a name, a 500 for a UID a
    /// server cannot store) skips that item and goes on with the rest.
    public var concernsTheServer: Bool {
        switch self {
        case .unreachable, .timedOut, .unauthorized: return true
        case .status(let code, _): return code == 502 || code == 503 || code == 504 || code == 507
        default: return false
        }
    }

    /// Whether the next sync may well succeed where this one failed (the server down, busy or slow).
    public var isTransient: Bool {
        switch self {
        case .unreachable, .timedOut: return true
        case .status(let code, _): return code >= 500
        default: return false
        }
    }
}
