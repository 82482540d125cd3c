import JSONRPC
import RemindersJSON
import RemindersModel

/// `authorizationStatus {entityType?}` → `{status}`.
public enum AuthorizationStatusMethod: TypedMethod, MethodDeclaration {
    public static let name = "authorizationStatus"
    static let summary = "This client's authorization status (EKEventStore.authorizationStatus(for:))."
    static let access = Access.anyStatus
    static let effect = Effect.reads
    static let errors: [MethodError] = [.invalidParams(.invalidEntityType)]

    public typealias Params = EntityTypeParams

    public struct Result: MethodResult, Sendable {
        public static let schema = CommonSchemas.result([("status", CommonSchemas.authorizationStatus)])
        public var status: AuthorizationStatus
        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("status", status.rawValue)
            writer.endObject()
        }
    }

    static func entityType(of params: Params, session: Session) throws -> EntityType { params.entityType }

    static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        Result(status: try context.session.authorizationStatus(params.entityType))
    }
}

/// The params of a method that takes only `entityType`: reminder by default, or event.
public struct EntityTypeParams: MethodParams, Sendable {
    static let property = ObjectRule.Property("entityType", CommonSchemas.entityType, default: .string(EntityType.reminder.rawValue))
    public static let properties: [ObjectRule.Property] = [property]
    public var entityType: EntityType

    public init(entityType: EntityType = .reminder) { self.entityType = entityType }
    public init(_ params: Fields) throws(ResponseError) { entityType = try params.optionalEnum("entityType", EntityType.self) ?? .reminder }
}
