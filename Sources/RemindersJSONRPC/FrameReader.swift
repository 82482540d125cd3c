import Glibc

/// A client's reading half of the transport: a descriptor read to its end (EOF or an error other
/// than EINTR), cut into frames as bytes arrive. What EventKit's connection to remindersd and the
/// tests' channels read with; the server's side is `Connection`'s.
public enum FrameReader {
    /// Reads `descriptor` until it ends: `received` sees each chunk as read (for a transcript),
    /// `deliver` each frame — a message, or the framing error a peer's bytes made.
    public static func read(
        _ descriptor: Int32, framing: Framing?, maxMessageSize: Int = 1 << 30, received: (UnsafeRawBufferPointer) -> Void = { _ in },
        deliver: (FrameDecoder.Output) -> Void
    ) {
        var decoder = FrameDecoder(maxMessageSize: maxMessageSize, framing: framing)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            chunk.withUnsafeBytes { bytes in
                let read = UnsafeRawBufferPointer(rebasing: bytes[0..<count])
                received(read)
                decoder.append(read)
            }
            while let frame = decoder.next() { deliver(frame) }
        }
    }
}
