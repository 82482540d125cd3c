/// How messages are delimited on the byte stream.
public enum Framing: String, Sendable {
    /// LSP base protocol: `Content-Length: N\r\n` headers, a blank line, then N bytes of JSON. For editors.
    case lsp
    /// One JSON message per line. For shells and scripts.
    case ndjson

    /// The framing a client uses, told by the first byte it sends (after blank space):
    /// a header starts with `C`/`c` (`Content-Length`), anything else is a line of JSON.
    static func detect(firstByte: UInt8) -> Framing {
        firstByte == UInt8(ascii: "C") || firstByte == UInt8(ascii: "c") ? .lsp : .ndjson
    }

    /// Wraps one message's JSON bytes for the wire.
    public func frame(_ payload: [UInt8], into output: inout [UInt8]) {
        switch self {
        case .lsp:
            output.append(contentsOf: Array("Content-Length: \(payload.count)\r\n\r\n".utf8))
            output.append(contentsOf: payload)
        case .ndjson:
            output.append(contentsOf: payload)
            output.append(0x0A)
        }
    }
}

/// Something wrong with the framing itself (as opposed to the JSON inside a frame).
public enum FramingError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidHeader(String)
    case missingContentLength
    case duplicateContentLength
    case invalidContentLength(String)
    case messageTooLarge(size: Int, limit: Int)
    /// End of input inside an LSP frame: in its headers (`expected` nil) or in its body.
    case truncated(received: Int, expected: Int?)

    public var description: String {
        switch self {
        case .invalidHeader(let line): return "invalid header line \"\(line.prefix(60))\"; expected \"Content-Length: N\""
        case .missingContentLength: return "headers without a Content-Length"
        case .duplicateContentLength: return "a second Content-Length header in one message; the frame is refused"
        case .invalidContentLength(let value): return "invalid Content-Length \"\(value.prefix(40))\""
        case .messageTooLarge(let size, let limit):
            return size < 0
                ? "message larger than the limit of \(limit) bytes" : "message of \(size) bytes is larger than the limit of \(limit) bytes"
        case .truncated(let received, let expected):
            guard let expected else { return "end of input inside the headers of a message" }
            return "end of input after \(received) of the \(expected) bytes of a message"
        }
    }
}
