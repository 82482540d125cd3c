import XCTest
@testable import RemindersJSONRPC

/// The bounded queue between the reader thread and the server.
final class InboundQueueTests: XCTestCase {
    private func item(_ n: Int) -> Inbound { .unreadable(.parseError(String(n))) }

    private func numbers(_ items: [Inbound]) -> [Int] {
        items.compactMap { if case .unreadable(let error) = $0 { return Int(error.message.dropFirst("Parse error: ".count)) } else { return nil } }
    }

    func testTakesInOrderUpToTheLimit() {
        let queue = InboundQueue(capacity: 10)
        for n in 0..<5 { queue.put(item(n)) }
        XCTAssertEqual(numbers(queue.takeAvailable(limit: 2)), [0, 1])
        XCTAssertEqual(numbers(queue.takeAvailable(limit: 10)), [2, 3, 4])
        XCTAssertTrue(queue.isEmpty)
    }

    func testALimitBelowOneStillTakesOne() {
        let queue = InboundQueue(capacity: 10)
        queue.put(item(1))
        XCTAssertEqual(numbers(queue.takeAvailable(limit: 0)), [1])
    }

    /// Regression: taken items were freed only when the queue ran empty, so a client that kept
    /// it from ever running empty made the server keep every message of the session.
    func testTakenItemsAreFreedEvenIfTheQueueNeverRunsEmpty() {
        let queue = InboundQueue(capacity: 8)
        var next = 0, expected = 0
        for _ in 0..<8 { queue.put(item(next)); next += 1 }
        for _ in 0..<1000 {
            XCTAssertEqual(numbers(queue.takeAvailable(limit: 3)), Array(expected..<expected + 3))
            expected += 3
            for _ in 0..<3 { queue.put(item(next)); next += 1 }
            XCTAssertFalse(queue.isEmpty)
            XCTAssertLessThan(queue.storageCount, 2 * 8)
        }
    }

    func testPutBlocksWhenFullUntilTaken() {
        let queue = InboundQueue(capacity: 2)
        queue.put(item(0))
        queue.put(item(1))
        let third = expectation(description: "third put returns")
        let last = item(2)
        Thread.detachNewThread {
            queue.put(last)
            third.fulfill()
        }
        Thread.sleep(forTimeInterval: 0.05)
        XCTAssertEqual(queue.storageCount, 2)  // still blocked
        XCTAssertEqual(numbers(queue.takeAvailable(limit: 1)), [0])
        wait(for: [third], timeout: 5)
        XCTAssertEqual(numbers(queue.takeAvailable(limit: 5)), [1, 2])
    }

    func testTakeWaitsForAnItem() {
        let queue = InboundQueue(capacity: 2)
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.05)
            queue.put(.endOfInput)
        }
        guard case .endOfInput = queue.takeAvailable(limit: 5).first else { return XCTFail() }
    }
}
