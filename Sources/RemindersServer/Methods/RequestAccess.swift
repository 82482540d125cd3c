import JSONRPC
import RemindersJSON
import RemindersModel

/// `requestAccess {entityType?, level?, usageDescription}` → `{granted, status}`: asks the owner
/// (never the client) when the answer is not known yet, and remembers the answer.
public enum RequestAccess: TypedMethod, MethodDeclaration {
    public static let name = "requestAccess"
    static let summary = "Asks the owner for access (EKEventStore.requestFullAccessToReminders / requestWriteOnlyAccessToEvents)."
    static let access = Access.anyStatus
    static let effect = Effect.mayWaitForOwner
    static let errors: [MethodError] = [.invalidParams(.invalidEntityType)]

    public struct Params: MethodParams, Sendable {
        public static let properties: [ObjectRule.Property] = [
            EntityTypeParams.property,
            .init("level", .oneOf(AccessLevel.allCases.map(\.rawValue)), default: .string(AccessLevel.full.rawValue)),
            .init("usageDescription", .string("Why the client needs the reminders, shown to the owner; no NUL."), required: true,
                  missingMessage: "a usage description is required: say why this client needs the reminders"),
        ]
        public var entityType: EntityType
        public var level: AccessLevel
        public var usageDescription: String

        public init(entityType: EntityType, level: AccessLevel, usageDescription: String) {
            (self.entityType, self.level, self.usageDescription) = (entityType, level, usageDescription)
        }

        public init(_ params: Fields) throws(ResponseError) {
            entityType = try params.optionalEnum("entityType", EntityType.self) ?? .reminder
            level = try params.optionalEnum("level", AccessLevel.self) ?? .full
            usageDescription = try params.string("usageDescription")
            guard !usageDescription.allSatisfy(\.isWhitespace) else {
                throw params.invalid("usageDescription", "a usage description is required: say why this client needs the reminders")
            }
            // The agent gets it as a C-string argument: a NUL would show the owner only the text before it.
            guard !usageDescription.unicodeScalars.contains("\u{0}") else {
                throw params.invalid("usageDescription", "a usage description must not contain NUL characters")
            }
        }
    }

    public struct Result: MethodResult, Sendable {
        public static let schema = CommonSchemas.result([("granted", .boolean()), ("status", CommonSchemas.authorizationStatus)])
        public var granted: Bool
        public var status: AuthorizationStatus

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("granted", granted)
            writer.field("status", status.rawValue)
            writer.endObject()
        }
    }

    static func entityType(of params: Params, session: Session) throws -> EntityType { params.entityType }

    static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let (entity, level, usage) = (params.entityType, params.level, params.usageDescription)
        let session = context.session
        let store = try session.eventStore().store
        let current = try session.authorizationStatus(entity)
        let identity = session.options.clientIdentity
        let program = identity.program
        // A program that cannot be identified is never asked about: the owner could not tell who
        // it is, and a grant to "(unknown)" would hold for every other one.
        let consent = identity.evidence == .unknown ? ConsentChain(askers: []) : try session.consent()
        let status = decide(current: current, level: level) {
            consent.ask(client: session.clientName, program: program, entityType: entity.rawValue, level: level.rawValue, usage: usage)
        }
        // The answer is for this program: the same name from another one is asked again.
        if status != current {
            try store.setAuthorizationStatus(status, client: session.clientName, program: program, entityType: entity)
            session.authorizationDidChange(to: status, for: entity)
            session.log.info("client \(session.clientName) (\(program)): \(current.rawValue) → \(status.rawValue)")
        } else if current == .notDetermined, identity.evidence == .unknown {
            session.log.warning("""
                client \(session.clientName) asked for access, and \(identity.caution ?? "") \
                (remindersd permissions set \(session.clientName) fullAccess --any-program, knowing that)
                """)
        } else if current == .notDetermined {
            try store.recordUnansweredRequest(client: session.clientName, program: program, entityType: entity)
            session.log.warning("""
                client \(session.clientName) (\(program)) asked for access and nobody could be asked; grant it with: \
                remindersd permissions set \(session.clientName) fullAccess\(entity == .event ? " --entity event" : "") --program \(program)\
                \(identity.caution.map { " (mind that \($0))" } ?? ""), or record your consent agent with: remindersd permissions consent-agent PROGRAM
                """)
        }
        return Result(granted: status == level.grantedStatus || status == .fullAccess, status: status)
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
