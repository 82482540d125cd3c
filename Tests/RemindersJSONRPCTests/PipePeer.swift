import Foundation
import XCTest
@testable import RemindersJSONRPC

/// A client on the other end of a `Connection` over two real pipes.
final class PipePeer: @unchecked Sendable {  // read from one thread at a time; `connection` locks its own state
    let connection: Connection
    // -1 once closed, so that no descriptor is closed twice (its number may be reused meanwhile).
    private var toServer: Int32
    private var serverInput: Int32
    private var serverOutput: Int32
    private var fromServer: Int32
    private let writerDone = DispatchSemaphore(value: 0)
    private var sawEnd = false

    init(limits: Limits = Limits()) {
        // A test that closes the output's read end must get EPIPE, not be killed by SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0]
        precondition(pipe(&input) == 0 && pipe(&output) == 0)
        (serverInput, toServer, fromServer, serverOutput) = (input[0], input[1], output[0], output[1])
        connection = Connection(input: serverInput, output: serverOutput, limits: limits)
        connection.start()
    }

    /// Ends the connection before closing its descriptors: a reader thread still blocked in
    /// read(2) on a closed descriptor would read whatever pipe reuses that number next, i.e.
    /// steal the next test's input.
    deinit {
        closeOnce(&toServer)
        while !sawEnd {
            sawEnd = connection.receive(limit: 1024).contains { if case .endOfInput = $0 { return true } else { return false } }
        }
        for fd in [serverInput, serverOutput, fromServer] where fd >= 0 { close(fd) }
    }

    private func closeOnce(_ fd: inout Int32) {
        if fd >= 0 { close(fd) }
        fd = -1
    }

    /// Writes `data` from another thread in chunks cycling through `chunkSizes`, pausing between
    /// them so the reader sees them as separate reads; closes the input afterwards when asked.
    func send(_ data: [UInt8], chunkSizes: [Int] = [1 << 16], pause: useconds_t = 0, thenClose: Bool = false) {
        let fd = toServer
        let done = writerDone
        Thread.detachNewThread {
            var offset = 0, turn = 0
            while offset < data.count {
                let end = min(data.count, offset + chunkSizes[turn % chunkSizes.count])
                data[offset..<end].withUnsafeBytes { chunk in
                    var written = 0
                    while written < chunk.count {
                        let n = write(fd, chunk.baseAddress! + written, chunk.count - written)
                        precondition(n > 0, "write to the connection failed")
                        written += n
                    }
                }
                offset = end
                turn += 1
                if pause > 0 { usleep(pause) }
            }
            done.signal()
        }
        done.wait()  // one writer at a time keeps the test's messages in order
        if thenClose { closeOnce(&toServer) }
    }

    func send(_ text: String, chunkSizes: [Int] = [1 << 16], pause: useconds_t = 0, thenClose: Bool = false) {
        send(Array(text.utf8), chunkSizes: chunkSizes, pause: pause, thenClose: thenClose)
    }

    /// Everything received up to and including `endOfInput` or `count` items.
    func receive(count: Int = .max) -> [String] {
        var received: [String] = []
        while received.count < count {
            for item in connection.receive(limit: count - received.count) {
                received.append(describeInbound(item))
                if case .endOfInput = item { sawEnd = true }
            }
            if received.last == "end" { break }
        }
        return received
    }

    /// Everything the connection wrote; closes its output first, so call once, at the end.
    func output() -> String {
        closeOnce(&serverOutput)
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = read(fromServer, &chunk, chunk.count)
            if n <= 0 { break }
            received += chunk[0..<n]
        }
        return String(decoding: received, as: UTF8.self)
    }

    func closeOutputReader() { closeOnce(&fromServer) }

    /// The next `count` frames the connection writes, in the framing it uses.
    func readFrames(_ count: Int) -> [FrameDecoder.Output] {
        var decoder = FrameDecoder(maxMessageSize: 1 << 24, framing: connection.framing ?? .ndjson)
        var frames: [FrameDecoder.Output] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while frames.count < count {
            let n = read(fromServer, &chunk, chunk.count)
            guard n > 0 else { break }
            decoder.append(Array(chunk[0..<n]))
            while let frame = decoder.next() { frames.append(frame) }
        }
        return frames
    }
}

func describeInbound(_ item: Inbound) -> String {
    switch item {
    case .single(let message): return describeMessage(message)
    case .batch(let messages): return "batch[" + messages.map(describeMessage).joined(separator: ", ") + "]"
    case .unreadable(let error): return "unreadable \(error.code) \(error.message)"
    case .endOfInput: return "end"
    }
}

func describeMessage(_ message: Message) -> String {
    switch message {
    case .request(let request): return "request \(request.id) \(request.method)"
    case .notification(let notification): return "notification \(notification.method)"
    case .response(let id): return "response \(id.map(\.description) ?? "null")"
    case .invalid(let id, let error): return "invalid \(id.map(\.description) ?? "null") \(error.code) \(error.message)"
    }
}

/// A request, a notification and a cancel as NDJSON-ready JSON text.
func request(_ id: String, _ method: String = "m") -> String { #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":{}}"# }
func notification(_ method: String) -> String { #"{"jsonrpc":"2.0","method":"\#(method)"}"# }
func cancel(_ id: String) -> String { #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":\#(id)}}"# }
