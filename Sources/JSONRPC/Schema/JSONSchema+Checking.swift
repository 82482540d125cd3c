/// Checking a value against a schema: the first fault found becomes one -32602 error naming the
/// JSON path of the offending value (`reminder.alarms[0].proximity`) in `data.field`.
///
/// Within an object, unknown members are looked for first, then each member in the order it was
/// written, then what is missing; so a typo is reported as itself, not as a missing member.
extension JSONSchema {
    /// Checks `value` (nil: absent) found at `path` ("" for a request's params).
    public func check(_ value: JSONValue, at path: String) throws(ResponseError) {
        switch self {
        case .any:
            return
        case .null:
            guard value.isNull else { throw Self.fault(path, "expected null, got \(value.typeName)") }
        case .boolean:
            guard case .bool = value else { throw Self.fault(path, "expected true or false, got \(value.typeName)") }
        case .integer(let rule):
            try rule.check(value, at: path)
        case .number(let rule):
            guard let number = value.doubleValue else { throw Self.fault(path, "expected a number, got \(value.typeName)") }
            if let minimum = rule.minimum, number < minimum { throw rule.outOfRange(number, path) }
            if let maximum = rule.maximum, number > maximum { throw rule.outOfRange(number, path) }
        case .string(let rule):
            guard case .string(let string) = value else { throw Self.fault(path, "expected a string, got \(value.typeName)") }
            try rule.check(string, at: path)
        case .array(let rule):
            guard case .array(let elements) = value else { throw Self.fault(path, "expected an array, got \(value.typeName)") }
            if let maximum = rule.maximumItems, elements.count > maximum {
                throw Self.fault(path, "at most \(maximum) elements, got \(elements.count)")
            }
            for (index, element) in elements.enumerated() { try rule.items.check(element, at: "\(path)[\(index)]") }
        case .object(let rule):
            guard case .object(let object) = value else { throw Self.fault(path, "expected an object, got \(value.typeName)") }
            try rule.check(object, at: path)
        case .nullable(let schema):
            if value.isNull { return }
            try schema.check(value, at: path)
        case .refused(let message, let reason):
            throw ResponseError.invalidParams("\(path): \(message)", field: path, reason: reason)
        case .named(let named):
            try named.schema.check(value, at: path)
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

extension ObjectRule {
    public func check(_ object: JSONObject, at path: String) throws(ResponseError) {
        func pathOf(_ key: String) -> String { path.isEmpty ? key : path + "." + key }
        if !allowsOtherMembers {
            for member in object.members where property(member.key) == nil {
                throw JSONSchema.fault(pathOf(member.key), "unknown field")
            }
        }
        for member in object.members {
            guard let property = property(member.key) else { continue }
            if property.isRequired, member.value.isNull {
                if case .nullable = property.schema { continue }
                throw property.missing(at: pathOf(member.key))
            }
            // Optional members may be null: absent, or cleared.
            if member.value.isNull, !property.isRequired { continue }
            try property.schema.check(member.value, at: pathOf(member.key))
        }
        for property in properties where property.isRequired && !object.contains(property.name) {
            throw property.missing(at: pathOf(property.name))
        }
    }
}

extension ObjectRule.Property {
    func missing(at path: String) -> ResponseError {
        JSONSchema.fault(path, missingMessage ?? "required \(schema.kindName) is missing")
    }
}

extension IntegerRule {
    func check(_ value: JSONValue, at path: String) throws(ResponseError) {
        let integer: Int64
        switch value {
        case .integer(let exact) where exact.magnitude <= 1 << 53:
            integer = exact
        default:
            guard let whole = value.integerValue else {
                let got = value.doubleValue != nil ? "a fractional or out-of-range number" : value.typeName
                throw JSONSchema.fault(path, "expected an integer, got \(got)")
            }
            // Beyond 2^53 a double cannot hold every integer: what the client meant is not knowable.
            guard whole.magnitude <= 1 << 53 else { throw JSONSchema.fault(path, "integer out of range") }
            integer = whole
        }
        if let minimum, integer < minimum { throw outOfRange(integer, path) }
        if let maximum, integer > maximum { throw outOfRange(integer, path) }
    }

    func outOfRange(_ value: Int64, _ path: String) -> ResponseError {
        let message = rangeMessage?(value) ?? "\(lastComponent(path)) must be \(minimum.map(String.init) ?? "")…\(maximum.map(String.init) ?? ""), got \(value)"
        return .invalidParams("\(path): \(message)", field: path, reason: reason)
    }
}

extension NumberRule {
    func outOfRange(_ value: Double, _ path: String) -> ResponseError {
        let message = rangeMessage?(value) ?? "\(lastComponent(path)) must be \(minimum.map { "\($0)" } ?? "")…\(maximum.map { "\($0)" } ?? ""), got \(value)"
        return .invalidParams("\(path): \(message)", field: path)
    }
}

extension StringRule {
    func check(_ string: String, at path: String) throws(ResponseError) {
        if let cases, !cases.contains(where: { JSONKey.equal($0, string) }) {
            throw JSONSchema.fault(path, "expected one of \(cases.map { "\"\($0)\"" }.joined(separator: ", ")), got \"\(string.prefix(40))\"")
        }
        if let format, !format.accepts(string) {
            throw JSONSchema.fault(path, "\(format.expectation), got \"\(string.prefix(40))\"")
        }
        if minimumBytes != nil || maximumBytes != nil {
            let count = string.utf8.count
            if count < (minimumBytes ?? 0) || count > (maximumBytes ?? Int.max) {
                let range = "\(minimumBytes ?? 0)…\(maximumBytes.map(String.init) ?? "")"
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
