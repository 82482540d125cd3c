import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `requestAccess {entityType?, level?, usageDescription, lists?}` → `{granted, status}`: asks the
/// owner (never the client) when the answer is not known yet, and remembers the answer. With
/// `lists`, for those lists only (remindersd's own extension: the grant is scoped to them).
public enum RequestAccess: RemindersMethod {
    public static let name = "requestAccess"
    public static let summary = "Asks the owner for access (EKEventStore.requestFullAccessToReminders / requestWriteOnlyAccessToEvents)."
    public static let errors: [MethodError] = [.invalidParams(.invalidEntityType)]

    public struct Params: WritableMethodParams, Sendable {
        public static let properties: [ObjectRule.Property] = [
            EntityTypeParams.property,
            .init("level", .oneOf(AccessLevel.allCases.map(\.rawValue)), default: .string(AccessLevel.full.rawValue)),
            .init(
                "usageDescription", .string("Why the client needs the reminders, shown to the owner; no NUL."), required: true,
                missingMessage: "a usage description is required: say why this client needs the reminders"),
            .init(
                "lists", .array(of: .string()),
                description:
                    "Only these lists (titles or identifiers; event calendars with entityType event): the owner is told which, and a grant is for them only."
            ),
        ]
        public var entityType: EntityType
        public var level: AccessLevel
        public var usageDescription: String
        /// The lists asked for (titles or identifiers); nil: every list.
        public var lists: [String]?

        public init(entityType: EntityType, level: AccessLevel, usageDescription: String, lists: [String]? = nil) {
            (self.entityType, self.level, self.usageDescription, self.lists) = (entityType, level, usageDescription, lists)
        }

        public init(_ params: Fields) throws(ResponseError) {
            entityType = try params.optionalEnum("entityType", EntityType.self) ?? .reminder
            level = try params.optionalEnum("level", AccessLevel.self) ?? .full
            usageDescription = try params.string("usageDescription")
            lists = try params.optionalStrings("lists")
            if let lists, lists.isEmpty { throw params.invalid("lists", "name at least one list, or leave lists out for all of them") }
            guard !usageDescription.allSatisfy(\.isWhitespace) else {
                throw params.invalid("usageDescription", "a usage description is required: say why this client needs the reminders")
            }
            // The agent gets it as a C-string argument: a NUL would show the owner only the text before it.
            guard !usageDescription.unicodeScalars.contains("\u{0}") else {
                throw params.invalid("usageDescription", "a usage description must not contain NUL characters")
            }
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("entityType", entityType.rawValue)
            writer.field("level", level.rawValue)
            writer.field("usageDescription", usageDescription)
            if let lists { writer.field("lists", lists) }
            writer.endObject()
        }
    }

    public struct Result: ReadableMethodResult, Sendable {
        public static let schema = CommonSchemas.result([("granted", .boolean()), ("status", CommonSchemas.authorizationStatus)])
        public var granted: Bool
        public var status: AuthorizationStatus

        public init(granted: Bool, status: AuthorizationStatus) {
            self.granted = granted
            self.status = status
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("granted", granted)
            writer.field("status", status.rawValue)
            writer.endObject()
        }

        public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) {
            let fields = try Self.fields(value)
            self.init(granted: try fields.bool("granted"), status: try fields.enumValue("status", AuthorizationStatus.self))
        }
    }
}
