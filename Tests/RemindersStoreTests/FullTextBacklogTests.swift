import XCTest
@testable import RemindersStore

/// The backlog's bookkeeping against savepoints, without SQLite: what is pending after each step.
final class FullTextBacklogTests: XCTestCase {
    private func add(_ row: Int64) -> FullTextBacklog.Change { .add(row: row, title: "t\(row)", notes: nil) }

    private func pending(_ backlog: FullTextBacklog) -> [FullTextBacklog.Change] {
        Array(backlog.changes.dropFirst(backlog.appliedCount))
    }

    func testRollingBackForgetsWhatTheSavepointRecorded() {
        var backlog = FullTextBacklog()
        backlog.record(add(1))
        backlog.savepointOpened()
        backlog.record(add(2))
        backlog.savepointRolledBack()
        XCTAssertEqual(pending(backlog), [add(1)])
    }

    func testReleasingKeepsItForTheLevelAround() {
        var backlog = FullTextBacklog()
        backlog.savepointOpened()
        backlog.record(add(1))
        backlog.savepointReleased()
        backlog.savepointOpened()
        backlog.record(add(2))
        backlog.savepointRolledBack()
        XCTAssertEqual(pending(backlog), [add(1)])
    }

    func testWhatAnUndoneSavepointAppliedIsPendingAgain() {
        var backlog = FullTextBacklog()
        backlog.record(add(1))
        backlog.savepointOpened()
        backlog.record(add(2))
        var written: [FullTextBacklog.Change] = []
        backlog.apply { written.append($0) }
        XCTAssertEqual(written, [add(1), add(2)])
        XCTAssertFalse(backlog.hasPending)
        backlog.savepointRolledBack()
        // SQLite undid both writes; only the change of the surviving level is still wanted.
        XCTAssertEqual(pending(backlog), [add(1)])
    }

    func testWhatWasAppliedBeforeTheSavepointStaysApplied() {
        var backlog = FullTextBacklog()
        backlog.record(add(1))
        backlog.apply { _ in }
        backlog.savepointOpened()
        backlog.record(add(2))
        backlog.apply { _ in }
        backlog.savepointRolledBack()
        XCTAssertFalse(backlog.hasPending)
        XCTAssertEqual(backlog.changes, [add(1)])
    }

    func testAFailedWriteCountsOnlyWhatWasWritten() {
        struct Refused: Error {}
        var backlog = FullTextBacklog()
        backlog.record(add(1))
        backlog.record(add(2))
        XCTAssertThrowsError(try backlog.apply { (change) throws(Refused) in if change == self.add(2) { throw Refused() } })
        XCTAssertEqual(pending(backlog), [add(2)])
    }
}
