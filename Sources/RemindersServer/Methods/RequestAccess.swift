import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore

extension RequestAccess: MethodHandler {
    public static let access = Access.anyStatus
    public static let effect = Effect.mayWaitForOwner
    public static func entityType(of params: Params, _ caller: Caller) throws -> EntityType { params.entityType }

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let (entity, level, usage) = (params.entityType, params.level, params.usageDescription)
        let session = context.session
        let eventStore = try session.eventStore()
        let current = try session.authorizationStatus(entity)
        let identity = session.options.clientIdentity
        let program = identity.program
        // A program that cannot be identified is never asked about: the owner could not tell who
        // it is, and a grant to "(unknown)" would hold for every other one.
        let consent = identity.evidence == .unknown ? ConsentChain(askers: []) : try session.consent()
        if let names = params.lists, names.isEmpty {
            throw ResponseError.invalidParams("name at least one list, or leave lists out", field: "lists")
        }
        // The lists asked for are looked up only when the owner is to be asked, and among the lists
        // this client sees: a client that nobody will ask (denied, granted already) learns nothing
        // of which lists exist, and one granted chosen lists cannot tell a hidden list from none.
        var asked: CalendarScope?
        var titles: [String] = []
        if let names = params.lists, willAsk(current: current, level: level) {
            let calendars = try eventStore.calendars(for: entity)
            let scope = try ListNames.scope(names, entityType: entity, among: calendars)
            asked = scope
            titles = calendars.filter { scope.allowsReading($0.calendarIdentifier) }.map(\.title)
        }
        let status = decide(current: current, level: level) {
            consent.ask(client: session.clientName, program: program, entityType: entity.rawValue, level: level.rawValue, usage: usage, lists: titles)
        }
        // The answer is for this program: the same name from another one is asked again.
        if status != current {
            let scope = status == .fullAccess || status == .writeOnly ? asked : nil
            let client = session.clientName
            try eventStore.write { store throws(StoreError) in
                try store.setAuthorizationStatus(status, client: client, program: program, entityType: entity, scope: scope)
            }
            session.authorizationDidChange(to: status, for: entity, scope: scope)
            session.log.info("client \(session.clientName) (\(program)): \(current.rawValue) → \(status.rawValue)")
        } else if current == .notDetermined, identity.evidence == .unknown {
            session.log.warning(
                """
                client \(session.clientName) asked for access, and \(identity.caution ?? "") \
                (remindersd permissions set \(session.clientName) fullAccess --any-program, knowing that)
                """)
        } else if current == .notDetermined {
            let client = session.clientName
            try eventStore.write { store throws(StoreError) in try store.recordUnansweredRequest(client: client, program: program, entityType: entity)
            }
            session.log.warning(
                """
                client \(session.clientName) (\(program)) asked for access and nobody could be asked; grant it with: \
                remindersd permissions set \(session.clientName) fullAccess\(entity == .event ? " --entity event" : "") --program \(program)\
                \(identity.caution.map { " (mind that \($0))" } ?? ""), or record your consent agent with: remindersd permissions consent-agent PROGRAM
                """)
        }
        let granted = (status == level.grantedStatus || status == .fullAccess) && (status != current || covers(params.lists, of: entity, eventStore))
        return Result(granted: granted, status: status)
    }

    /// Whether asking would reach the owner: EventKit asks a client once, and a write-only one again for full access.
    static func willAsk(current: AuthorizationStatus, level: AccessLevel) -> Bool {
        current == .notDetermined || (current == .writeOnly && level == .full)
    }

    /// Whether the grant in force already gives each list named (nil: the kind whole) — for a client
    /// granted chosen lists, one it sees and may change; for one granted every list, any. What it
    /// was not granted it is not told it has, and a list it cannot see is as one that is not there.
    static func covers(_ names: [String]?, of entity: EntityType, _ eventStore: EventStore) -> Bool {
        guard let names, eventStore.isScoped else { return true }
        // Each name must name one list it may change, as `ListNames` reads names (else it throws).
        guard let calendars = try? eventStore.calendars(for: entity) else { return false }
        return (try? ListNames.scope(names, entityType: entity, among: calendars.filter(\.allowsContentModifications))) != nil
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
