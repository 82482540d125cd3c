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

    /// The same in a process whose SIGPIPE is not ignored — a library's, whose host program's
    /// signals are not its own to change: SIGPIPE is held back on this thread while it writes (the
    /// kernel sends it to the thread that wrote), and one the write raised is taken and dropped, so
    /// a reader gone away is `.peerClosed`, never the program killed.
    @discardableResult
    public func writeHoldingSIGPIPE(_ bytes: [UInt8]) -> Outcome {
        var pipeSignal = sigset_t(), previous = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        let wasHeld = sigismember(&previous, SIGPIPE) == 1
        var pendingBefore = sigset_t()
        sigpending(&pendingBefore)
        let alreadyPending = sigismember(&pendingBefore, SIGPIPE) == 1
        let outcome = write(bytes)
        if outcome == .peerClosed, !alreadyPending {
            var now = timespec(tv_sec: 0, tv_nsec: 0)
            while sigtimedwait(&pipeSignal, nil, &now) == -1 && errno == EINTR {}
        }
        if !wasHeld { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return outcome
    }

    /// TextOutputStream, for `print(_:to:)`; a failure is dropped, as print has no way to say it.
    public mutating func write(_ string: String) { write(text: string) }
}
