import JSONRPC
import RemindersJSON
import RemindersModel

/// `requestAccess {entityType?, level?, usageDescription}` → `{granted, status}`: asks the owner
/// (never the client) when the answer is not known yet, and remembers the answer.
enum RequestAccess: MethodDeclaration {
    static let name = "requestAccess"
    static let summary = "Asks the owner for access (EKEventStore.requestFullAccessToReminders / requestWriteOnlyAccessToEvents)."
    static let access = Access.anyStatus
    static let effect = Effect.mayWaitForOwner
    static let params: [ObjectRule.Property] = [
        EntityTypeParam.property,
        .init("level", .oneOf(AccessLevel.allCases.map(\.rawValue)), default: .string(AccessLevel.full.rawValue)),
        .init("usageDescription", .string("Why the client needs the reminders, shown to the owner; no NUL."), required: true,
              missingMessage: "a usage description is required: say why this client needs the reminders"),
    ]
    static let result = CommonSchemas.result([("granted", .boolean()), ("status", CommonSchemas.authorizationStatus)])
    static let errors: [MethodError] = [.invalidParams(.invalidEntityType)]

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        let params = context.params
        let entity = try EntityTypeParam.value(params)
        let level = try params.optionalEnum("level", AccessLevel.self) ?? .full
        let usage = try params.string("usageDescription")
        guard !usage.allSatisfy(\.isWhitespace) else {
            throw params.invalid("usageDescription", "a usage description is required: say why this client needs the reminders")
        }
        // The agent gets it as a C-string argument: a NUL would show the owner only the text before it.
        guard !usage.unicodeScalars.contains("\u{0}") else {
            throw params.invalid("usageDescription", "a usage description must not contain NUL characters")
        }
        let session = context.session
        let store = try session.eventStore().store
        let current = try session.authorizationStatus(entity)
        let program = session.options.clientProgram
        let status = decide(current: current, level: level) {
            session.consent.ask(client: session.clientName, program: program, entityType: entity.rawValue, level: level.rawValue, usage: usage)
        }
        // The answer is for this program: the same name from another one is asked again.
        if status != current {
            try store.setAuthorizationStatus(status, client: session.clientName, program: program, entityType: entity)
            session.authorizationDidChange(to: status, for: entity)
            session.log.info("client \(session.clientName) (\(program)): \(current.rawValue) → \(status.rawValue)")
        } else if current == .notDetermined {
            try store.recordUnansweredRequest(client: session.clientName, program: program, entityType: entity)
            session.log.warning("""
                client \(session.clientName) (\(program)) asked for access and nobody could be asked; grant it with \
                --consent-agent PROGRAM or: remindersd permissions set \(session.clientName) fullAccess\(entity == .event ? " --entity event" : "") --program \(program)
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
