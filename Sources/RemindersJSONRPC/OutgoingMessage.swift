/// One message on its way out, kept as the pieces it was built from, so that a large result is
/// written straight from the buffer it was encoded into instead of being copied into an envelope
/// and again into a frame (a 100,000-reminder fetch is some 60 MB).
public struct OutgoingMessage {
    public private(set) var parts: [[UInt8]]

    public init(_ json: [UInt8]) { parts = [json] }
    public init(parts: [[UInt8]]) { self.parts = parts }

    public var byteCount: Int { parts.reduce(0) { $0 + $1.count } }

    /// The whole JSON text in one buffer (for batches, which are small, and for tests).
    public var joined: [UInt8] {
        parts.count == 1 ? parts[0] : parts.reduce(into: []) { $0 += $1 }
    }
}

extension Envelope {
    /// A response around an already-encoded result, without copying the result.
    public static func resultMessage(id: RequestID, _ result: [UInt8]) -> OutgoingMessage {
        // Small results are cheaper to copy once than to send as three pieces.
        guard result.count >= 1 << 16 else { return OutgoingMessage(Envelope.result(id: id, result)) }
        return resultMessage(id: id, pieces: [result])
    }

    /// A response around a result encoded in pieces, which are written one after the other.
    public static func resultMessage(id: RequestID, pieces: [[UInt8]]) -> OutgoingMessage {
        if pieces.count == 1, pieces[0].count < 1 << 16 { return OutgoingMessage(Envelope.result(id: id, pieces[0])) }
        var prefix = JSONWriter(capacity: 48)
        prefix.beginObject()
        prefix.field("jsonrpc", "2.0")
        prefix.field("id", id.json)
        prefix.key(static: "result")
        return OutgoingMessage(parts: [prefix.bytes] + pieces + [[UInt8(ascii: "}")]])
    }
}
