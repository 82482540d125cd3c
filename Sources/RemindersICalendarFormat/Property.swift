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
        let scalars = Array(line.unicodeScalars)
        var index = 0
        func readName() -> String {
            let start = index
            while index < scalars.count, scalars[index] != ";", scalars[index] != ":" { index += 1 }
            return String(String.UnicodeScalarView(scalars[start..<index]))
        }
        let name = readName().trimmingTrailingSpaces()
        guard !name.isEmpty else { throw ICalendarError("a content line must start with a property name, got \"\(line.prefix(40))\"") }
        var parameters: [Parameter] = []
        while index < scalars.count, scalars[index] == ";" {
            index += 1
            let start = index
            while index < scalars.count, scalars[index] != "=", scalars[index] != ";", scalars[index] != ":" { index += 1 }
            let parameterName = String(String.UnicodeScalarView(scalars[start..<index]))
            guard index < scalars.count, scalars[index] == "=", !parameterName.isEmpty else {
                throw ICalendarError("parameter \"\(parameterName)\" of \(name) has no value")
            }
            index += 1
            var values: [String] = []
            repeat {
                if index < scalars.count, scalars[index] == "," { index += 1 }
                if index < scalars.count, scalars[index] == "\"" {
                    index += 1
                    let valueStart = index
                    while index < scalars.count, scalars[index] != "\"" { index += 1 }
                    guard index < scalars.count else {
                        throw ICalendarError("parameter \(parameterName) of \(name) has an unterminated quoted value")
                    }
                    values.append(Self.decodeParameterValue(String(String.UnicodeScalarView(scalars[valueStart..<index]))))
                    index += 1
                } else {
                    let valueStart = index
                    while index < scalars.count, scalars[index] != ",", scalars[index] != ";", scalars[index] != ":" { index += 1 }
                    values.append(Self.decodeParameterValue(String(String.UnicodeScalarView(scalars[valueStart..<index]))))
                }
            } while index < scalars.count && scalars[index] == ","
            parameters.append(Parameter(parameterName, values))
        }
        guard index < scalars.count, scalars[index] == ":" else { throw ICalendarError("property \(name) has no \":\" before its value") }
        self.init(name, String(String.UnicodeScalarView(scalars[(index + 1)...])), parameters)
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
