import RemindersJSONRPC
import RemindersModel

/// Reads the members of one JSON object of the params, naming each by its JSON path in errors
/// (`reminder.alarms[0].proximity`). The params were checked against the method's schema first
/// (unknown members, types, ranges); what is left to refuse here are rules between members.
public struct Fields {
    public let object: JSONObject
    public let path: String

    public init(_ object: JSONObject, path: String) {
        self.object = object
        self.path = path
    }

    public func pathOf(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    public func invalid(_ key: String, _ message: String, reason: EventKitErrorCode? = nil) -> ResponseError {
        .invalidParams("\(pathOf(key)): \(message)", field: pathOf(key), reason: reason?.rawValue)
    }

    public func contains(_ key: String) -> Bool { object.contains(key) }

    // MARK: Required and optional values

    public func string(_ key: String) throws(ResponseError) -> String {
        guard let value = try optionalString(key) else { throw invalid(key, "required string is missing") }
        return value
    }

    public func optionalString(_ key: String) throws(ResponseError) -> String? {
        guard let value = object[key], !value.isNull else { return nil }
        guard case .string(let string) = value else { throw invalid(key, "expected a string, got \(value.typeName)") }
        return string
    }

    public func nonEmptyString(_ key: String) throws(ResponseError) -> String {
        let value = try string(key)
        guard !value.isEmpty else { throw invalid(key, "must not be empty") }
        return value
    }

    public func optionalBool(_ key: String) throws(ResponseError) -> Bool? {
        guard let value = object[key], !value.isNull else { return nil }
        guard case .bool(let bool) = value else { throw invalid(key, "expected true or false, got \(value.typeName)") }
        return bool
    }

    public func bool(_ key: String, default defaultValue: Bool) throws(ResponseError) -> Bool {
        try optionalBool(key) ?? defaultValue
    }

    public func optionalInt(_ key: String) throws(ResponseError) -> Int? {
        guard let value = object[key], !value.isNull else { return nil }
        if case .integer(let integer) = value, integer.magnitude <= 1 << 53 { return Int(integer) }  // no path needed
        return try Self.int(value, path: pathOf(key))
    }

    public func int(_ key: String) throws(ResponseError) -> Int {
        guard let value = try optionalInt(key) else { throw invalid(key, "required integer is missing") }
        return value
    }

    public func optionalDouble(_ key: String) throws(ResponseError) -> Double? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let number = value.doubleValue else { throw invalid(key, "expected a number, got \(value.typeName)") }
        return number
    }

    public func double(_ key: String) throws(ResponseError) -> Double {
        guard let value = try optionalDouble(key) else { throw invalid(key, "required number is missing") }
        return value
    }

    public func optionalTimestamp(_ key: String) throws(ResponseError) -> Timestamp? {
        guard let text = try optionalString(key) else { return nil }
        guard let timestamp = Timestamp(rfc3339: text) else {
            throw invalid(key, "expected an RFC 3339 date-time such as 2026-11-29T09:00:00Z, got \"\(text.prefix(40))\"")
        }
        return timestamp
    }

    public func optionalObject(_ key: String) throws(ResponseError) -> Fields? {
        guard let value = object[key], !value.isNull else { return nil }
        guard case .object(let nested) = value else { throw invalid(key, "expected an object, got \(value.typeName)") }
        return Fields(nested, path: pathOf(key))
    }

    public func object(_ key: String) throws(ResponseError) -> Fields {
        guard let fields = try optionalObject(key) else { throw invalid(key, "required object is missing") }
        return fields
    }

    public func optionalArray(_ key: String) throws(ResponseError) -> [JSONValue]? {
        guard let value = object[key], !value.isNull else { return nil }
        guard case .array(let elements) = value else { throw invalid(key, "expected an array, got \(value.typeName)") }
        return elements
    }

    /// An optional array of strings, each checked (`key[i]` in errors).
    public func optionalStrings(_ key: String) throws(ResponseError) -> [String]? {
        try optionalArray(key)?.enumerated().map { (index, value) throws(ResponseError) in try Fields.string(value, path: pathOf(key) + "[\(index)]")
        }
    }

    public func optionalEnum<E: RawRepresentable & CaseIterable>(_ key: String, _ type: E.Type) throws(ResponseError) -> E?
    where E.RawValue == String {
        guard let text = try optionalString(key) else { return nil }
        guard let value = E(rawValue: text) else {
            throw invalid(key, "expected one of \(E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), got \"\(text.prefix(40))\"")
        }
        return value
    }

    /// Absent = keep, null = clear, a value = set.
    public func change<T>(_ key: String, _ decode: (JSONValue, String) throws(ResponseError) -> T) throws(ResponseError) -> FieldChange<T> {
        guard let value = object[key] else { return .keep }
        if value.isNull { return .clear }
        return .set(try decode(value, pathOf(key)))
    }

    public static func int(_ value: JSONValue, path: String) throws(ResponseError) -> Int {
        if case .integer(let integer) = value, integer.magnitude <= 1 << 53 { return Int(integer) }  // the usual case, first
        guard let integer = value.integerValue else {
            let got = value.doubleValue != nil ? "a fractional or out-of-range number" : value.typeName
            throw .invalidParams("\(path): expected an integer, got \(got)", field: path)
        }
        guard let int = Int(exactly: integer), int.magnitude <= 1 << 53 else {
            throw .invalidParams("\(path): integer out of range", field: path)
        }
        return int
    }

    public static func string(_ value: JSONValue, path: String) throws(ResponseError) -> String {
        guard case .string(let string) = value else { throw .invalidParams("\(path): expected a string, got \(value.typeName)", field: path) }
        return string
    }

    public static func object(_ value: JSONValue, path: String) throws(ResponseError) -> Fields {
        guard case .object(let object) = value else { throw .invalidParams("\(path): expected an object, got \(value.typeName)", field: path) }
        return Fields(object, path: path)
    }

    public static func bool(_ value: JSONValue, path: String) throws(ResponseError) -> Bool {
        guard case .bool(let bool) = value else { throw .invalidParams("\(path): expected true or false, got \(value.typeName)", field: path) }
        return bool
    }

    public static func timestamp(_ value: JSONValue, path: String) throws(ResponseError) -> Timestamp {
        guard case .string(let text) = value, let date = Timestamp(rfc3339: text) else {
            throw .invalidParams("\(path): expected an RFC 3339 date-time such as 2026-11-29T09:00:00Z", field: path)
        }
        return date
    }

    public static func enumValue<E: RawRepresentable & CaseIterable>(_ value: JSONValue, path: String, _ type: E.Type) throws(ResponseError) -> E
    where E.RawValue == String {
        guard case .string(let text) = value, let found = E(rawValue: text) else {
            throw .invalidParams("\(path): expected one of \(E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))", field: path)
        }
        return found
    }

    public static func array(_ value: JSONValue, path: String) throws(ResponseError) -> [JSONValue] {
        guard case .array(let elements) = value else { throw .invalidParams("\(path): expected an array, got \(value.typeName)", field: path) }
        return elements
    }
}

extension Fields {
    /// The members every calendar item's save takes (`calendarIdentifier`, `title`, `notes`,
    /// `url`, `location`: present, null or absent), read into `changes`.
    public func readCommonChanges(into changes: inout some CalendarItemChanges) throws(ResponseError) {
        changes.calendarIdentifier = try change("calendarIdentifier", Fields.string)
        changes.title = try change("title", Fields.string)
        changes.notes = try change("notes", Fields.string)
        changes.url = try change("url", Fields.string)
        changes.location = try change("location", Fields.string)
    }
}
