/// Cuts a byte stream into message frames, whatever sizes the reads come in.
///
/// A small state machine: it learns the framing from the first byte, then alternates
/// between headers and bodies (LSP) or splits lines (NDJSON). Memory stays bounded by
/// the message-size limit: an oversized body or line is discarded as it arrives and
/// reported once, and the decoder carries on with the next frame.
public struct FrameDecoder {
    public enum Output: Equatable, Sendable {
        case message([UInt8])
        case error(FramingError)
    }

    private enum State: Equatable {
        /// Before the first byte that is not blank space (or a leading byte-order mark).
        case detecting
        case headers(contentLength: Int?)
        /// After a bad header: skip bytes quietly up to the next `Content-Length:`, wherever it starts.
        case resynchronizing
        case body(length: Int)
        case discardingBody(remaining: Int)
        case line
        case discardingLine
        /// After `finish()`: the stream is over.
        case finished
    }

    /// Bodies announced beyond this many times the limit are taken as garbage rather than skipped,
    /// so a hostile `Content-Length` cannot swallow the rest of the session.
    private static let skippableFactor = 64
    static let maxHeaderLine = 1024

    public let maxMessageSize: Int
    public private(set) var framing: Framing?
    private var state: State = .detecting
    var buffer: [UInt8] = []
    var position = 0
    /// Bytes before this offset are known to hold no newline, so long lines are scanned once, not once per read.
    var scanned = 0
    /// Whether a UTF-8 byte-order mark may still come: only the stream's very first bytes can be one.
    private var atStreamStart = true

    public init(maxMessageSize: Int = 16 << 20, framing: Framing? = nil) {
        self.maxMessageSize = maxMessageSize
        self.framing = framing
        if let framing { state = framing == .lsp ? .headers(contentLength: nil) : .line }
    }

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard state != .finished else { return }
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
                if atStreamStart {
                    // RFC 8259 lets a parser ignore a leading BOM; some Windows tools write one.
                    switch byteOrderMarkAtStart() {
                    case nil: return nil
                    case true?: position += Self.byteOrderMark.count
                    case false?: break
                    }
                    atStreamStart = false
                }
                while position < buffer.count, isBlank(buffer[position]) { position += 1 }
                guard position < buffer.count else { return nil }
                let detected = Framing.detect(firstByte: buffer[position])
                framing = detected
                state = detected == .lsp ? .headers(contentLength: nil) : .line
            case .headers(let contentLength):
                let lineStart = position
                guard let line = takeLine(limit: Self.maxHeaderLine) else { return nil }
                guard let line else { return resynchronize(after: lineStart, .invalidHeader("(overlong line)")) }
                if line.isEmpty {
                    guard let contentLength else { return .error(.missingContentLength) }
                    return beginBody(length: contentLength)
                }
                switch LSPHeader(line) {
                case .contentLength(let length):
                    // Two lengths make the frame's end unknowable: refused, as HTTP refuses them (RFC 9112 §6.3).
                    guard contentLength == nil else { return resynchronize(after: lineStart, .duplicateContentLength) }
                    state = .headers(contentLength: length)
                case .other: break
                case .invalid(let error): return resynchronize(after: lineStart, error)
                }
            case .resynchronizing:
                // Scans for the header name anywhere, not only at a line start: an LSP body ends
                // without a newline, so the next header follows the unreadable body on its line.
                guard let start = indexOfContentLength(from: position) else { return nil }
                position = start
                state = .headers(contentLength: nil)
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
                    // A line of exactly the limit may still end in "\r\n": wait for one byte more,
                    // so whether a line fits never depends on where the reads split it.
                    guard buffer.count - position > maxMessageSize + 1 else { return nil }
                    position = buffer.count
                    state = .discardingLine
                    return .error(.messageTooLarge(size: -1, limit: maxMessageSize))
                }
                let start = position
                position = newline + 1
                if let output = lineOutput(start: start, end: newline) { return output }
            case .discardingLine:
                guard let newline = indexOfNewline(from: position) else { position = buffer.count; return nil }
                position = newline + 1
                state = .line
            case .finished:
                return nil
            }
        }
    }

    /// What is left at end of input, once `next()` has returned nil: a last NDJSON line
    /// without its newline is still a message, and an LSP frame cut short is reported, so
    /// the client learns that its last message was not read rather than waiting for a reply.
    public mutating func finish() -> Output? {
        defer {
            state = .finished
            buffer = []
            position = 0
            scanned = 0
        }
        switch state {
        case .line:
            return lineOutput(start: position, end: buffer.count)
        case .headers(let contentLength):
            guard contentLength != nil || !buffer[position...].allSatisfy(isBlank) else { return nil }
            return .error(.truncated(received: 0, expected: nil))
        case .body(let length):
            return .error(.truncated(received: buffer.count - position, expected: length))
        case .detecting, .resynchronizing, .discardingBody, .discardingLine, .finished:
            return nil  // nothing started, or its error was already reported
        }
    }

    /// The NDJSON line `buffer[start..<end]` (without its "\n"): nil when blank.
    private func lineOutput(start: Int, end: Int) -> Output? {
        var end = end
        if end > start, buffer[end - 1] == 0x0D { end -= 1 }
        if buffer[start..<end].allSatisfy(isBlank) { return nil }
        // The size is unknown when a line is cut off before its end arrives, so it is never
        // given: the error reads the same however the reads split the line.
        if end - start > maxMessageSize { return .error(.messageTooLarge(size: -1, limit: maxMessageSize)) }
        return .message(Array(buffer[start..<end]))
    }

    /// A bad header line starting at `lineStart`: the scan for the next `Content-Length:` starts
    /// just after that line's first byte, so a header that follows garbage on the same line (a
    /// client that counted characters instead of bytes leaves exactly that) is still found.
    private mutating func resynchronize(after lineStart: Int, _ error: FramingError) -> Output {
        position = lineStart + 1
        scanned = position
        state = .resynchronizing
        return .error(error)
    }

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Whether the stream starts with a byte-order mark; nil while too few bytes have come to tell.
    private func byteOrderMarkAtStart() -> Bool? {
        let mark = Self.byteOrderMark
        for offset in 0..<mark.count {
            guard position + offset < buffer.count else { return nil }
            if buffer[position + offset] != mark[offset] { return false }
        }
        return true
    }

    private mutating func beginBody(length: Int) -> Output? {
        if length <= maxMessageSize {
            state = .body(length: length)
            return next()
        }
        let (skippable, overflow) = maxMessageSize.multipliedReportingOverflow(by: Self.skippableFactor)
        if overflow || length <= skippable {
            state = .discardingBody(remaining: length)
        } else {
            state = .resynchronizing
        }
        return .error(.messageTooLarge(size: length, limit: maxMessageSize))
    }

    private mutating func compact() {
        if position > 0 && (position == buffer.count || position > 1 << 16) {
            buffer.removeSubrange(0..<position)
            scanned = max(0, scanned - position)
            position = 0
        }
    }
}

@inline(__always) func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
}
