import XCTest
@testable import RemindersJSONRPC

/// Only pending requests can be cancelled, and a finished id forgets its cancellation.
final class CancellationTrackerTests: XCTestCase {
    func testCancelPending() {
        let tracker = CancellationTracker()
        tracker.began(.number(1))
        XCTAssertFalse(tracker.isCancelled(.number(1)))
        tracker.cancel(.number(1))
        XCTAssertTrue(tracker.isCancelled(.number(1)))
        XCTAssertFalse(tracker.isCancelled(.string("1")))  // ids of different types are different ids
        tracker.finished(.number(1))
        XCTAssertFalse(tracker.isCancelled(.number(1)))
    }

    func testCancelOfAnIDThatIsNotPendingIsIgnored() {
        let tracker = CancellationTracker()
        tracker.cancel(.number(1))
        tracker.began(.number(1))  // a later request reusing the id
        XCTAssertFalse(tracker.isCancelled(.number(1)))
    }

    func testLateCancelAfterFinishIsIgnored() {
        let tracker = CancellationTracker()
        tracker.began(.string("a"))
        tracker.finished(.string("a"))
        tracker.cancel(.string("a"))
        XCTAssertFalse(tracker.isCancelled(.string("a")))
        tracker.finished(.string("a"))  // finishing twice is harmless
        tracker.began(.string("a"))
        XCTAssertFalse(tracker.isCancelled(.string("a")))
    }

    /// A client may reuse an id while the first request is still pending; the id stays pending until both finish.
    func testDuplicatePendingIDs() {
        let tracker = CancellationTracker()
        tracker.began(.number(5))
        tracker.began(.number(5))
        tracker.finished(.number(5))
        tracker.cancel(.number(5))
        XCTAssertTrue(tracker.isCancelled(.number(5)))
        tracker.finished(.number(5))
        XCTAssertFalse(tracker.isCancelled(.number(5)))
        tracker.cancel(.number(5))
        XCTAssertFalse(tracker.isCancelled(.number(5)))
    }

    func testConcurrentUse() {
        let tracker = CancellationTracker()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for n in 0..<2000 {
                let id = RequestID.number(Int64(worker * 10_000 + n))
                tracker.began(id)
                tracker.cancel(id)
                XCTAssertTrue(tracker.isCancelled(id))
                tracker.finished(id)
                XCTAssertFalse(tracker.isCancelled(id))
            }
        }
    }
}
