import JSONRPC

/// `shutdown`: from now on only `exit` is accepted (LSP).
enum Shutdown: MethodDeclaration {
    static let name = "shutdown"
    static let summary = "Ends the session; the client then sends exit."
    static let access = Access.lifecycle
    static let effect = Effect.lifecycle
    static let params: [ObjectRule.Property] = []
    static let result = JSONSchema.null

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        context.session.lifecycle = .shutDown
        context.session.stopWatching()
        return [Array("null".utf8)]
    }
}
