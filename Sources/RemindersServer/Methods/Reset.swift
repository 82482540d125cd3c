import JSONRPC

/// `reset {}` → `{}`: forgets every staged change.
enum Reset: MethodDeclaration {
    static let name = "reset"
    static let summary = "Forgets every staged change (EKEventStore.reset())."
    static let access = Access.fullOrWriteOnly
    static let effect = Effect.discards
    static let params: [ObjectRule.Property] = []
    static let result = CommonSchemas.empty

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        try context.session.eventStore().reset()
        return emptyResult
    }
}
