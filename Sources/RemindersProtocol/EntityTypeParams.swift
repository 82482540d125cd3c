import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// The params of a method that takes only `entityType`: reminder by default, or event.
public struct EntityTypeParams: WritableMethodParams, Sendable {
    static let property = ObjectRule.Property("entityType", CommonSchemas.entityType, default: .string(EntityType.reminder.rawValue))
    public static let properties: [ObjectRule.Property] = [property]
    public var entityType: EntityType

    public init(entityType: EntityType = .reminder) { self.entityType = entityType }
    public init(_ params: Fields) throws(ResponseError) { entityType = try params.optionalEnum("entityType", EntityType.self) ?? .reminder }
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("entityType", entityType.rawValue)
        writer.endObject()
    }
}
