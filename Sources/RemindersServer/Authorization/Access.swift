import RemindersJSON
import RemindersModel

/// Which authorization statuses may call a method at all. Finer write-only rules
/// (default list only, own reminders only) are checked by the methods that allow write-only.
public enum Access: Sendable {
    /// initialize, shutdown: the lifecycle decides.
    case lifecycle
    /// authorizationStatus, requestAccess: every status, since they are how a client gets access.
    case anyStatus
    /// Reading, editing, removing: full access only.
    case fullAccess
    /// Creating and committing: full access, or write-only within its limits.
    case fullOrWriteOnly

    public func allows(_ status: AuthorizationStatus) -> Bool {
        switch self {
        case .lifecycle, .anyStatus: return true
        case .fullAccess: return status == .fullAccess
        case .fullOrWriteOnly: return status == .fullAccess || status == .writeOnly
        }
    }

    /// Whether the status must be read from the store before the call.
    public var needsStatus: Bool {
        switch self {
        case .lifecycle, .anyStatus: return false
        case .fullAccess, .fullOrWriteOnly: return true
        }
    }
}
