/// Takes a JSON text apart without building it: where each value is, and — down to as many levels
/// as asked — the members of its objects and the elements of its arrays, each as the range of
/// bytes it holds (`JSONOutline`). For a reader that gets a large answer and reads each piece only
/// when it is looked at (EventKit's fetches: a thousand reminders are a thousand ranges, each
/// parsed by `JSONParser` on first use) — building every value of an answer that is mostly never
/// read cost more than the request itself. One pass over the bytes, whatever the levels.
///
/// What it checks as it goes is what finding the ends needs: brackets that match, strings that
/// end, escapes that are escapes, and no byte outside a string that JSON does not allow there.
/// The rest (a number's grammar, UTF-8, duplicate keys) is `JSONParser`'s, when a piece is read.
public struct JSONSkimmer {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index: Int
    private let maxDepth: Int

    private init(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, maxDepth: Int) {
        self.bytes = bytes
        self.index = index
        self.maxDepth = maxDepth
    }

    /// The value that is the whole of `range` (whitespace around it allowed), its containers taken
    /// apart `levels` deep: 0 finds only where it is; 1 its members or elements too; and so on.
    public static func outline(
        of range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, levels: Int,
        maxDepth: Int = JSONParser.defaultMaxDepth
    ) throws(JSONParseError) -> JSONOutline {
        var skimmer = JSONSkimmer(UnsafeBufferPointer(rebasing: bytes[..<range.upperBound]), at: range.lowerBound, maxDepth: maxDepth)
        skimmer.skipWhitespace()
        let outline = try skimmer.outline(levels: levels, depth: 0)
        skimmer.skipWhitespace()
        guard skimmer.index == skimmer.bytes.count else { throw skimmer.error("unexpected data after the JSON value") }
        return outline
    }

    private func error(_ reason: String) -> JSONParseError { JSONParseError(reason: reason, offset: index) }

    private mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
    }

    /// The value here (at `depth` containers in), taken apart `levels` deep.
    private mutating func outline(levels: Int, depth: Int) throws(JSONParseError) -> JSONOutline {
        guard levels > 0, index < bytes.count, bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") else {
            return JSONOutline(range: try value(depth: depth))
        }
        guard depth < maxDepth else { throw error("JSON nested deeper than \(maxDepth) levels") }
        let start = index
        if bytes[index] == UInt8(ascii: "{") {
            var members: [JSONOutline.Member] = []
            try container(close: UInt8(ascii: "}")) { (skimmer) throws(JSONParseError) in
                let key = try skimmer.key()
                members.append(JSONOutline.Member(key: key, value: try skimmer.outline(levels: levels - 1, depth: depth + 1)))
            }
            return JSONOutline(range: start..<index, members: members)
        }
        var elements: [JSONOutline] = []
        try container(close: UInt8(ascii: "]")) { (skimmer) throws(JSONParseError) in
            elements.append(try skimmer.outline(levels: levels - 1, depth: depth + 1))
        }
        return JSONOutline(range: start..<index, elements: elements)
    }

    /// The members or elements of the container opening here, `each` called at the start of each,
    /// and the commas between them.
    private mutating func container(close: UInt8, _ each: (inout JSONSkimmer) throws(JSONParseError) -> Void) throws(JSONParseError) {
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == close { index += 1; return }
        while true {
            skipWhitespace()
            try each(&self)
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input") }
            if bytes[index] == close { index += 1; return }
            guard bytes[index] == UInt8(ascii: ",") else { throw error("expected ',' or '\(Character(UnicodeScalar(close)))'") }
            index += 1
        }
    }

    /// A member's key (read: keys are few at the levels taken apart) and its colon.
    private mutating func key() throws(JSONParseError) -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a string key in an object") }
        let start = index
        try skipString()
        let key = try JSONParser.parse(UnsafeBufferPointer(rebasing: bytes[start..<index])).stringValue ?? ""
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after an object key") }
        index += 1
        skipWhitespace()
        return key
    }

    /// The value here, skipped whole; its range. `depth`: the containers it is in.
    private mutating func value(depth: Int) throws(JSONParseError) -> Range<Int> {
        let start = index
        let deepest = min(maxDepth, depth + 64)
        // The containers opened here, innermost in the low bit (1: an object); `open` of them.
        var kinds: UInt64 = 0
        var open = 0
        repeat {
            guard index < bytes.count else { throw error("unexpected end of input") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                try skipString()
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard depth + open < deepest else { throw error("JSON nested deeper than \(maxDepth) levels") }
                kinds = kinds << 1 | (byte == UInt8(ascii: "{") ? 1 : 0)
                open += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard open > 0, (kinds & 1 == 1) == (byte == UInt8(ascii: "}")) else { throw error("unmatched '\(Character(UnicodeScalar(byte)))'") }
                kinds >>= 1
                open -= 1
            case UInt8(ascii: ","), UInt8(ascii: ":"), 0x20, 0x0A, 0x0D, 0x09:
                guard open > 0 else { throw error("unexpected '\(Character(UnicodeScalar(byte)))'") }
            default:
                guard Self.isScalarByte(byte) else { throw error("unexpected character in JSON") }
                // A number or a literal on its own ends at the first byte that cannot be in one.
                if open == 0 {
                    while index < bytes.count, Self.isScalarByte(bytes[index]) { index += 1 }
                    return start..<index
                }
            }
            index += 1
        } while open > 0
        return start..<index
    }

    /// A byte of a number or of `true`, `false`, `null`.
    private static func isScalarByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"),
            UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "u"), UInt8(ascii: "f"), UInt8(ascii: "a"), UInt8(ascii: "l"), UInt8(ascii: "s"),
            UInt8(ascii: "n"):
            return true
        default:
            return false
        }
    }

    /// From an opening quote to just past its closing one. Eight bytes at a time while none of
    /// them is a quote, a backslash or a control character (most of an answer is string bytes).
    private mutating func skipString() throws(JSONParseError) {
        index += 1
        let base = UnsafeRawPointer(bytes.baseAddress!)
        while true {
            while index + 8 <= bytes.count {
                let word = (base + index).loadUnaligned(as: UInt64.self)
                if Self.holdsSpecial(word) { break }
                index += 8
            }
            guard index < bytes.count else { throw error("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { index += 1; return }
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < bytes.count else { throw error("unterminated string") }
                switch bytes[index + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
                    UInt8(ascii: "r"), UInt8(ascii: "t"), UInt8(ascii: "u"):
                    index += 2
                    continue
                default:
                    throw error("invalid escape in a string")
                }
            }
            if byte < 0x20 { throw error("unescaped control character in a string") }
            index += 1
        }
    }

    /// Whether one of a word's bytes is `"`, `\` or below 0x20 (the classic test for a zero byte,
    /// on the word xor-ed with each: exact when it says no, which is what lets it skip the word).
    @inline(__always) private static func holdsSpecial(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func zeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        let quote = zeroByte(word ^ (ones &* 0x22))
        let backslash = zeroByte(word ^ (ones &* 0x5C))
        let control = (word &- ones &* 0x20) & ~word & highs
        return quote | backslash | control != 0
    }
}

/// Where a JSON value is in a text, and where its members or elements are when it was taken
/// apart (`JSONSkimmer.outline`).
public struct JSONOutline: Sendable {
    public struct Member: Sendable {
        public var key: String
        public var value: JSONOutline
    }

    public var range: Range<Int>
    /// An object's members, when it was taken apart.
    public var members: [Member]?
    /// An array's elements, when it was taken apart.
    public var elements: [JSONOutline]?

    public init(range: Range<Int>, members: [Member]? = nil, elements: [JSONOutline]? = nil) {
        self.range = range
        self.members = members
        self.elements = elements
    }
}
