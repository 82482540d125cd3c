import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol

/// What the server does with a method of the protocol (declared in RemindersProtocol): who may
/// call it, what it does to the store, and its handler. Everything else the server and its
/// documents know about a method is derived from this and the declaration: group commit, waiting
/// for the owner, the `commit` member, field prefixes, `initialize`'s list of methods, the OpenRPC
/// document and the MCP tools built on it. Public so that another front end (MCP, the command
/// line) calls a method by its type, and the compiler checks the params and the result it gets.
public protocol MethodHandler: RemindersMethod {
    static var access: Access { get }
    /// Whose authorization status `access` is about: reminders (the default) or events.
    static var entityType: EntityType { get }
    /// The same for one call: by default `entityType`.
    static func entityType(of params: Params, _ caller: Caller) throws -> EntityType
    static var effect: Effect { get }
    /// What the method answers for `params` (checked against `Params.properties`, then read).
    static func handle(_ params: Params, _ context: MethodContext) throws -> Result
}

extension MethodHandler {
    public static var entityType: EntityType { .reminder }
    public static func entityType(of params: Params, _ caller: Caller) throws -> EntityType { entityType }

    /// The members of `params` (always an object). A `.stages` method gets `commit` added.
    static var params: [ObjectRule.Property] { Params.properties }
    static var result: JSONSchema { Result.schema }
}

/// The session a call is made in, for a handler deciding whose access the call needs.
public struct Caller {
    let session: Session
}

/// What a method does to the store, which decides how the server runs it.
public enum Effect: String, Sendable {
    /// `initialize`, `shutdown`: the lifecycle decides when they may run.
    case lifecycle
    /// Reads only (or nothing at all).
    case reads
    /// May wait for the owner's answer (a minute, say): never run inside a group transaction,
    /// which would hold the store's write lock meanwhile.
    case mayWaitForOwner
    /// Talks to another server for a while (CalDAV sync) and writes as it goes, each change in a
    /// transaction of its own: never run inside a group transaction either.
    case network
    /// Writes at once (lists), joining the group commit.
    case writes
    /// Stages a change, as EventKit's `save(_:commit:)`: with `commit` (default true) it also
    /// commits everything staged.
    case stages
    /// Commits everything staged.
    case commits
    /// Forgets everything staged.
    case discards

    /// Whether the method must run on its own, outside any group transaction.
    public var runsAlone: Bool { self == .mayWaitForOwner || self == .network }

    /// Whether, called with `commit` (a `.stages` method's member), the method writes, and so joins the current group
    /// commit. A change staged with `commit: false` writes nothing: it runs outside any group,
    /// so the transaction it is tried in (an event's) is rolled back whole, and no other client
    /// hears of a commit that was none.
    public func joinsGroupCommit(commit: Bool) -> Bool { self == .writes || commitsStagedChanges(commit: commit) }

    /// Whether, called with `commit` (a `.stages` method's member), it commits what is staged.
    public func commitsStagedChanges(commit: Bool) -> Bool {
        switch self {
        case .commits: return true
        case .stages: return commit
        default: return false
        }
    }

    /// Whether what is staged may differ after it.
    public var changesWhatIsStaged: Bool { self == .stages || self == .commits || self == .discards }
}
