#if canImport(Glibc)
import Glibc
#endif

/// The one way remindersd writes to a file descriptor — a pipe, a terminal, a file: all of the
/// bytes, or a failure reported to the caller. EINTR is retried and EAGAIN waited out (a
/// non-blocking descriptor is drained, never left with half a frame); a peer that went away
/// (EPIPE, with SIGPIPE ignored) is a result, not a trap as Foundation's `FileHandle.write(_:)`
/// makes it.
public struct DescriptorWriter: Sendable, TextOutputStream {
    public let descriptor: Int32

    public init(descriptor: Int32) { self.descriptor = descriptor }

    /// Where log lines go.
    public static let standardError = DescriptorWriter(descriptor: 2)

    public enum Outcome: Equatable, Sendable {
        case written
        /// The reading end is closed (EPIPE): nobody will read what is written here again.
        case peerClosed
        /// Any other failure, with its errno (EBADF, ENOSPC, EFBIG, EIO, …).
        case failed(Int32)
    }

    @discardableResult
    public func write(_ bytes: UnsafeRawBufferPointer) -> Outcome {
        guard var next = bytes.baseAddress, !bytes.isEmpty else { return .written }
        var remaining = bytes.count
        while remaining > 0 {
            let written = Glibc.write(descriptor, next, remaining)
            if written >= 0 {
                next += written
                remaining -= written
                continue
            }
            switch errno {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, -1)
            case EPIPE:
                return .peerClosed
            case let code:
                return .failed(code)
            }
        }
        return .written
    }

    @discardableResult
    public func write(_ bytes: [UInt8]) -> Outcome { bytes.withUnsafeBytes { write($0) } }

    @discardableResult
    public func write(text: String) -> Outcome {
        var text = text
        return text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// `text` and a newline, in one write (so lines from several threads do not interleave).
    @discardableResult
    public func writeLine(_ text: String) -> Outcome { write(text: text + "\n") }

    /// TextOutputStream, for `print(_:to:)`; a failure is dropped, as print has no way to say it.
    public mutating func write(_ string: String) { write(text: string) }
}
