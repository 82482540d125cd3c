/// Byte scanning for `FrameDecoder`: lines, the `Content-Length:` token, and header lines.
extension FrameDecoder {
    /// One line without its terminator: nil when incomplete, `.some(nil)` when longer than `limit`.
    ///
    /// An overlong line is consumed up to `limit + 1` bytes only, whether or not its end has
    /// arrived, so what the caller does next (resynchronizing) starts at the same byte however
    /// the reads split the stream. (Found by the fuzzer: skipping to the line's end when it was
    /// there, and to the end of the read when not, made the outcome depend on read sizes.)
    mutating func takeLine(limit: Int) -> [UInt8]?? {
        guard let newline = indexOfNewline(from: position) else {
            // limit + 1: a line of exactly `limit` bytes may still end in "\r\n".
            if buffer.count - position > limit + 1 { position += limit + 1; return .some(nil) }
            return nil
        }
        var end = newline
        if end > position, buffer[end - 1] == 0x0D { end -= 1 }
        if end - position > limit { position += limit + 1; return .some(nil) }
        let line = Array(buffer[position..<end])
        position = newline + 1
        return .some(line)
    }

    mutating func indexOfNewline(from start: Int) -> Int? {
        let found: Int? = buffer.withUnsafeBufferPointer { bytes in
            var index = max(start, scanned)
            while index < bytes.count {
                if bytes[index] == 0x0A { return index }
                index += 1
            }
            return nil
        }
        scanned = found ?? buffer.count
        return found
    }

    private static let contentLengthToken: [UInt8] = Array("content-length:".utf8)

    /// Where the next `Content-Length:` (any case) starts. When there is none, everything but a
    /// tail that may be the token's beginning is consumed, so skipping garbage needs no memory.
    mutating func indexOfContentLength(from start: Int) -> Int? {
        let token = Self.contentLengthToken
        let found: Int? = buffer.withUnsafeBufferPointer { bytes in
            var index = start
            while index + token.count <= bytes.count {
                var matched = 0
                while matched < token.count, asciiLowercase(bytes[index + matched]) == token[matched] { matched += 1 }
                if matched == token.count { return index }
                index += 1
            }
            return nil
        }
        if found == nil { position = max(start, buffer.count - (token.count - 1)) }
        return found
    }
}

@inline(__always) private func asciiLowercase(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
}

/// One LSP header line, classified.
enum LSPHeader {
    case contentLength(Int)
    case other
    case invalid(FramingError)

    /// Longest `Content-Length` value read: 18 digits always fit an `Int`, and no real body comes near.
    static let maxLengthDigits = 18

    init(_ line: [UInt8]) {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0 else {
            self = .invalid(.invalidHeader(String(decoding: line, as: UTF8.self)))
            return
        }
        let name = line[..<colon]
        // RFC 7230 token characters, as far as LSP clients use them: letters, digits, '-'.
        guard name.allSatisfy({ isASCIIAlphanumeric($0) || $0 == UInt8(ascii: "-") }) else {
            self = .invalid(.invalidHeader(String(decoding: line, as: UTF8.self)))
            return
        }
        guard name.count == 14, name.map(asciiLowercase).elementsEqual("content-length".utf8) else {
            self = .other
            return
        }
        var value = line[(colon + 1)...]
        while let first = value.first, first == 0x20 || first == 0x09 { value.removeFirst() }
        while let last = value.last, last == 0x20 || last == 0x09 { value.removeLast() }
        guard !value.isEmpty, value.count <= Self.maxLengthDigits,
            value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
        else {
            self = .invalid(.invalidContentLength(String(decoding: value, as: UTF8.self)))
            return
        }
        self = .contentLength(value.reduce(0) { $0 * 10 + Int($1 - 0x30) })
    }
}

@inline(__always) private func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
}
