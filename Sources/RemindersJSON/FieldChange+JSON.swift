import RemindersJSONRPC
import RemindersModel

extension JSONWriter {
    /// A save's member as `Fields.change` reads it back: absent to keep, null to clear, the value
    /// to set.
    public mutating func change<Value>(_ name: String, _ change: FieldChange<Value>, _ write: (inout JSONWriter, Value) -> Void) {
        switch change {
        case .keep: return
        case .clear:
            key(name)
            null()
        case .set(let value):
            key(name)
            write(&self, value)
        }
    }

    public mutating func change(_ name: String, _ change: FieldChange<String>) { self.change(name, change) { $0.string($1) } }
    public mutating func change(_ name: String, _ change: FieldChange<Bool>) { self.change(name, change) { $0.bool($1) } }
    public mutating func change(_ name: String, _ change: FieldChange<Int>) { self.change(name, change) { $0.integer($1) } }
    public mutating func change(_ name: String, _ change: FieldChange<Timestamp>) {
        self.change(name, change) { writer, date in writer.string(date.rfc3339) }
    }

    /// A list of values, each written by `write`.
    public mutating func array<Element>(_ elements: some Sequence<Element>, _ write: (inout JSONWriter, Element) -> Void) {
        beginArray()
        for element in elements { write(&self, element) }
        endArray()
    }
}

extension Fields {
    /// A required instant.
    public func timestamp(_ key: String) throws(ResponseError) -> Timestamp {
        guard let value = try optionalTimestamp(key) else { throw invalid(key, "required date-time is missing") }
        return value
    }

    /// A required boolean.
    public func bool(_ key: String) throws(ResponseError) -> Bool {
        guard let value = try optionalBool(key) else { throw invalid(key, "required boolean is missing") }
        return value
    }

    /// An array whose elements are each read by `read` (`key[i]` in errors); absent or null: none.
    public func list<Element>(_ key: String, _ read: (JSONValue, String) throws(ResponseError) -> Element) throws(ResponseError) -> [Element] {
        var elements: [Element] = []
        for (index, element) in (try optionalArray(key) ?? []).enumerated() { elements.append(try read(element, pathOf(key) + "[\(index)]")) }
        return elements
    }

    /// A required enumerated value.
    public func enumValue<E: RawRepresentable & CaseIterable>(_ key: String, _ type: E.Type) throws(ResponseError) -> E where E.RawValue == String {
        guard let value = try optionalEnum(key, type) else { throw invalid(key, "required string is missing") }
        return value
    }
}
