import Foundation
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// One peer on a pair of file descriptors: a reader thread that frames and parses what
/// arrives, and a locked writer so replies and notifications never interleave.
///
/// The connection knows JSON-RPC (framing, batches, cancellation) and nothing about what
/// the methods mean. It serves either side, as rust-analyzer's lsp-server does: a server pulls
/// `Inbound` items and pushes encoded replies; a client `call`s, and pulls the notifications.
public final class Connection: Sendable {
    public let limits: Limits
    private let input: Int32
    /// At most 4096 messages, and at most twice the message-size limit of them (what one read brings always fits).
    private let queue: InboundQueue
    private let cancellation = CancellationTracker()
    private let cancelMethod: String?
    /// The writer, under a lock so that replies and notifications never interleave.
    private let output: Mutex<Output>
    /// The framing the client chose with its first byte (or the one it must use).
    private let detectedFraming: Mutex<Framing?>
    private let fixedFraming: Framing?
    private let readerStarted = Mutex(false)
    /// The requests this side sent that wait for their answer.
    private let outgoing: OutgoingCalls
    /// Who sees every frame as it came, instead of the queue (`FrameObserver`).
    private let observer: FrameObserver?

    private struct Output: ~Copyable {
        let writer: DescriptorWriter
        /// In a library, whose host program's SIGPIPE is not its own to ignore (EventKit's).
        let holdsSIGPIPE: Bool
        /// The client has gone (EPIPE, or any other failure): nothing more is written, and EOF on
        /// the input ends the session.
        var isBroken = false

        mutating func write(_ bytes: [UInt8]) {
            guard !isBroken, !bytes.isEmpty else { return }
            if (holdsSIGPIPE ? writer.writeHoldingSIGPIPE(bytes) : writer.write(bytes)) != .written { isBroken = true }
        }
    }

    /// `framing`: the one the peer must use (MCP's stdio is NDJSON only); nil: told by its first byte.
    /// `cancelMethod`: the notification that cancels a request by its `id`, handled on the reader
    /// thread so it takes effect while the request runs; nil: cancellations reach the server as notifications.
    /// `holdsSIGPIPE`: for a connection in a library, which may not ignore SIGPIPE for its program.
    /// `answerOutlineLevels`: how deep a call's answer is taken apart as its id is found (`CallAnswer`).
    public init(
        input: Int32 = 0, output: Int32 = 1, limits: Limits = Limits(), framing: Framing? = nil,
        cancelMethod: String? = "$/cancelRequest", holdsSIGPIPE: Bool = false, answerOutlineLevels: Int = 1,
        observer: FrameObserver? = nil
    ) {
        outgoing = OutgoingCalls(outlineLevels: answerOutlineLevels)
        self.observer = observer
        self.input = input
        self.fixedFraming = framing
        self.detectedFraming = Mutex(framing)
        self.output = Mutex(Output(writer: DescriptorWriter(descriptor: output), holdsSIGPIPE: holdsSIGPIPE))
        self.limits = limits
        self.queue = InboundQueue(capacity: 4096, byteCapacity: max(2 * limits.maxMessageSize, 1 << 20))
        self.cancelMethod = cancelMethod
    }

    /// The framing the client chose with its first byte; nil until it sent one.
    public var framing: Framing? { detectedFraming.withLock { $0 } }

    /// Starts the reader thread; later calls do nothing (two readers would split frames between them).
    public func start() {
        let isFirst = readerStarted.withLock { started in
            defer { started = true }
            return !started
        }
        guard isFirst else { return }
        let thread = Thread { [self] in readLoop() }
        thread.name = "remindersd.reader"
        thread.stackSize = 1 << 22
        thread.start()
    }

    /// What the client has sent since the last call (at most `limit` items), waiting for at least one.
    public func receive(limit: Int = 1024) -> [Inbound] {
        queue.takeAvailable(limit: limit)
    }

    /// Wakes a `receive` that is waiting, as if the client had closed its input; for a clean stop on a signal.
    public func interrupt() { queue.put(.endOfInput) }

    /// True when more input is already waiting, i.e. the client is pipelining.
    public var hasQueuedInput: Bool { !queue.isEmpty }

    public func isCancelled(_ id: RequestID) -> Bool { cancellation.isCancelled(id) }

    /// Marks a request answered, so a late `$/cancelRequest` for its id is ignored.
    public func finished(_ id: RequestID) { cancellation.finished(id) }

    /// Marks several requests answered at once.
    public func finished(_ ids: [RequestID]) { cancellation.finished(ids) }

    /// Frames and writes messages (already-encoded JSON), together, under one lock.
    public func send(_ payloads: [[UInt8]]) { send(payloads.map(OutgoingMessage.init)) }

    public func send(_ payload: [UInt8]) { send([payload]) }

    /// Frames and writes messages: small pieces are gathered into one write, large ones are
    /// written from their own buffers; nothing else is written in between.
    public func send(_ messages: [OutgoingMessage]) {
        guard !messages.isEmpty else { return }
        let framing = self.framing ?? .ndjson
        let gatherLimit = 1 << 16
        output.withLock { output in
            var pending: [UInt8] = []
            pending.reserveCapacity(min(gatherLimit, messages.reduce(0) { $0 + $1.byteCount + 32 }))
            for message in messages {
                if framing == .lsp { pending += Array("Content-Length: \(message.byteCount)\r\n\r\n".utf8) }
                for part in message.parts {
                    if part.count >= gatherLimit {
                        output.write(pending)
                        pending.removeAll(keepingCapacity: true)
                        output.write(part)
                    } else {
                        pending += part
                        if pending.count >= gatherLimit {
                            output.write(pending)
                            pending.removeAll(keepingCapacity: true)
                        }
                    }
                }
                if framing == .ndjson { pending.append(0x0A) }
            }
            output.write(pending)
        }
    }

    // MARK: Calling the peer

    /// Sends a request and waits for its answer: the whole answering message, as the peer wrote
    /// it, and its outline (the caller reads its `result`), or the error it answered with. When the
    /// peer goes away every call waiting, and every later one, fails; one unanswered for `timeout`
    /// seconds fails.
    public func call(_ method: String, params: [UInt8], timeout: TimeInterval) throws(ResponseError) -> CallAnswer {
        try request(method, params: params).answer(timeout: timeout)
    }

    /// Sends a request and returns the call waiting for its answer — for a peer that reads its
    /// input to the end before it answers (remindersd-sync), whose input is closed in between
    /// (`finishSending`).
    public func request(_ method: String, params: [UInt8]) throws(ResponseError) -> PendingCall {
        let (id, answer) = try outgoing.begin().get()
        send(Envelope.request(id: .number(id), method: method, params: params))
        guard !output.withLock({ $0.isBroken }) else {
            outgoing.abandon(id)
            let ended = ResponseError.internalError("the peer stopped reading its input")
            outgoing.end(ended)
            throw ended
        }
        return PendingCall(method: method, id: id, answer: answer, outgoing: outgoing)
    }

    /// Nothing more is written: the caller closes the descriptor (the peer then reads its end).
    public func finishSending() { output.withLock { $0.isBroken = true } }

    private func readLoop() {
        var reader = InboundReader(limits: limits, cancellation: cancellation, cancelMethod: cancelMethod)
        var decoder = FrameDecoder(maxMessageSize: limits.maxMessageSize, framing: fixedFraming)
        // The decoder learns the framing inside next(), so it is published before the first frame
        // reaches the server: the reply to it must already go out in the client's framing.
        var framingPublished = fixedFraming != nil
        func publishFraming() {
            guard !framingPublished, let framing = decoder.framing else { return }
            detectedFraming.withLock { $0 = framing }
            framingPublished = true
        }
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let count = read(input, chunk.baseAddress!, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            decoder.append(UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
            observer?.received(UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
            // Everything one read brought is handed over at once: one lock and one wake-up per read,
            // not per message, which a pipelining client would otherwise pay on both threads.
            var batch = ReadBatch()
            while let frame = decoder.next() { deliver(frame, by: &reader, into: &batch) }
            publishFraming()
            hand(batch)
        }
        if let observer {
            // It sees frames as they were written whole: one the end cut off never was.
            outgoing.end(.peerWentAway)
            observer.ended()
            return
        }
        // What was left when the input ended: a last line without its newline, or a cut-off frame.
        var batch = ReadBatch()
        if let frame = decoder.finish() { deliver(frame, by: &reader, into: &batch) }
        publishFraming()
        batch.items.append(.endOfInput)
        batch.costs.append(0)
        hand(batch)
        outgoing.end(.peerWentAway)
    }

    private struct ReadBatch {
        var items: [Inbound] = []
        var costs: [Int] = []  // the frame size of each item, for the queue's byte bound
        var began: [RequestID] = []
    }

    /// Requests are registered as pending before the server can take them, so its `finished` always finds them.
    private func hand(_ batch: ReadBatch) {
        cancellation.began(batch.began)
        queue.put(contentsOf: batch.items, costs: batch.costs)
    }

    private func deliver(_ frame: FrameDecoder.Output, by reader: inout InboundReader, into batch: inout ReadBatch) {
        if let observer {
            if case .message(let bytes) = frame, outgoing.isWaiting, outgoing.answer(bytes) { return }
            observer.frame(frame)
            return
        }
        switch frame {
        case .message(let bytes):
            // An answer to a call of this side's goes to the call, not to the queue.
            if outgoing.isWaiting, outgoing.answer(bytes) { return }
            if let inbound = reader.inbound(from: bytes, began: &batch.began) { batch.items.append(inbound); batch.costs.append(bytes.count) }
        case .error(let error): batch.items.append(.unreadable(.parseError(error.description))); batch.costs.append(0)
        }
    }
}

/// A peer that sees every frame as it came — the tests' channel, which must see a server's output
/// byte for byte, a malformed frame as malformed: each read's bytes and each frame go to it (an
/// answer to one of this side's calls still goes to its call), and nothing to the queue.
public struct FrameObserver: Sendable {
    public var received: @Sendable (UnsafeRawBufferPointer) -> Void
    public var frame: @Sendable (FrameDecoder.Output) -> Void
    /// The peer closed its output.
    public var ended: @Sendable () -> Void

    public init(
        received: @escaping @Sendable (UnsafeRawBufferPointer) -> Void, frame: @escaping @Sendable (FrameDecoder.Output) -> Void,
        ended: @escaping @Sendable () -> Void
    ) {
        (self.received, self.frame, self.ended) = (received, frame, ended)
    }
}

/// A request sent whose answer is still to come (`Connection.request`).
public struct PendingCall: Sendable {
    let method: String
    let id: Int64
    let answer: OutgoingCalls.Answer
    let outgoing: OutgoingCalls

    /// Waits for the answer; one not come within `timeout` seconds fails (a late one is dropped).
    public func answer(timeout: TimeInterval) throws(ResponseError) -> CallAnswer {
        let value = answer.withLock(when: { $0 != nil }, before: Date().addingTimeInterval(timeout)) { value, _ in value }
        guard let value else {
            outgoing.abandon(id)
            throw ResponseError.internalError("\(method) was not answered within \(Int(timeout)) s")
        }
        return try value.get()
    }
}
