/// Cuts a byte stream into message frames, whatever sizes the reads come in.
///
/// A small state machine: it learns the framing from the first byte, then alternates
/// between headers and bodies (LSP) or splits lines (NDJSON). Memory stays bounded by
/// the message-size limit: an oversized body or line is discarded as it arrives and
/// reported once, and the decoder carries on with the next frame.
public struct FrameDecoder {
    public enum Output: Equatable {
        case message([UInt8])
        case error(FramingError)
    }

    private enum State: Equatable {
        case detecting
        case headers(contentLength: Int?)
        /// After a bad header: drop lines quietly until a valid `Content-Length` header.
        case resynchronizing
        case body(length: Int)
        case discardingBody(remaining: Int)
        case line
        case discardingLine
    }

    /// Bodies announced beyond this many times the limit are taken as garbage rather than skipped,
    /// so a hostile `Content-Length` cannot swallow the rest of the session.
    private static let skippableFactor = 64
    private static let maxHeaderLine = 1024

    public let maxMessageSize: Int
    public private(set) var framing: Framing?
    private var state: State = .detecting
    private var buffer: [UInt8] = []
    private var position = 0
    /// Bytes before this offset are known to hold no newline, so long lines are scanned once, not once per read.
    private var scanned = 0

    public init(maxMessageSize: Int = 16 << 20, framing: Framing? = nil) {
        self.maxMessageSize = maxMessageSize
        self.framing = framing
        if let framing { state = framing == .lsp ? .headers(contentLength: nil) : .line }
    }

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// The next complete frame, or nil when more input is needed.
    public mutating func next() -> Output? {
        while true {
            switch state {
            case .detecting:
                while position < buffer.count, isBlank(buffer[position]) { position += 1 }
                guard position < buffer.count else { return nil }
                let detected = Framing.detect(firstByte: buffer[position])
                framing = detected
                state = detected == .lsp ? .headers(contentLength: nil) : .line
            case .headers(let contentLength):
                guard let line = takeLine(limit: Self.maxHeaderLine) else { return nil }
                guard let line else { state = .resynchronizing; return .error(.invalidHeader("(overlong line)")) }
                if line.isEmpty {
                    if contentLength == nil { state = .headers(contentLength: nil); return .error(.missingContentLength) }
                    return beginBody(length: contentLength!)
                }
                switch parseHeader(line) {
                case .contentLength(let length): state = .headers(contentLength: length)
                case .other: break
                case .invalid(let error): state = .resynchronizing; return .error(error)
                }
            case .resynchronizing:
                guard let line = takeLine(limit: Self.maxHeaderLine) else { return nil }
                if let line, case .contentLength(let length) = parseHeader(line) { state = .headers(contentLength: length) }
            case .body(let length):
                guard buffer.count - position >= length else { return nil }
                let body = Array(buffer[position..<position + length])
                position += length
                state = .headers(contentLength: nil)
                return .message(body)
            case .discardingBody(let remaining):
                let available = min(remaining, buffer.count - position)
                position += available
                guard available == remaining else { state = .discardingBody(remaining: remaining - available); return nil }
                state = .headers(contentLength: nil)
            case .line:
                guard let newline = indexOfNewline(from: position) else {
                    guard buffer.count - position > maxMessageSize else { return nil }
                    position = buffer.count
                    state = .discardingLine
                    return .error(.messageTooLarge(size: -1, limit: maxMessageSize))
                }
                var end = newline
                if end > position, buffer[end - 1] == 0x0D { end -= 1 }
                let start = position
                position = newline + 1
                if buffer[start..<end].allSatisfy(isBlank) { continue }
                if end - start > maxMessageSize { return .error(.messageTooLarge(size: end - start, limit: maxMessageSize)) }
                return .message(Array(buffer[start..<end]))
            case .discardingLine:
                guard let newline = indexOfNewline(from: position) else { position = buffer.count; return nil }
                position = newline + 1
                state = .line
            }
        }
    }

    private mutating func beginBody(length: Int) -> Output? {
        if length <= maxMessageSize {
            state = .body(length: length)
            return next()
        }
        if length / Self.skippableFactor <= maxMessageSize {
            state = .discardingBody(remaining: length)
        } else {
            state = .resynchronizing
        }
        return .error(.messageTooLarge(size: length, limit: maxMessageSize))
    }

    private enum Header { case contentLength(Int), other, invalid(FramingError) }

    private func parseHeader(_ line: [UInt8]) -> Header {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0 else {
            return .invalid(.invalidHeader(String(decoding: line, as: UTF8.self)))
        }
        let name = String(decoding: line[..<colon], as: UTF8.self)
        guard name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
            return .invalid(.invalidHeader(String(decoding: line, as: UTF8.self)))
        }
        guard name.lowercased() == "content-length" else { return .other }
        let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingBlanks
        guard !value.isEmpty, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), value.count <= 18, let length = Int(value) else {
            return .invalid(.invalidContentLength(value))
        }
        return .contentLength(length)
    }

    /// One line without its terminator: nil when incomplete, `.some(nil)` when it was longer than `limit` (discarded).
    private mutating func takeLine(limit: Int) -> [UInt8]?? {
        guard let newline = indexOfNewline(from: position) else {
            if buffer.count - position > limit { position = buffer.count; return .some(nil) }
            return nil
        }
        var end = newline
        if end > position, buffer[end - 1] == 0x0D { end -= 1 }
        let line = end - position > limit ? nil : Array(buffer[position..<end])
        position = newline + 1
        return .some(line)
    }

    private mutating func indexOfNewline(from start: Int) -> Int? {
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

    private mutating func compact() {
        if position > 0 && (position == buffer.count || position > 1 << 16) {
            buffer.removeSubrange(0..<position)
            scanned = max(0, scanned - position)
            position = 0
        }
    }
}

@inline(__always) private func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
}

extension String {
    var trimmingBlanks: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
