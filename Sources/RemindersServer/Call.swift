import RemindersJSONRPC
import RemindersJSON
import RemindersProtocol

/// A call read once, where it arrives: its method, its params checked against the method's
/// declaration, and its `commit`. The server groups requests into transactions on what this
/// says and the dispatcher runs it, so neither looks at the raw params again — a `commit` the
/// check would refuse never decides a transaction. A class: it is handed from the reader to the
/// grouping to the dispatcher, and a reference costs one retain where its members cost several.
final class Call {
    /// The name as the client sent it (answered with "method not found" when nothing has it).
    let name: String
    let method: RegisteredMethod?
    /// The params as the declaration reads them, or why they are refused.
    let params: Result<Fields, ResponseError>
    /// A `.stages` method's `commit` member: true unless the checked params say `false`.
    let commit: Bool

    init(method name: String, params: JSONValue?) {
        self.name = name
        method = MethodRegistry.named(name)
        if let method {
            self.params = Result { () throws(ResponseError) in try method.check(params) }
        } else {
            self.params = .failure(.methodNotFound(name))
        }
        commit = (try? self.params.get().bool(CommitParam.name, default: true)) ?? true
    }

    /// Whether it writes, and so joins the current group commit (see `Effect.joinsGroupCommit`).
    var joinsGroupCommit: Bool { method?.effect.joinsGroupCommit(commit: commit) ?? false }

    /// Whether it stages a change without committing it (`commit: false`).
    var stagesWithoutCommitting: Bool { method?.effect == .stages && !commit }

    /// Whether it must run outside any group transaction (see `Effect.runsAlone`).
    var runsAlone: Bool { method?.effect.runsAlone ?? false }
}
