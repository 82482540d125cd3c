/// Checking a value against a schema: the first fault found becomes one -32602 error naming the
/// JSON path of the offending value (`reminder.alarms[0].proximity`) in `data.field`.
///
/// Within an object, unknown members are looked for first, then each member in the order it was
/// written, then what is missing; so a typo is reported as itself, not as a missing member.
extension JSONSchema {
    /// Checks `value` found at `path` ("" for a request's params).
    public func check(_ value: JSONValue, at path: String) throws(ResponseError) {
        try check(value, at: .root(path))
    }

    func check(_ value: JSONValue, at place: SchemaPlace) throws(ResponseError) {
        switch self {
        case .any:
            return
        case .null:
            guard value.isNull else { throw place.fault("expected null, got \(value.typeName)") }
        case .boolean:
            guard case .bool = value else { throw place.fault("expected true or false, got \(value.typeName)") }
        case .integer(let rule):
            try rule.check(value, at: place)
        case .number(let rule):
            guard let number = value.doubleValue else { throw place.fault("expected a number, got \(value.typeName)") }
            if let minimum = rule.minimum, number < minimum { throw rule.outOfRange(number, place.path) }
            if let maximum = rule.maximum, number > maximum { throw rule.outOfRange(number, place.path) }
        case .string(let rule):
            guard case .string(let string) = value else { throw place.fault("expected a string, got \(value.typeName)") }
            try rule.check(string, at: place)
        case .array(let rule):
            guard case .array(let elements) = value else { throw place.fault("expected an array, got \(value.typeName)") }
            if let maximum = rule.maximumItems, elements.count > maximum {
                throw place.fault("at most \(maximum) elements, got \(elements.count)")
            }
            guard !elements.isEmpty else { return }
            let path = place.path
            for (index, element) in elements.enumerated() { try rule.items.check(element, at: .element(of: path, index)) }
        case .object(let rule):
            guard case .object(let object) = value else { throw place.fault("expected an object, got \(value.typeName)") }
            try rule.check(object, at: place.path)
        case .nullable(let schema):
            if value.isNull { return }
            try schema.check(value, at: place)
        case .refused(let message, let reason):
            let path = place.path
            throw ResponseError.invalidParams("\(path): \(message)", field: path, reason: reason)
        case .named(let named):
            try named.schema.check(value, at: place)
        }
    }

    static func fault(_ path: String, _ message: String) -> ResponseError {
        .invalidParams("\(path): \(message)", field: path)
    }

    /// What "required X is missing" calls the expected value.
    var kindName: String {
        switch self {
        case .any: return "value"
        case .null: return "null"
        case .boolean: return "boolean"
        case .integer: return "integer"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        case .nullable(let schema): return schema.kindName
        case .refused: return "value"
        case .named(let named): return named.schema.kindName
        }
    }
}

/// Where a value sits, as its parent's path and its key or index: the value's own path is made
/// only when there is something to report, or when the value holds others — checking a save
/// would otherwise build a string for every member of every request.
enum SchemaPlace {
    case root(String)
    case member(of: String, String)
    case element(of: String, Int)

    var path: String {
        switch self {
        case .root(let path): return path
        case .member(let parent, let key): return parent.isEmpty ? key : parent + "." + key
        case .element(let parent, let index): return "\(parent)[\(index)]"
        }
    }

    func fault(_ message: String) -> ResponseError { JSONSchema.fault(path, message) }
}

extension ObjectRule {
    public func check(_ object: JSONObject, at path: String) throws(ResponseError) {
        // Unknown members first, then each member in order (looked up twice rather than remembered:
        // objects are small, and remembering would cost an allocation for every object checked).
        if !allowsOtherMembers {
            for member in object.members where !properties.contains(where: { JSONKey.equal($0.name, member.key) }) {
                throw SchemaPlace.member(of: path, member.key).fault("unknown field")
            }
        }
        for member in object.members {
            guard let index = properties.firstIndex(where: { JSONKey.equal($0.name, member.key) }) else { continue }
            if member.value.isNull {
                // Optional members may be null: absent, or cleared; so may nullable ones.
                if !properties[index].isRequired { continue }
                if case .nullable = properties[index].schema { continue }
                throw properties[index].missing(at: SchemaPlace.member(of: path, member.key).path)
            }
            try properties[index].schema.check(member.value, at: .member(of: path, member.key))
        }
        guard requiredCount > 0 else { return }
        for property in properties where property.isRequired && !object.contains(property.name) {
            throw property.missing(at: SchemaPlace.member(of: path, property.name).path)
        }
    }
}

extension ObjectRule.Property {
    func missing(at path: String) -> ResponseError {
        JSONSchema.fault(path, missingMessage ?? "required \(schema.kindName) is missing")
    }
}

extension IntegerRule {
    func check(_ value: JSONValue, at place: SchemaPlace) throws(ResponseError) {
        let integer: Int64
        switch value {
        case .integer(let exact) where exact.magnitude <= 1 << 53:
            integer = exact
        default:
            guard let whole = value.integerValue else {
                let got = value.doubleValue != nil ? "a fractional or out-of-range number" : value.typeName
                throw place.fault("expected an integer, got \(got)")
            }
            // Beyond 2^53 a double cannot hold every integer: what the client meant is not knowable.
            guard whole.magnitude <= 1 << 53 else { throw place.fault("integer out of range") }
            integer = whole
        }
        if let minimum, integer < minimum { throw outOfRange(integer, place.path) }
        if let maximum, integer > maximum { throw outOfRange(integer, place.path) }
    }

    func outOfRange(_ value: Int64, _ path: String) -> ResponseError {
        let message =
            rangeMessage?(value) ?? "\(lastComponent(path)) must be \(minimum.map(String.init) ?? "")…\(maximum.map(String.init) ?? ""), got \(value)"
        return .invalidParams("\(path): \(message)", field: path, reason: reason)
    }
}

extension NumberRule {
    func outOfRange(_ value: Double, _ path: String) -> ResponseError {
        let message =
            rangeMessage?(value) ?? "\(lastComponent(path)) must be \(minimum.map { "\($0)" } ?? "")…\(maximum.map { "\($0)" } ?? ""), got \(value)"
        return .invalidParams("\(path): \(message)", field: path)
    }
}

extension StringRule {
    func check(_ string: String, at place: SchemaPlace) throws(ResponseError) {
        if let cases, !cases.contains(where: { JSONKey.equal($0, string) }) {
            throw place.fault("expected one of \(cases.map { "\"\($0)\"" }.joined(separator: ", ")), got \"\(string.prefix(40))\"")
        }
        if let format, !format.accepts(string) {
            throw place.fault("\(format.expectation), got \"\(string.prefix(40))\"")
        }
        if minimumBytes != nil || maximumBytes != nil {
            let count = string.utf8.count
            if count < (minimumBytes ?? 0) || count > (maximumBytes ?? Int.max) {
                let range = "\(minimumBytes ?? 0)…\(maximumBytes.map(String.init) ?? "")"
                let path = place.path
                throw JSONSchema.fault(path, "\(lastComponent(path)) must be \(range) bytes, got \(count)")
            }
        }
    }
}

/// `alarms[0].relativeOffset` → `relativeOffset`: how range messages name what they are about.
func lastComponent(_ path: String) -> String {
    let tail = path.split(separator: ".").last.map(String.init) ?? path
    return tail.split(separator: "[").first.map(String.init) ?? tail
}
