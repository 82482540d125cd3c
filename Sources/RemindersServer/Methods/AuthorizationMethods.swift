import JSONRPC
import RemindersModel

enum AuthorizationMethods {
    /// `entityType` defaults to reminder; `event` is refused with EventKit's `invalidEntityType`.
    static func entityType(_ params: Fields) throws(ResponseError) -> EntityType {
        guard let type = try params.optionalEnum("entityType", EntityType.self) else { return .reminder }
        guard type == .reminder else {
            throw params.invalid("entityType", "remindersd stores reminders only", reason: .invalidEntityType)
        }
        return type
    }

    static func authorizationStatus(_ context: MethodContext) throws -> [UInt8] {
        try context.params.rejectUnknown(["entityType"])
        let status = try context.session.authorizationStatus(try entityType(context.params))
        return resultObject { $0.field("status", status.rawValue) }
    }

    /// Asks the owner (never the client) when the answer is not known yet; remembers the answer.
    static func requestAccess(_ context: MethodContext) throws -> [UInt8] {
        let params = context.params
        try params.rejectUnknown(["entityType", "level", "usageDescription"])
        let entity = try entityType(params)
        let level = try params.optionalEnum("level", AccessLevel.self) ?? .full
        guard let usage = try params.optionalString("usageDescription"), !usage.allSatisfy(\.isWhitespace) else {
            throw params.invalid("usageDescription", "a usage description is required: say why this client needs the reminders")
        }
        // The agent gets it as a C-string argument: a NUL would show the owner only the text before it.
        guard !usage.unicodeScalars.contains("\u{0}") else {
            throw params.invalid("usageDescription", "a usage description must not contain NUL characters")
        }
        let session = context.session
        let store = try session.events().store
        let current = try session.authorizationStatus(entity)
        let status = decide(current: current, level: level) {
            session.consent.ask(client: session.clientName, entityType: entity.rawValue, level: level.rawValue, usage: usage)
        }
        if status != current {
            try store.setAuthorizationStatus(status, client: session.clientName, entityType: entity)
            session.authorizationDidChange(to: status)
            session.log.info("client \(session.clientName): \(current.rawValue) → \(status.rawValue)")
        } else if current == .notDetermined {
            session.log.warning("""
                client \(session.clientName) asked for access and nobody could be asked; grant it with \
                --consent-agent PROGRAM or: remindersd permissions set \(session.clientName) fullAccess
                """)
        }
        let granted = status == level.grantedStatus || status == .fullAccess
        return resultObject { writer in
            writer.field("granted", granted)
            writer.field("status", status.rawValue)
        }
    }

    /// EventKit's state machine: ask once; denied and restricted never ask again; a refused
    /// upgrade leaves write-only as it was; nobody to ask changes nothing.
    static func decide(current: AuthorizationStatus, level: AccessLevel, ask: () -> Bool?) -> AuthorizationStatus {
        switch current {
        case .fullAccess, .denied, .restricted:
            return current
        case .writeOnly:
            guard level == .full else { return current }
            return ask() == true ? .fullAccess : .writeOnly
        case .notDetermined:
            switch ask() {
            case true?: return level.grantedStatus
            case false?: return .denied
            case nil: return .notDetermined
            }
        }
    }
}
