import Foundation
import Glibc
import Synchronization
import XCTest
@testable import RemindersJSONRPC

/// One `Connection` for either side (issue 53): a caller's requests get their own answers, in
/// whatever order they come, while the peer's notifications reach `receive()`; an error answer is
/// thrown as the peer's error; a peer that goes away fails every call waiting and every later one.
final class ConnectionCallTests: XCTestCase {
    /// Two connections on two pipes: `caller` calls, `answerer` is read by the test.
    private final class Pair: @unchecked Sendable {  // the descriptors are closed once, by the test's thread
        let caller: Connection
        let answerer: Connection
        private var descriptors: [Int32]

        init() {
            signal(SIGPIPE, SIG_IGN)
            var one: [Int32] = [0, 0], two: [Int32] = [0, 0]
            precondition(pipe(&one) == 0 && pipe(&two) == 0)
            caller = Connection(input: two[0], output: one[1], framing: .ndjson, cancelMethod: nil, holdsSIGPIPE: true)
            answerer = Connection(input: one[0], output: two[1], framing: .ndjson)
            descriptors = one + two
            caller.start()
            answerer.start()
        }

        /// The answerer's side ends: the caller reads end of input.
        func endAnswerer() {
            close(descriptors[3])
            descriptors[3] = -1
        }

        deinit { for descriptor in descriptors where descriptor >= 0 { close(descriptor) } }

        /// The next `count` requests the answerer received.
        func requests(_ count: Int) -> [Request] {
            var requests: [Request] = []
            while requests.count < count {
                for case .single(.request(let request)) in answerer.receive(limit: count - requests.count) { requests.append(request) }
            }
            return requests
        }

        func answer(_ request: Request, _ result: String) {
            answerer.send(Envelope.result(id: request.id, Array(result.utf8)))
        }
    }

    func testEachCallGetsItsOwnAnswerWhateverTheOrderAndNotificationsGoToTheQueue() throws {
        let pair = Pair()
        let answers = Mutex([Int: String]())
        let group = DispatchGroup()
        for index in 0..<8 {
            // A thread each: a dispatch queue grows its threads slowly while they block.
            group.enter()
            Thread.detachNewThread {
                let message = try? pair.caller.call("echo", params: Array("{\"n\":\(index)}".utf8), timeout: 20)
                answers.withLock { $0[index] = message.map { String(decoding: $0.message, as: UTF8.self) } }
                group.leave()
            }
        }
        let requests = pair.requests(8)
        pair.answerer.send(Envelope.notification(method: "storeChanged", params: Array("{}".utf8)))
        // Answered last first: each answer must still reach the call that asked.
        for request in requests.reversed() { pair.answer(request, request.params?.serialized ?? "null") }
        XCTAssertEqual(group.wait(timeout: .now() + 20), .success)
        for index in 0..<8 {
            let message = try XCTUnwrap(answers.withLock { $0[index] } ?? nil, "call \(index) got no answer")
            XCTAssertEqual(try JSONParser.parse(message)["result"]?["n"], .integer(Int64(index)), message)
        }
        let notified = pair.caller.receive(limit: 10)
        XCTAssertEqual(notified.map(describeInbound), ["notification storeChanged"])
    }

    func testAnErrorAnswerIsThrownAsThePeersError() throws {
        let pair = Pair()
        DispatchQueue.global().async {
            let request = pair.requests(1)[0]
            pair.answerer.send(Envelope.error(id: request.id, .invalidParams("title: must not be empty", field: "title")))
        }
        XCTAssertThrowsError(try pair.caller.call("save", params: Array("{}".utf8), timeout: 20)) { error in
            let answered = error as? ResponseError
            XCTAssertEqual(answered?.code, ResponseError.invalidParamsCode)
            XCTAssertEqual(answered?.message, "title: must not be empty")
            XCTAssertEqual(answered?.data?["field"], "title")
        }
    }

    func testAPeerThatGoesAwayFailsTheCallsWaitingAndEveryLaterOne() throws {
        let pair = Pair()
        let failed = DispatchSemaphore(value: 0)
        let failure = Mutex<ResponseError?>(nil)
        Thread.detachNewThread {
            do { _ = try pair.caller.call("never answered", params: Array("{}".utf8), timeout: 60) } catch {
                failure.withLock { $0 = error as? ResponseError }
            }
            failed.signal()
        }
        _ = pair.requests(1)
        pair.endAnswerer()
        XCTAssertEqual(failed.wait(timeout: .now() + 20), .success, "the call still waits after the peer went away")
        XCTAssertEqual(failure.withLock { $0 }?.message, "Internal error: the peer went away: it closed its output")
        XCTAssertThrowsError(try pair.caller.call("later", params: Array("{}".utf8), timeout: 60))
    }

    func testACallUnansweredInItsTimeFailsAndALateAnswerIsDropped() throws {
        let pair = Pair()
        XCTAssertThrowsError(try pair.caller.call("slow", params: Array("{}".utf8), timeout: 0.2)) { error in
            XCTAssertEqual((error as? ResponseError)?.message, "Internal error: slow was not answered within 0 s")
        }
        let slow = pair.requests(1)[0]
        pair.answer(slow, "\"too late\"")
        DispatchQueue.global().async {
            let next = pair.requests(1)[0]
            pair.answer(next, "\"in time\"")
        }
        let answer = try pair.caller.call("next", params: Array("{}".utf8), timeout: 20)
        XCTAssertEqual(try JSONParser.parse(answer.message)["result"], "in time")
        XCTAssertEqual(answer.outline.members?.map(\.key), ["jsonrpc", "id", "result"])
        // The late answer matched no call: the caller's queue takes it as any response, and drops it.
        XCTAssertEqual(pair.caller.receive(limit: 10).map(describeInbound), ["response \(slow.id)"])
    }

    /// A peer that reads its input to the end before it answers (remindersd-sync) gets the request,
    /// then the end of its input, and its answer still reaches the call.
    func testACallToAPeerThatAnswersAtTheEndOfItsInput() throws {
        signal(SIGPIPE, SIG_IGN)
        var toPeer: [Int32] = [0, 0], fromPeer: [Int32] = [0, 0]
        precondition(pipe(&toPeer) == 0 && pipe(&fromPeer) == 0)
        defer { for descriptor in [toPeer[0], fromPeer[0]] { close(descriptor) } }
        let caller = Connection(input: fromPeer[0], output: toPeer[1], framing: .ndjson, cancelMethod: nil)
        caller.start()
        let (peerInput, peerOutput) = (toPeer[0], fromPeer[1])
        Thread.detachNewThread {
            var read: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 4096)
            while case let count = Glibc.read(peerInput, &chunk, chunk.count), count > 0 { read += chunk[0..<count] }
            let request = (try? JSONParser.parse(Array(read.prefix { $0 != 0x0A }))) ?? .null
            let id = request["id"].flatMap(RequestID.init) ?? .number(0)
            _ = DescriptorWriter(descriptor: peerOutput).write(Envelope.result(id: id, Array("\"read it all\"".utf8)) + [0x0A])
            close(peerOutput)
        }
        let pending = try caller.request("sync", params: Array("{}".utf8))
        caller.finishSending()
        close(toPeer[1])
        XCTAssertEqual(try JSONParser.parse(try pending.answer(timeout: 20).message)["result"], "read it all")
    }

    /// A peer that must see what it is sent as it came (the tests' channel) gets every read and
    /// every frame, a malformed one as malformed, and nothing goes to the queue.
    func testAnObserverSeesEveryFrameAsItCame() throws {
        var pipeEnds: [Int32] = [0, 0]
        precondition(pipe(&pipeEnds) == 0)
        let seen = Mutex((bytes: [UInt8](), frames: [String](), ended: false))
        let observer = FrameObserver(
            received: { bytes in seen.withLock { $0.bytes += bytes } },
            frame: { frame in
                let text: String
                switch frame {
                case .message(let bytes): text = String(decoding: bytes, as: UTF8.self)
                case .error(let error): text = "error: \(error.description)"
                }
                seen.withLock { $0.frames.append(text) }
            },
            ended: { seen.withLock { $0.ended = true } })
        let connection = Connection(input: pipeEnds[0], output: -1, framing: .ndjson, cancelMethod: nil, observer: observer)
        connection.start()
        let written = "{\"jsonrpc\":\"2.0\",\"method\":\"storeChanged\"}\n{not json\n"
        _ = DescriptorWriter(descriptor: pipeEnds[1]).write(Array(written.utf8))
        close(pipeEnds[1])
        let deadline = Date().addingTimeInterval(20)
        while !seen.withLock({ $0.ended }), Date() < deadline { usleep(1_000) }
        close(pipeEnds[0])
        let (bytes, frames) = seen.withLock { ($0.bytes, $0.frames) }
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), written)
        XCTAssertEqual(
            frames, ["{\"jsonrpc\":\"2.0\",\"method\":\"storeChanged\"}", "{not json"], "a frame is a frame, parsed or not: the observer parses")
    }
}
