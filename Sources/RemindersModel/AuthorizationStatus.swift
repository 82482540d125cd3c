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

/// EKEntityType: what a calendar holds and what a client's access is for (one status each).
public enum EntityType: String, Sendable, CaseIterable {
    case reminder
    case event
}

/// The access a client asks for (EventKit's requestFullAccess / requestWriteOnlyAccess).
public enum AccessLevel: String, Sendable, CaseIterable {
    case full, writeOnly

    public var grantedStatus: AuthorizationStatus { self == .full ? .fullAccess : .writeOnly }
}

/// The name a client gives at `initialize`: its identity in the permissions table, in logs, and as
/// the consent agent's first argument.
public enum ClientName {
    public static let maximumBytes = 256

    /// Why `name` cannot identify a client, or nil when it can.
    public static func problem(with name: String) -> String? {
        guard !name.isEmpty, name.utf8.count <= maximumBytes else { return "a client name must be 1…\(maximumBytes) bytes" }
        // Every control character (Unicode Cc): C0, DEL, and C1 such as U+009B, which terminals may read as CSI.
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return "a client name must not contain control characters"
        }
        // The agent gets the name as its first argument; one that looks like an option could be misread.
        guard !name.hasPrefix("-") else { return "a client name must not start with \"-\"" }
        return nil
    }
}
