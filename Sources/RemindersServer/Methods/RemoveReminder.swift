import JSONRPC

/// `removeReminder {identifier, lastModifiedDate?, commit?}` → `{}`.
enum RemoveReminder: MethodDeclaration {
    static let name = "removeReminder"
    static let summary = "Removes a reminder (EKEventStore.remove(_:commit:))."
    static let access = Access.fullAccess
    static let effect = Effect.stages
    static let params: [ObjectRule.Property] = [
        .init("identifier", CommonSchemas.identifier, required: true),
        CommonSchemas.lastModifiedDate,
    ]
    static let result = CommonSchemas.empty
    static let errors: [MethodError] = [.invalidParams(.calendarReadOnly), .notFound, .conflict]

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        try context.session.eventStore().removeReminder(identifier: try context.params.string("identifier"),
                                                    lastModifiedDate: try context.params.optionalTimestamp("lastModifiedDate"),
                                                    commit: context.commit)
        return emptyResult
    }
}
