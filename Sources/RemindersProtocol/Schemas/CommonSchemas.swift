import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// Values that appear all over the protocol: instants, identifiers, entity types.
public enum CommonSchemas: Sendable {
    public static let dateTime = StringFormat(name: "date-time", expectation: "expected an RFC 3339 date-time such as 2026-11-29T09:00:00Z") {
        Timestamp(rfc3339: $0) != nil
    }

    /// An RFC 3339 instant, years 0001…9999; written back as UTC with milliseconds.
    public static let instant = JSONSchema.string(StringRule(format: dateTime, description: "An RFC 3339 instant, e.g. 2026-11-29T09:00:00.000Z."))

    public static let identifier = JSONSchema.string("An identifier the server made: stable and opaque.")

    public static let entityType = JSONSchema.oneOf(
        EntityType.allCases.map(\.rawValue), description: "EKEntityType: reminder or event; each has its own authorization status.")

    public static let authorizationStatus = JSONSchema.oneOf(AuthorizationStatus.allCases.map(\.rawValue), description: "EKAuthorizationStatus.")

    /// `{}`: what methods that return nothing answer.
    public static let empty = JSONSchema.object([], description: "Nothing: the call succeeded.")

    /// The common `lastModifiedDate` member of a conditional update.
    public static let lastModifiedDate = ObjectRule.Property(
        "lastModifiedDate", instant,
        description: "Makes the change conditional: it fails with -32012 when the stored reminder's lastModifiedDate differs.")

    /// `{name: schema}` result members, each always present.
    public static func result(_ members: [(String, JSONSchema)], description: String? = nil) -> JSONSchema {
        .object(members.map { ObjectRule.Property($0.0, $0.1, required: true) }, description: description)
    }
}
