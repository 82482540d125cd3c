/// Writes compact JSON straight into a byte buffer.
///
/// Values are written as they are produced, so a response of 100,000 reminders never
/// exists as a tree of `JSONValue`s. Commas are placed automatically: every value or key
/// written after another one in the same container is preceded by one.
public struct JSONWriter {
    public private(set) var bytes: [UInt8]
    private var needsComma = false

    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Hands over what was written so far and goes on with an empty buffer, in the same place of the
    /// document: a large document can be produced as pieces and never held whole.
    public mutating func takeBytes() -> [UInt8] {
        let taken = bytes
        bytes = []
        bytes.reserveCapacity(taken.count)
        return taken
    }

    @inline(__always) private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    public mutating func beginObject() { separate(); bytes.append(UInt8(ascii: "{")); needsComma = false }
    public mutating func endObject() { bytes.append(UInt8(ascii: "}")); needsComma = true }
    public mutating func beginArray() { separate(); bytes.append(UInt8(ascii: "[")); needsComma = false }
    public mutating func endArray() { bytes.append(UInt8(ascii: "]")); needsComma = true }

    /// Writes `"name":`; the next value written belongs to it.
    public mutating func key(_ name: String) {
        separate()
        appendQuoted(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func null() { separate(); appendStatic("null"); needsComma = true }

    public mutating func bool(_ value: Bool) {
        separate()
        appendStatic(value ? "true" : "false")
        needsComma = true
    }

    /// Appends a literal's bytes as they are (no escaping: for names and keywords written in code).
    @inline(__always) private mutating func appendStatic(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// `"name":` for a name written in code, which never needs escaping; encoders write many of these.
    public mutating func key(static name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        appendStatic(name)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func integer<I: BinaryInteger>(_ value: I) {
        separate()
        if let exact = Int64(exactly: value) {
            appendDecimal(exact)
        } else {
            bytes.append(contentsOf: String(value).utf8)  // UInt64 beyond Int64.max: exact, not a trap
        }
        needsComma = true
    }

    /// Finite doubles only; whole numbers are written without a fraction so `2.0` reads back as an integer.
    public mutating func double(_ value: Double) {
        precondition(value.isFinite, "JSON has no representation for \(value)")
        separate()
        if value.rounded() == value, abs(value) < 1e15 {
            appendDecimal(Int64(value))
        } else {
            bytes.append(contentsOf: Array(value.description.utf8))
        }
        needsComma = true
    }

    public mutating func string(_ value: String) {
        separate()
        appendQuoted(value)
        needsComma = true
    }

    /// A string of `count` bytes that `fill` writes in place, for values made of characters that
    /// never need escaping (dates, identifiers formatted by code); saves making a String of them.
    public mutating func string(unescapedByteCount count: Int, _ fill: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: count))
        bytes.withUnsafeMutableBufferPointer { whole in
            fill(UnsafeMutableBufferPointer(rebasing: whole[start..<start + count]))
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// Pre-encoded JSON (a nested document written by another writer).
    public mutating func raw(_ json: [UInt8]) {
        separate()
        bytes.append(contentsOf: json)
        needsComma = true
    }

    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let b): bool(b)
        case .integer(let i): integer(i)
        case .double(let d): double(d)
        case .string(let s): string(s)
        case .array(let elements):
            beginArray()
            for element in elements { self.value(element) }
            endArray()
        case .object(let object):
            beginObject()
            for member in object.members {
                key(member.key)
                self.value(member.value)
            }
            endObject()
        }
    }

    // MARK: Convenience for object members

    public mutating func field(_ name: StaticString, _ value: String?) {
        key(static: name)
        if let value { string(value) } else { null() }
    }

    public mutating func field(_ name: StaticString, _ value: Bool) { key(static: name); bool(value) }
    public mutating func field(_ name: StaticString, _ value: Int) { key(static: name); integer(value) }
    public mutating func field(_ name: StaticString, _ value: Int?) {
        key(static: name)
        if let value { integer(value) } else { null() }
    }
    public mutating func field(_ name: StaticString, _ value: JSONValue) { key(static: name); self.value(value) }

    public mutating func field(_ name: StaticString, _ values: [String]) {
        key(static: name)
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    // MARK: Bytes

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private mutating func appendDecimal(_ value: Int64) {
        if value == 0 { bytes.append(UInt8(ascii: "0")); return }
        var magnitude = value.magnitude
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
            for position in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[position]) }
        }
    }

    private mutating func appendQuoted(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var runStart = 0
            for position in 0..<utf8.count {
                let byte = utf8[position]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if runStart < position { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<position])) }
                runStart = position + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    bytes.append(contentsOf: [
                        UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                        Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0xF)],
                    ])
                }
            }
            if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count])) }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

extension JSONValue {
    /// The compact JSON text of this value.
    public var serialized: String {
        var writer = JSONWriter()
        writer.value(self)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
