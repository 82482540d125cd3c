#if canImport(Glibc)
    import Glibc
#endif

/// Why a byte sequence is not a JSON document we accept, and where.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    public var reason: String
    public var offset: Int
    public var description: String { "\(reason) at byte \(offset)" }
}

/// The member names met by the parses of a document's pieces, shared between them
/// (`JSONParser.parse(_:sharing:)`). One parse at a time: a caller on several threads locks.
public final class JSONNames {
    var table: NameTable?
    public init() {}
}

/// A strict RFC 8259 parser working directly on UTF-8 bytes.
///
/// Foundation's JSONSerialization is several times too slow for a pipelined transport on
/// Linux, so this reads bytes in one pass. Beyond the RFC it refuses what the protocol
/// cannot represent faithfully: invalid UTF-8, lone surrogates, numbers outside `Double`,
/// duplicate keys, and nesting deeper than `maxDepth` (which also bounds stack use).
public struct JSONParser {
    public static let defaultMaxDepth = 64

    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> JSONValue in
            try parse(buffer, maxDepth: maxDepth)
        }
    }

    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8), maxDepth: maxDepth)
    }

    public static func parse(_ buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: buffer, maxDepth: maxDepth)
        return try parser.parseDocument()
    }

    /// A parse of one of many pieces of a document (`JSONSkimmer`'s), sharing with the others the
    /// member names met: a thousand reminders parsed one by one then cost what one parse of them
    /// all does in names (one String per distinct name, not one per occurrence).
    public static func parse(
        _ buffer: UnsafeBufferPointer<UInt8>, sharing names: JSONNames,
        maxDepth: Int = defaultMaxDepth
    ) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: buffer, maxDepth: maxDepth)
        // Taken out while the parse writes it, so that its storage is not copied.
        parser.names = names.table ?? NameTable()
        parser.keysRead = NameTable.threshold
        names.table = nil
        defer { names.table = parser.names }
        return try parser.parseDocument()
    }

    private mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected data after the JSON value") }
        return value
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let maxDepth: Int
    private var index = 0
    /// The members and elements of the objects and arrays being read, innermost last.
    private var members: [JSONObject.Member] = []
    private var elements: [JSONValue] = []
    private var keysRead = 0
    private var names: NameTable?

    private init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    private func error(_ reason: String) -> JSONParseError { JSONParseError(reason: reason, offset: index) }

    private var atEnd: Bool { index >= bytes.count }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard !atEnd else { throw error("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case 0: throw error("NUL byte where a JSON value was expected")
        default: throw error("unexpected character '\(Self.printable(bytes[index]))'")
        }
    }

    private static func printable(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error("unexpected end of input") }
        let matches = literal.withUTF8Buffer { expected in
            for offset in 0..<count where bytes[index + offset] != expected[offset] { return false }
            return true
        }
        guard matches else { throw error("invalid literal") }
        index += count
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= maxDepth else { throw error("JSON nested deeper than \(maxDepth) levels") }
        index += 1
        // Members gather on one stack shared by every object of the document and are copied out
        // once, at the right size: growing each object's own array would reallocate it ~log n times.
        let base = members.count
        defer { members.removeSubrange(base...) }
        var seen: Set<JSONKey>? = nil
        skipWhitespace()
        if !atEnd, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(JSONObject()) }
        while true {
            skipWhitespace()
            guard !atEnd else { throw error("unexpected end of input in an object") }
            guard bytes[index] == UInt8(ascii: "\"") else { throw error("expected a string key in an object") }
            let keyOffset = index
            let key = try parseKey()
            // Small objects scan; large ones (hostile input) switch to a set so this stays linear.
            // Both compare bytes (JSONKey): canonically equivalent but distinct names are not duplicates.
            if members.count - base < 32 {
                for member in members[base...] where JSONKey.equal(member.key, key) {
                    throw JSONParseError(reason: "duplicate key \"\(key)\"", offset: keyOffset)
                }
            } else {
                if seen == nil { seen = Set(members[base...].lazy.map { JSONKey($0.key) }) }
                if !seen!.insert(JSONKey(key)).inserted { throw JSONParseError(reason: "duplicate key \"\(key)\"", offset: keyOffset) }
            }
            skipWhitespace()
            guard !atEnd, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after an object key") }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth)
            members.append(JSONObject.Member(key: key, value: value))
            skipWhitespace()
            guard !atEnd else { throw error("unexpected end of input in an object") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(JSONObject(Array(members[base...])))
            default: throw error("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= maxDepth else { throw error("JSON nested deeper than \(maxDepth) levels") }
        index += 1
        let base = elements.count
        defer { elements.removeSubrange(base...) }
        skipWhitespace()
        if !atEnd, bytes[index] == UInt8(ascii: "]") { index += 1; return .array([]) }
        while true {
            skipWhitespace()
            let element = try parseValue(depth: depth)
            elements.append(element)
            skipWhitespace()
            guard !atEnd else { throw error("unexpected end of input in an array") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(Array(elements[base...]))
            default: throw error("expected ',' or ']' in an array")
            }
        }
    }

    /// A member name. Names repeat across the objects of a document (a thousand reminders have the
    /// same twenty-odd), so once a document has shown many, plain short ones are shared through
    /// `names`: one String per distinct name instead of one per occurrence.
    private mutating func parseKey() throws(JSONParseError) -> String {
        keysRead += 1
        guard keysRead > NameTable.threshold else { return try parseString() }
        let start = index + 1
        var end = start
        while end < bytes.count, end - start <= NameTable.longest {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                if names == nil { names = NameTable() }
                let name = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if let known = names!.name(for: name) {
                    index = end + 1
                    return known
                }
                let key = String(decoding: name, as: UTF8.self)
                names!.remember(key, for: name)
                index = end + 1
                return key
            }
            // Escapes, control characters and non-ASCII bytes take the full path, with its checks.
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            end += 1
        }
        return try parseString()
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        let start = index
        var high: UInt8 = 0  // the raw bytes or-ed together: below 0x80 means plain ASCII
        // Fast path: no escapes, so the bytes between the quotes are the string.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let string = try Self.string(UnsafeBufferPointer(rebasing: bytes[start..<index]), validate: high >= 0x80, offset: start)
                index += 1
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("unescaped control character in a string") }
            high |= byte
            index += 1
        }
        guard index < bytes.count else { throw error("unterminated string") }
        var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        return try parseEscapedString(appendingTo: &utf8, start: start, high: high)
    }

    /// The rest of a string that holds escapes. What `\u` escapes produce is valid UTF-8 by
    /// construction, so only raw non-ASCII bytes (`high`) call for validation.
    private mutating func parseEscapedString(appendingTo utf8: inout [UInt8], start: Int, high: UInt8) throws(JSONParseError) -> String {
        var high = high
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                let validate = high >= 0x80
                return try utf8.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> String in
                    try Self.string(buffer, validate: validate, offset: start)
                }
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw error("unterminated string") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): utf8.append(0x22)
                case UInt8(ascii: "\\"): utf8.append(0x5C)
                case UInt8(ascii: "/"): utf8.append(0x2F)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"): try appendUnicodeEscape(to: &utf8)
                default: index -= 1; throw error("invalid escape '\\\(Self.printable(escape))'")
                }
            default:
                if byte < 0x20 { throw error("unescaped control character in a string") }
                high |= byte
                utf8.append(byte)
                index += 1
            }
        }
        throw error("unterminated string")
    }

    /// The string of these UTF-8 bytes, refusing invalid UTF-8 when they may hold some. ASCII
    /// needs no validation, and skipping `String(validating:)` there matters: being generic, it
    /// costs a metadata lookup per call, which was a quarter of the time spent on a small request.
    private static func string(_ utf8: UnsafeBufferPointer<UInt8>, validate: Bool, offset: Int) throws(JSONParseError) -> String {
        if !validate { return String(decoding: utf8, as: UTF8.self) }
        guard let string = String(validating: utf8, as: UTF8.self) else {
            throw JSONParseError(reason: "invalid UTF-8 in a string", offset: offset)
        }
        return string
    }

    private mutating func readHex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func appendUnicodeEscape(to utf8: inout [UInt8]) throws(JSONParseError) {
        var scalarValue = try readHex4()
        if (0xD800...0xDBFF).contains(scalarValue) {
            guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw error("lone surrogate in \\u escape")
            }
            index += 2
            let low = try readHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("lone surrogate in \\u escape") }
            scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalarValue) {
            throw error("lone surrogate in \\u escape")
        }
        guard let scalar = Unicode.Scalar(scalarValue) else { throw error("invalid \\u escape") }
        utf8.append(contentsOf: UTF8.encode(scalar)!)
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        var negative = false
        if bytes[index] == UInt8(ascii: "-") { negative = true; index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
        // The magnitude is gathered unsigned so that -9223372036854775808 (Int64.min) stays an integer.
        var magnitude: UInt64 = 0
        var overflow = false
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw error("leading zero in a number") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) {
                let digit = UInt64(bytes[index] - UInt8(ascii: "0"))
                let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(digit)
                overflow = overflow || o1 || o2
                magnitude = sum
                index += 1
            }
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number: digits expected after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number: digits expected in the exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        // -0 stays a (negative zero) double: an Int64 has no -0, and a request id of -0 must not be
        // answered as 0 (JSON-RPC echoes the id as sent), so the classifier has to be able to tell.
        if isInteger && negative && magnitude == 0 { return .double(-0.0) }
        if isInteger && !overflow && magnitude <= (negative ? 1 << 63 : UInt64(Int64.max)) {
            return .integer(negative ? Int64(truncatingIfNeeded: 0 &- magnitude) : Int64(magnitude))
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw JSONParseError(reason: "number \(text.prefix(40)) is outside the range of a double", offset: start)
        }
        return .double(value)
    }

    @inline(__always) private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
