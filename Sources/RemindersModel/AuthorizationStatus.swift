/// EKAuthorizationStatus: what one client may do with one entity type.
public enum AuthorizationStatus: String, Sendable, CaseIterable {
    case notDetermined, restricted, denied, fullAccess, writeOnly

    /// EventKit's raw value.
    public var code: Int {
        switch self {
        case .notDetermined: return 0
        case .restricted: return 1
        case .denied: return 2
        case .fullAccess: return 3
        case .writeOnly: return 4
        }
    }
}

/// EKEntityType. remindersd stores reminders; events are named only to be refused clearly.
public enum EntityType: String, Sendable, CaseIterable {
    case reminder
    case event
}

/// The access a client asks for (EventKit's requestFullAccess / requestWriteOnlyAccess).
public enum AccessLevel: String, Sendable, CaseIterable {
    case full, writeOnly

    public var grantedStatus: AuthorizationStatus { self == .full ? .fullAccess : .writeOnly }
}
