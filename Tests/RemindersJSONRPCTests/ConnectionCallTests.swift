import Foundation
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
}
