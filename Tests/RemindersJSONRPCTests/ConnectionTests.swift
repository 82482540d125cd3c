import Synchronization
import XCTest
@testable import RemindersJSONRPC

/// Connection over real pipes: what `receive` yields for what a client writes, and what it sends.
final class ConnectionTests: XCTestCase {
    private let oddChunks = [1, 3, 7, 2, 13, 64, 5]

    func testNDJSONInOddChunkSizes() {
        let peer = PipePeer()
        let lines = [request("1", "initialize"), notification("initialized"), request(#""s""#, "calendars")]
        peer.send(lines.joined(separator: "\n") + "\n", chunkSizes: oddChunks, pause: 200, thenClose: true)
        XCTAssertEqual(peer.receive(), ["request 1 initialize", "notification initialized", #"request "s" calendars"#, "end"])
        XCTAssertEqual(peer.connection.framing, .ndjson)
    }

    func testLSPInOddChunkSizes() {
        let peer = PipePeer()
        let frames = [request("1", "initialize"), notification("initialized"), request("2", "shutdown")].map(lsp)
        peer.send(frames.joined(), chunkSizes: oddChunks, pause: 200, thenClose: true)
        XCTAssertEqual(peer.receive(), ["request 1 initialize", "notification initialized", "request 2 shutdown", "end"])
        XCTAssertEqual(peer.connection.framing, .lsp)
    }

    /// Regression: the framing was published only on the read after the one that revealed it, so
    /// an LSP client whose first message came in one read got its first reply as NDJSON.
    func testFramingIsKnownWhenTheFirstMessageIsReceived() {
        for (input, framing) in [(lsp(request("1")), Framing.lsp), (request("1") + "\n", .ndjson)] {
            let peer = PipePeer()
            peer.send(input)
            XCTAssertEqual(peer.receive(count: 1), ["request 1 m"])
            XCTAssertEqual(peer.connection.framing, framing)
        }
    }

    /// The error for a frame cut off by end of input goes out in the client's framing too,
    /// even when that frame was all the client sent.
    func testFramingIsKnownForAnErrorAtEndOfInput() {
        let peer = PipePeer()
        peer.send("Content-Length: 10\r\n\r\n{", thenClose: true)
        XCTAssertEqual(peer.receive(count: 1), ["unreadable -32700 Parse error: end of input after 1 of the 10 bytes of a message"])
        XCTAssertEqual(peer.connection.framing, .lsp)
    }

    func testRepliesUseTheClientsFraming() {
        let lspPeer = PipePeer()
        lspPeer.send(lsp(request("1")))
        _ = lspPeer.receive(count: 1)
        lspPeer.connection.send([bytes("{}"), bytes("[1]")])
        XCTAssertEqual(lspPeer.output(), "Content-Length: 2\r\n\r\n{}Content-Length: 3\r\n\r\n[1]")

        let ndjsonPeer = PipePeer()
        ndjsonPeer.send(request("1") + "\n")
        _ = ndjsonPeer.receive(count: 1)
        ndjsonPeer.connection.send(bytes("{}"))
        ndjsonPeer.connection.send([] as [[UInt8]])
        XCTAssertEqual(ndjsonPeer.output(), "{}\n")
    }

    func testBeforeTheClientSpeaksRepliesAreNDJSON() {
        let peer = PipePeer()
        XCTAssertNil(peer.connection.framing)
        peer.connection.send(bytes("{}"))
        XCTAssertEqual(peer.output(), "{}\n")
    }

    func testLargeMessageThroughThePipe() {
        let peer = PipePeer()
        let title = String(repeating: "é", count: 400_000)  // 800 kB, more than a pipe holds
        let big = #"{"jsonrpc":"2.0","id":1,"method":"saveReminder","params":{"title":"\#(title)"}}"#
        peer.send(lsp(big) + lsp(request("2")), chunkSizes: [65_537, 3, 100_000], thenClose: true)
        XCTAssertEqual(peer.receive(), ["request 1 saveReminder", "request 2 m", "end"])
    }

    func testUnreadableInput() {
        let peer = PipePeer()
        peer.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\n[1,]\n{\"a\":1,\"a\":2}\n", thenClose: true)
        XCTAssertEqual(
            peer.receive(),
            [
                "unreadable -32700 Parse error: unexpected end of input at byte 33",
                "unreadable -32700 Parse error: unexpected character ']' at byte 3",
                #"unreadable -32700 Parse error: duplicate key "a" at byte 7"#,
                "end",
            ])
    }

    func testFramingErrorsAreParseErrors() {
        let peer = PipePeer(limits: Limits(maxMessageSize: 1024))
        peer.send(lsp("1") + "Bogus\r\n" + lsp(request("2")) + lsp(String(repeating: " ", count: 2000)) + lsp(request("3")), thenClose: true)
        XCTAssertEqual(
            peer.receive(),
            [
                "invalid null -32600 Invalid request: a message must be a JSON object, got a number",
                #"unreadable -32700 Parse error: invalid header line "Bogus"; expected "Content-Length: N""#,
                "request 2 m",
                "unreadable -32700 Parse error: message of 2000 bytes is larger than the limit of 1024 bytes",
                "request 3 m",
                "end",
            ])
    }

    func testDepthLimitComesFromLimits() {
        let peer = PipePeer(limits: Limits(maxDepth: 3))
        peer.send(
            #"{"jsonrpc":"2.0","method":"n","params":{"a":[1]}}"# + "\n" + #"{"jsonrpc":"2.0","method":"n","params":{"a":[[1]]}}"#, thenClose: true)
        XCTAssertEqual(peer.receive(), ["notification n", "unreadable -32700 Parse error: JSON nested deeper than 3 levels at byte 45", "end"])
    }

    func testCancelMarksOnlyPendingIDs() {
        let peer = PipePeer()
        peer.send([request("1"), request(#""a""#), request("3")].joined(separator: "\n") + "\n")
        XCTAssertEqual(peer.receive(count: 3), ["request 1 m", #"request "a" m"#, "request 3 m"])
        peer.connection.finished(.number(3))  // answered: a late cancel must not touch it
        peer.send([cancel("1"), cancel(#""a""#), cancel("3"), cancel("99"), notification("sync")].joined(separator: "\n") + "\n")
        XCTAssertEqual(peer.receive(count: 1), ["notification sync"])  // the cancels themselves are consumed
        XCTAssertTrue(peer.connection.isCancelled(.number(1)))
        XCTAssertTrue(peer.connection.isCancelled(.string("a")))
        XCTAssertFalse(peer.connection.isCancelled(.number(3)))
        XCTAssertFalse(peer.connection.isCancelled(.number(99)))
        XCTAssertFalse(peer.connection.isCancelled(.string("1")))

        // A new request reusing a finished id starts uncancelled.
        peer.connection.finished(.number(1))
        peer.send(request("1") + "\n")
        XCTAssertEqual(peer.receive(count: 1), ["request 1 m"])
        XCTAssertFalse(peer.connection.isCancelled(.number(1)))
    }

    func testMalformedCancelsAreIgnoredQuietly() {
        let peer = PipePeer()
        peer.send(request("1") + "\n")
        _ = peer.receive(count: 1)
        let malformed = [
            #"{"jsonrpc":"2.0","method":"$/cancelRequest"}"#,
            #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1.5}}"#,
            #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":[1]}"#,
            #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":null}}"#,
        ]
        peer.send((malformed + [notification("sync")]).joined(separator: "\n") + "\n")
        XCTAssertEqual(peer.receive(count: 1), ["notification sync"])
        XCTAssertFalse(peer.connection.isCancelled(.number(1)))
    }

    func testCancelInsideABatchAppliesInOrder() {
        let peer = PipePeer()
        peer.send("[\(request("1")),\(cancel("1")),\(cancel("2")),\(request("2"))]\n")
        XCTAssertEqual(peer.receive(count: 1), ["batch[request 1 m, request 2 m]"])
        XCTAssertTrue(peer.connection.isCancelled(.number(1)))
        XCTAssertFalse(peer.connection.isCancelled(.number(2)))  // the cancel came before the request
    }

    func testBatches() {
        let peer = PipePeer(limits: Limits(maxBatch: 3))
        let inputs = [
            "[]",
            " [ ] ",
            "[\(notification("a")),\(notification("b"))]",
            "[\(cancel("7"))]",
            "[\(request("1")),1,{\"jsonrpc\":\"2.0\",\"id\":2}]",
            "[1,2,3,4]",
            "[[]]",
            "[{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":1}]",
        ]
        peer.send(inputs.joined(separator: "\n"), thenClose: true)
        XCTAssertEqual(
            peer.receive(),
            [
                "unreadable -32600 Invalid request: empty batch",
                "unreadable -32600 Invalid request: empty batch",
                "batch[notification a, notification b]",  // the server answers nothing for these
                // (a batch of cancels only leaves nothing to deliver)
                "batch[request 1 m, invalid null -32600 Invalid request: a message must be a JSON object, got a number, invalid 2 -32600 Invalid request: missing \"method\"]",
                "unreadable -32600 Invalid request: batch of 4 messages is larger than the limit of 3",
                "batch[invalid null -32600 Invalid request: a message must be a JSON object, got an array]",
                "batch[response 1]",
                "end",
            ])
    }

    /// Regression: the last NDJSON line was dropped when no newline followed it.
    func testEndOfInputDeliversALastLineWithoutNewline() {
        let peer = PipePeer()
        peer.send(request("1") + "\n" + request("2"), chunkSizes: [5], thenClose: true)
        XCTAssertEqual(peer.receive(), ["request 1 m", "request 2 m", "end"])
    }

    /// Regression: a frame cut off by end of input vanished; now the client hears about it.
    func testEndOfInputInsideAnLSPFrame() {
        let peer = PipePeer()
        peer.send(lsp(request("1")) + "Content-Length: 50\r\n\r\n{\"jsonrpc\"", thenClose: true)
        XCTAssertEqual(peer.receive(), ["request 1 m", "unreadable -32700 Parse error: end of input after 10 of the 50 bytes of a message", "end"])
    }

    func testEndOfInputWithoutAnyInput() {
        let peer = PipePeer()
        peer.send("", thenClose: true)
        XCTAssertEqual(peer.receive(), ["end"])
        XCTAssertNil(peer.connection.framing)
    }

    func testHasQueuedInput() {
        let peer = PipePeer()
        XCTAssertFalse(peer.connection.hasQueuedInput)
        peer.send(request("1") + "\n" + request("2") + "\n")
        XCTAssertEqual(peer.receive(count: 1), ["request 1 m"])
        let deadline = Date().addingTimeInterval(5)
        while !peer.connection.hasQueuedInput && Date() < deadline { usleep(1000) }
        XCTAssertTrue(peer.connection.hasQueuedInput)
        XCTAssertEqual(peer.receive(count: 1), ["request 2 m"])
        XCTAssertFalse(peer.connection.hasQueuedInput)
    }

    /// Replies from several threads never interleave inside a frame.
    func testConcurrentSendsDoNotInterleave() throws {
        let peer = PipePeer()
        peer.send(lsp(request("0")))
        _ = peer.receive(count: 1)
        let frames = Mutex<[FrameDecoder.Output]>([])
        let drained = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let read = peer.readFrames(800)
            frames.withLock { $0 = read }
            drained.signal()
        }  // the pipe holds only 64 kB
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for n in 0..<100 {
                let payload = Envelope.result(id: .number(Int64(worker * 1000 + n)), bytes("\"" + String(repeating: "x", count: 5000) + "\""))
                peer.connection.send(payload)
            }
        }
        drained.wait()
        var ids = Set<Int64>()
        for frame in frames.withLock({ $0 }) {
            guard case .message(let body) = frame else { return XCTFail("broken frame \(frame)") }
            ids.insert(try XCTUnwrap(try JSONParser.parse(body)["id"]?.integerValue))
        }
        XCTAssertEqual(ids.count, 800)
    }

    func testAClosedOutputIsNotFatal() {
        let peer = PipePeer()
        peer.closeOutputReader()
        peer.connection.send(bytes("{}"))  // EPIPE: noted, not a crash
        peer.connection.send(bytes("{}"))
        peer.send(request("1") + "\n", thenClose: true)
        XCTAssertEqual(peer.receive(), ["request 1 m", "end"])
    }

    func testStartingTwiceStartsOneReader() {
        let peer = PipePeer()
        peer.connection.start()
        peer.send((1...200).map { request("\($0)") }.joined(separator: "\n") + "\n", chunkSizes: [7], thenClose: true)
        XCTAssertEqual(peer.receive(), (1...200).map { "request \($0) m" } + ["end"])
    }
}
