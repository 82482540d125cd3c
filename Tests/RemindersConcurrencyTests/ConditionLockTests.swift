import Foundation
import XCTest
@testable import RemindersConcurrency

/// A waiter wakes at the change it waits for, not before; a deadline ends the wait unready; and
/// the state changes under the lock, whatever threads change it.
final class ConditionLockTests: XCTestCase {
    func testAWaiterWakesAtTheChangeItWaitsFor() {
        let queue = ConditionLock([Int]())
        let taken = ConditionLock<[Int]?>(nil)
        let consumer = Thread {
            let items = queue.withLock(when: { $0.count >= 3 }) { items, _ in
                defer { items.removeAll() }
                return items
            }
            taken.withLock { $0 = items }
        }
        consumer.start()
        for item in 1...3 {
            queue.withLock { $0.append(item) }
            if item < 3 { XCTAssertNil(taken.withLock { $0 }, "woke with \(item) of 3 items") }
        }
        taken.wait(until: { $0 != nil })
        XCTAssertEqual(taken.withLock { $0 }, [1, 2, 3])
        XCTAssertEqual(queue.withLock { $0 }, [])
    }

    func testADeadlineEndsTheWaitAndSaysItWasNotReady() {
        let flag = ConditionLock(false)
        let started = Date()
        let ready = flag.withLock(when: { $0 }, before: Date().addingTimeInterval(0.05)) { _, ready in ready }
        XCTAssertFalse(ready)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.04)
        flag.withLock { $0 = true }
        XCTAssertTrue(flag.withLock(when: { $0 }, before: Date().addingTimeInterval(5)) { _, ready in ready })
    }

    func testChangesFromManyThreadsAreNotLost() {
        let counter = ConditionLock(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
        XCTAssertEqual(counter.withLock { $0 }, 80_000)
    }
}
