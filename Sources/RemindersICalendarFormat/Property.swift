/// A property parameter: `TZID=Europe/Berlin`, `MEMBER="mailto:a@b.c","mailto:d@e.f"`.
public struct Parameter: Equatable, Sendable {
    /// Upper case.
    public var name: String
    public var values: [String]

    public init(_ name: String, _ values: [String]) {
        self.name = name.uppercased()
        self.values = values
    }

    public init(_ name: String, _ value: String) { self.init(name, [value]) }

    public var value: String { values.joined(separator: ",") }
}

/// One content line: a name, its parameters, and its value as written (escapes and all; the
/// value's type decides how to read it).
///
/// A property read from a text remembers that text (`original`), and is written back exactly so
/// unless it was changed: what remindersd does not understand goes back to the server as it came.
public struct Property: Equatable, Sendable {
    /// Upper case.
    public var name: String
    public var parameters: [Parameter]
    public var value: String
    /// Where it was read: the line of the text it came from (for messages), nil when built here.
    public internal(set) var lineNumber: Int?
    /// The unfolded line this property was read from, and what was read from it.
    private var original: (line: String, name: String, parameters: [Parameter], value: String)?

    public init(_ name: String, _ value: String, _ parameters: [Parameter] = []) {
        self.name = name.uppercased()
        self.value = value
        self.parameters = parameters
    }

    public func parameter(_ name: String) -> String? {
        let wanted = name.uppercased()
        return parameters.first { $0.name == wanted }?.value
    }

    /// Same name, parameters and value, however each was spelt.
    public static func == (lhs: Property, rhs: Property) -> Bool {
        lhs.name == rhs.name && lhs.value == rhs.value && lhs.parameters == rhs.parameters
    }

    /// The content line, unfolded: the original text when nothing was changed since reading it.
    public var line: String {
        if let original, original.name == name, original.value == value, original.parameters == parameters { return original.line }
        var line = name
        for parameter in parameters {
            line += ";" + parameter.name + "=" + parameter.values.map(Self.encodeParameterValue).joined(separator: ",")
        }
        return line + ":" + value
    }

    /// Parses one unfolded content line.
    public init(parsing line: String) throws(ICalendarError) {
        // By the byte: every delimiter is ASCII, so a UTF-8 sequence is never split, and what is
        // between delimiters is copied once (a sync or a multiget reads every line of thousands).
        let bytes = Array(line.utf8)
        var index = 0
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        func isAt(_ ascii: Unicode.Scalar) -> Bool { index < bytes.count && bytes[index] == UInt8(ascii: ascii) }
        func skip(until stops: Unicode.Scalar...) {
            while index < bytes.count, !stops.contains(where: { bytes[index] == UInt8(ascii: $0) }) { index += 1 }
        }
        let nameStart = index
        skip(until: ";", ":")
        let name = text(nameStart..<index).trimmingTrailingSpaces()
        guard !name.isEmpty else { throw ICalendarError("a content line must start with a property name, got \"\(line.prefix(40))\"") }
        var parameters: [Parameter] = []
        while isAt(";") {
            index += 1
            let start = index
            skip(until: "=", ";", ":")
            let parameterName = text(start..<index)
            guard isAt("="), !parameterName.isEmpty else {
                throw ICalendarError("parameter \"\(parameterName)\" of \(name) has no value")
            }
            index += 1
            var values: [String] = []
            repeat {
                if isAt(",") { index += 1 }
                if isAt("\"") {
                    index += 1
                    let valueStart = index
                    skip(until: "\"")
                    guard index < bytes.count else {
                        throw ICalendarError("parameter \(parameterName) of \(name) has an unterminated quoted value")
                    }
                    values.append(Self.decodeParameterValue(text(valueStart..<index)))
                    index += 1
                } else {
                    let valueStart = index
                    skip(until: ",", ";", ":")
                    values.append(Self.decodeParameterValue(text(valueStart..<index)))
                }
            } while isAt(",")
            parameters.append(Parameter(parameterName, values))
        }
        guard isAt(":") else { throw ICalendarError("property \(name) has no \":\" before its value") }
        self.init(name, text((index + 1)..<bytes.count), parameters)
        original = (line, self.name, self.parameters, self.value)
    }

    /// RFC 6868: `^n` is a line break, `^'` a double quote, `^^` a caret.
    static func decodeParameterValue(_ text: String) -> String {
        guard text.contains("^") else { return text }
        var result = ""
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            guard character == "^" else { result.append(character); continue }
            switch iterator.next() {
            case "n"?, "N"?: result.append("\n")
            case "'"?: result.append("\"")
            case "^"?: result.append("^")
            case let other?: result.append("^"); result.append(other)
            case nil: result.append("^")
            }
        }
        return result
    }

    /// Quoted when it holds `:`, `;` or `,`; RFC 6868 for line breaks, quotes and carets.
    static func encodeParameterValue(_ value: String) -> String {
        var encoded = ""
        for character in value {
            switch character {
            case "^": encoded += "^^"
            case "\"": encoded += "^'"
            case "\n", "\r\n", "\r": encoded += "^n"
            default: encoded.append(character)
            }
        }
        return encoded.contains(where: { $0 == ":" || $0 == ";" || $0 == "," || $0 == " " }) ? "\"" + encoded + "\"" : encoded
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = Substring(self)
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return String(text)
    }
}
