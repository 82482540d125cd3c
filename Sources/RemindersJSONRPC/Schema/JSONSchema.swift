/// A JSON Schema (the subset a JSON-RPC server needs to say what its methods take and return),
/// as a value: checked against incoming params with JSON paths in every error, and written out as
/// JSON Schema (draft 7, which OpenRPC 1.3 uses) for discovery documents.
///
/// Optional object members also accept `null`, which a server reads as "absent" (or, in an object
/// that changes something, as "clear"); required ones do not.
public indirect enum JSONSchema: Sendable {
    /// Anything at all.
    case any(description: String? = nil)
    case null
    case boolean(description: String? = nil)
    case integer(IntegerRule)
    case number(NumberRule)
    case string(StringRule)
    case array(ArrayRule)
    case object(ObjectRule)
    /// The schema's value, or null.
    case nullable(JSONSchema)
    /// A member that must not be sent; present, it is refused with `message` (and `reason`).
    case refused(message: String, reason: String?)
    /// A named schema, written once under `components/schemas` and referred to everywhere else.
    case named(NamedSchema)

    /// The schema behind any names.
    public var resolved: JSONSchema {
        if case .named(let named) = self { return named.schema.resolved }
        return self
    }

    public var objectRule: ObjectRule? {
        if case .object(let rule) = resolved { return rule }
        return nil
    }
}

/// A schema with a name (`Reminder`), written once in documents and referred to elsewhere.
/// Named schemas are made when declared, so they cannot refer to themselves.
public final class NamedSchema: Sendable {
    public let name: String
    public let schema: JSONSchema

    public init(_ name: String, _ schema: JSONSchema) {
        self.name = name
        self.schema = schema
    }
}

public struct IntegerRule: Sendable {
    public var minimum: Int64?
    public var maximum: Int64?
    /// What a value out of range is told, after "PATH: " (default "NAME must be MIN…MAX, got V").
    public var rangeMessage: (@Sendable (Int64) -> String)?
    /// `data.reason` of an out-of-range error.
    public var reason: String?
    public var description: String?

    public init(
        minimum: Int64? = nil, maximum: Int64? = nil, reason: String? = nil, description: String? = nil,
        rangeMessage: (@Sendable (Int64) -> String)? = nil
    ) {
        self.minimum = minimum; self.maximum = maximum; self.reason = reason
        self.description = description; self.rangeMessage = rangeMessage
    }
}

public struct NumberRule: Sendable {
    public var minimum: Double?
    public var maximum: Double?
    public var rangeMessage: (@Sendable (Double) -> String)?
    public var description: String?

    public init(
        minimum: Double? = nil, maximum: Double? = nil, description: String? = nil,
        rangeMessage: (@Sendable (Double) -> String)? = nil
    ) {
        self.minimum = minimum; self.maximum = maximum; self.description = description; self.rangeMessage = rangeMessage
    }
}

/// A string format the schema names (`date-time`) and checks with `accepts`.
public struct StringFormat: Sendable {
    public var name: String
    /// What a refused value is told, before `got "VALUE"`: "expected an RFC 3339 date-time such as …".
    public var expectation: String
    public var accepts: @Sendable (String) -> Bool

    public init(name: String, expectation: String, accepts: @escaping @Sendable (String) -> Bool) {
        self.name = name; self.expectation = expectation; self.accepts = accepts
    }
}

public struct StringRule: Sendable {
    /// The only values allowed, when given.
    public var cases: [String]?
    public var format: StringFormat?
    /// Length in UTF-8 bytes (what limits are about here: storage and arguments, not glyphs).
    public var minimumBytes: Int?
    public var maximumBytes: Int?
    public var description: String?

    public init(
        cases: [String]? = nil, format: StringFormat? = nil, minimumBytes: Int? = nil, maximumBytes: Int? = nil,
        description: String? = nil
    ) {
        self.cases = cases; self.format = format; self.minimumBytes = minimumBytes; self.maximumBytes = maximumBytes
        self.description = description
    }
}

public struct ArrayRule: Sendable {
    public var items: JSONSchema
    public var maximumItems: Int?
    public var description: String?

    public init(items: JSONSchema, maximumItems: Int? = nil, description: String? = nil) {
        self.items = items; self.maximumItems = maximumItems; self.description = description
    }
}

public struct ObjectRule: Sendable {
    public struct Property: Sendable {
        public var name: String
        public var schema: JSONSchema
        public var isRequired: Bool
        public var description: String?
        /// The value an absent member stands for, for documents (`commit: true`).
        public var defaultValue: JSONValue?
        /// The member holding the object an operation is about (`reminder` of a save): errors found
        /// in that object by later checks are reported under this member's name.
        public var isSubject: Bool
        /// What a missing required member is told (default "required TYPE is missing").
        public var missingMessage: String?

        public init(
            _ name: String, _ schema: JSONSchema, required: Bool = false, description: String? = nil,
            default defaultValue: JSONValue? = nil, subject: Bool = false, missingMessage: String? = nil
        ) {
            self.name = name; self.schema = schema; self.isRequired = required; self.description = description
            self.defaultValue = defaultValue; self.isSubject = subject; self.missingMessage = missingMessage
        }
    }

    public var properties: [Property] { didSet { requiredCount = properties.filter(\.isRequired).count } }
    /// How many properties are required (counted once: most objects have none, and need no look).
    public private(set) var requiredCount: Int
    /// Whether members not listed are accepted (and ignored); refused otherwise, so a misspelt
    /// member is never silently dropped.
    public var allowsOtherMembers: Bool
    public var description: String?

    public init(_ properties: [Property], allowsOtherMembers: Bool = false, description: String? = nil) {
        self.properties = properties
        self.requiredCount = properties.filter(\.isRequired).count
        self.allowsOtherMembers = allowsOtherMembers
        self.description = description
    }

    public func property(_ name: String) -> Property? {
        properties.first { JSONKey.equal($0.name, name) }
    }
}

extension JSONSchema {
    public static func object(
        _ properties: [ObjectRule.Property], allowsOtherMembers: Bool = false,
        description: String? = nil
    ) -> JSONSchema {
        .object(ObjectRule(properties, allowsOtherMembers: allowsOtherMembers, description: description))
    }

    public static func string(_ description: String? = nil) -> JSONSchema { .string(StringRule(description: description)) }

    public static func array(of items: JSONSchema, description: String? = nil) -> JSONSchema {
        .array(ArrayRule(items: items, description: description))
    }

    public static func oneOf(_ cases: [String], description: String? = nil) -> JSONSchema {
        .string(StringRule(cases: cases, description: description))
    }

    public static func named(_ name: String, _ make: () -> JSONSchema) -> JSONSchema {
        .named(NamedSchema(name, make()))
    }

    public static let emptyObject = JSONSchema.object([])
}
