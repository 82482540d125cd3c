import Foundation
import RemindersModel
import Synchronization
import XCTest
@testable import RemindersStore

/// The store's change feed: every subscriber in the process hears of a commit by anyone, once
/// it subscribed and until it cancels.
final class StoreChangeFeedTests: StoreTestCase {
    private func commitSomething(_ title: String) throws {
        var changes = ReminderChanges()
        changes.title = .set(title)
        _ = try reopened().saveReminder(identifier: nil, changes: changes, commit: true)
    }

    private func waitUntil(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while !condition(), Date() < deadline { usleep(5_000) }
        return condition()
    }

    func testEverySubscriberHearsOfACommitByAnotherConnectionAndNotAfterCancelling() throws {
        let feed = StoreChangeFeed.feed(for: path)
        XCTAssertTrue(feed === StoreChangeFeed.feed(for: path), "one feed per store in a process")
        let first = Mutex(0), second = Mutex(0)
        let one = feed.subscribe(every: 0.02) { first.withLock { $0 += 1 } }
        let two = feed.subscribe(every: 0.5) { second.withLock { $0 += 1 } }
        try commitSomething("Tea")
        XCTAssertTrue(waitUntil { first.withLock { $0 } >= 1 && second.withLock { $0 } >= 1 }, "both heard of the commit")
        one.cancel()
        two.cancel()
        let heard = first.withLock { $0 }
        try commitSomething("Coffee")
        usleep(200_000)
        XCTAssertEqual(first.withLock { $0 }, heard, "a cancelled subscriber hears nothing more")
        let again = Mutex(0)
        let three = feed.subscribe(every: 0.02) { again.withLock { $0 += 1 } }
        defer { three.cancel() }
        try commitSomething("Cake")
        XCTAssertTrue(waitUntil { again.withLock { $0 } >= 1 }, "the feed starts again for a new subscriber")
    }
}
