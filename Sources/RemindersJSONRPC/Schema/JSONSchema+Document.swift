/// A schema written out as JSON Schema (draft 7, the dialect of OpenRPC 1.3). Named schemas become
/// `{"$ref": "#/components/schemas/NAME"}`, each defined once in the `components` collected.
extension JSONSchema {
    /// The JSON Schema of this schema; named schemas met on the way are added to `components`.
    public func document(components: inout SchemaComponents) -> JSONValue {
        switch self {
        case .any(let description):
            return Self.annotated([:], description)
        case .null:
            return ["type": "null"]
        case .boolean(let description):
            return Self.annotated(["type": "boolean"], description)
        case .integer(let rule):
            var object: JSONObject = ["type": "integer"]
            if let minimum = rule.minimum { object["minimum"] = .integer(minimum) }
            if let maximum = rule.maximum { object["maximum"] = .integer(maximum) }
            if let reason = rule.reason { object["x-reason"] = .string(reason) }
            return Self.annotated(object, rule.description)
        case .number(let rule):
            var object: JSONObject = ["type": "number"]
            if let minimum = rule.minimum { object["minimum"] = .double(minimum) }
            if let maximum = rule.maximum { object["maximum"] = .double(maximum) }
            return Self.annotated(object, rule.description)
        case .string(let rule):
            var object: JSONObject = ["type": "string"]
            if let cases = rule.cases { object["enum"] = .array(cases.map(JSONValue.string)) }
            if let format = rule.format { object["format"] = .string(format.name) }
            // JSON Schema counts characters, not bytes: a byte limit is kept as an extension, and a
            // minimum of one byte is the same as one character.
            if let minimum = rule.minimumBytes, minimum > 0 { object["minLength"] = 1 }
            if let maximum = rule.maximumBytes { object["x-maxBytes"] = .integer(Int64(maximum)) }
            return Self.annotated(object, rule.description)
        case .array(let rule):
            var object: JSONObject = ["type": "array", "items": rule.items.document(components: &components)]
            if let maximum = rule.maximumItems { object["maxItems"] = .integer(Int64(maximum)) }
            return Self.annotated(object, rule.description)
        case .object(let rule):
            return rule.document(components: &components)
        case .nullable(let schema):
            let inner = schema.document(components: &components)
            // {"type": "string"} → {"type": ["string", "null"]}; anything else → oneOf.
            if case .object(var object) = inner, case .string(let type)? = object["type"], object["enum"] == nil {
                object["type"] = [.string(type), "null"]
                return .object(object)
            }
            return ["oneOf": [inner, ["type": "null"]]]
        case .refused(let message, let reason):
            var object: JSONObject = ["not": [:], "description": .string("Refused: \(message)")]
            if let reason { object["x-reason"] = .string(reason) }
            return .object(object)
        case .named(let named):
            components.add(named)
            return ["$ref": .string("#/components/schemas/\(named.name)")]
        }
    }

    static func annotated(_ object: JSONObject, _ description: String?) -> JSONValue {
        var object = object
        if let description { object["description"] = .string(description) }
        return .object(object)
    }
}

extension ObjectRule {
    func document(components: inout SchemaComponents) -> JSONValue {
        var properties = JSONObject()
        for property in self.properties {
            var schema = property.documentedSchema.document(components: &components)
            if case .object(var object) = schema {
                if let description = property.description, object["description"] == nil { object["description"] = .string(description) }
                if let value = property.defaultValue { object["default"] = value }
                schema = .object(object)
            } else if property.description != nil || property.defaultValue != nil {
                schema = ["allOf": [schema]]
            }
            properties[property.name] = schema
        }
        var object: JSONObject = ["type": "object", "properties": .object(properties)]
        let required = self.properties.filter(\.isRequired).map { JSONValue.string($0.name) }
        if !required.isEmpty { object["required"] = .array(required) }
        if !allowsOtherMembers { object["additionalProperties"] = false }
        return JSONSchema.annotated(object, description)
    }
}

extension ObjectRule.Property {
    /// The member's schema as documents give it: an optional member may also be null (absent).
    public var documentedSchema: JSONSchema {
        if isRequired { return schema }
        if case .nullable = schema { return schema }
        return .nullable(schema)
    }
}

/// The named schemas a document refers to, each written once.
public struct SchemaComponents {
    public private(set) var schemas = JSONObject()
    private var names: Set<String> = []

    public init() {}

    mutating func add(_ named: NamedSchema) {
        guard names.insert(named.name).inserted else { return }
        schemas[named.name] = .null  // placed first, so a schema that refers to itself stops here
        schemas[named.name] = named.schema.document(components: &self)
    }
}

extension JSONSchema {
    /// The JSON Schema of this schema standing alone: the named schemas it uses under `$defs`,
    /// referred to as `#/$defs/NAME` — what a tool's `inputSchema` and `outputSchema` must be.
    /// A named schema at the root is written there, not referred to: MCP wants the root to say
    /// `"type": "object"`.
    public var standaloneDocument: JSONValue {
        if case .named(let named) = self { return named.schema.standaloneDocument }
        var components = SchemaComponents()
        guard case .object(var root) = Self.pointingAtDefinitions(document(components: &components)) else { return [:] }
        if !components.schemas.isEmpty { root["$defs"] = Self.pointingAtDefinitions(.object(components.schemas)) }
        return .object(root)
    }

    private static func pointingAtDefinitions(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            var rewritten = JSONObject()
            for member in object.members {
                let prefix = "#/components/schemas/"
                if member.key == "$ref", case .string(let target) = member.value, target.hasPrefix(prefix) {
                    rewritten[member.key] = .string("#/$defs/" + target.dropFirst(prefix.count))
                } else {
                    rewritten[member.key] = pointingAtDefinitions(member.value)
                }
            }
            return .object(rewritten)
        case .array(let items): return .array(items.map(pointingAtDefinitions))
        default: return value
        }
    }
}
