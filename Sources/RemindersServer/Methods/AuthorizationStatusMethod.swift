import JSONRPC
import RemindersJSON
import RemindersModel

/// `authorizationStatus {entityType?}` → `{status}`.
enum AuthorizationStatusMethod: MethodDeclaration {
    static let name = "authorizationStatus"
    static let summary = "This client's authorization status (EKEventStore.authorizationStatus(for:))."
    static let access = Access.anyStatus
    static let effect = Effect.reads
    static let params: [ObjectRule.Property] = [EntityTypeParam.property]
    static let result = CommonSchemas.result([("status", CommonSchemas.authorizationStatus)])
    static let errors: [MethodError] = [.invalidParams(.invalidEntityType)]

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        let status = try context.session.authorizationStatus(try EntityTypeParam.value(context.params))
        return resultObject { $0.field("status", status.rawValue) }
    }
}

/// The `entityType` member: reminder by default, or event.
enum EntityTypeParam {
    static let property = ObjectRule.Property("entityType", CommonSchemas.entityType, default: .string(EntityType.reminder.rawValue))

    static func value(_ params: Fields) throws(ResponseError) -> EntityType {
        try params.optionalEnum("entityType", EntityType.self) ?? .reminder
    }
}
