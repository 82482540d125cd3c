import JSONRPC
import RemindersJSON
import RemindersModel

/// `shutdown`: from now on only `exit` is accepted (LSP).
enum Shutdown: TypedMethod, MethodDeclaration {
    static let name = "shutdown"
    static let summary = "Ends the session; the client then sends exit."
    static let access = Access.lifecycle
    static let effect = Effect.lifecycle

    typealias Params = NoParams

    /// `null`, as LSP answers it.
    struct Result: MethodResult {
        static let schema = JSONSchema.null
        func write(to writer: inout JSONWriter) { writer.null() }
    }

    static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        context.session.lifecycle = .shutDown
        context.session.stopWatching()
        return Result()
    }
}
