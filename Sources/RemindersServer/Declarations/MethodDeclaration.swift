import JSONRPC
import RemindersJSON
import RemindersModel

/// One protocol method, declared once (as sourcekit-lsp declares a request type, with the types of
/// its params and its response): its name, what it is for, who may call it, what it does to the
/// store, the value it takes (`Params`, whose properties are its params' schema) and the value it
/// answers (`Result`, with its schema, writing itself), and its handler. Everything else the
/// server and its documents know about a method is derived from this: group commit, waiting for
/// the owner, the `commit` member, field prefixes, `initialize`'s list of methods, the OpenRPC
/// document and the MCP tools built on it.
protocol MethodDeclaration: TypedMethod, SendableMetatype {
    /// One line, for the OpenRPC document and `remindersd schema`.
    static var summary: String { get }
    static var access: Access { get }
    /// Whose authorization status `access` is about: reminders (the default) or events.
    static var entityType: EntityType { get }
    /// The same for one call: by default `entityType`.
    static func entityType(of params: Params, session: Session) throws -> EntityType
    static var effect: Effect { get }
    /// Whether `params` may hold members not declared (ignored): only `initialize`, for LSP clients.
    static var acceptsOtherParams: Bool { get }
    /// Errors beyond the ones every method of its access and effect can give.
    static var errors: [MethodError] { get }
    /// What the method answers for `params` (checked against `Params.properties`, then read).
    static func handle(_ params: Params, _ context: MethodContext) throws -> Result
}

extension MethodDeclaration {
    static var entityType: EntityType { .reminder }
    static func entityType(of params: Params, session: Session) throws -> EntityType { entityType }
    static var acceptsOtherParams: Bool { false }
    static var errors: [MethodError] { [] }

    /// The members of `params` (always an object). A `.stages` method gets `commit` added.
    static var params: [ObjectRule.Property] { Params.properties }
    static var result: JSONSchema { Result.schema }
}

/// What a method does to the store, which decides how the server runs it.
enum Effect: String, Sendable {
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
    var runsAlone: Bool { self == .mayWaitForOwner || self == .network }

    /// Whether, called with these params, the method writes, and so joins the current group
    /// commit. A change staged with `commit: false` writes nothing: it runs outside any group,
    /// so the transaction it is tried in (an event's) is rolled back whole, and no other client
    /// hears of a commit that was none.
    func joinsGroupCommit(_ params: JSONValue?) -> Bool { self == .writes || commitsStagedChanges(commit: CommitParam.value(in: params)) }

    /// Whether, called with `commit` (a `.stages` method's member), it commits what is staged.
    func commitsStagedChanges(commit: Bool) -> Bool {
        switch self {
        case .commits: return true
        case .stages: return commit
        default: return false
        }
    }

    /// Whether what is staged may differ after it.
    var changesWhatIsStaged: Bool { self == .stages || self == .commits || self == .discards }
}

/// The `commit` member of every `.stages` method, declared here once.
enum CommitParam {
    static let name = "commit"
    /// What a request's params say: true unless `commit: false`.
    static func value(in params: JSONValue?) -> Bool { params?[name] != .bool(false) }
    static let property = ObjectRule.Property(name, .boolean(description: "Whether to commit everything staged, this change included (EventKit's save(_:commit:))."),
                                              default: true)
}

/// An error a method may answer with, for its OpenRPC entry.
struct MethodError: Sendable {
    let code: Int
    let message: String
    /// EventKit reasons (`data.reason`) this code may carry for the method.
    var reasons: [EventKitErrorCode] = []

    static func invalidParams(_ reasons: EventKitErrorCode...) -> MethodError {
        MethodError(code: ResponseError.invalidParamsCode, message: "Invalid params", reasons: reasons)
    }
    static let notFound = MethodError(code: ResponseError.notFoundCode, message: "Not found")
    static let conflict = MethodError(code: ResponseError.conflictCode, message: "Conflict")
    static let cancelled = MethodError(code: ResponseError.requestCancelledCode, message: "Request cancelled")
}
