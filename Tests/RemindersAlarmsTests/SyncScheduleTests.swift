import Foundation
import XCTest

@testable import RemindersAlarms

/// When `agent --sync` syncs, walked through in made-up time: no clock is read and nothing sleeps.
final class SyncScheduleTests: XCTestCase {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let timing = SyncScheduler.Timing(interval: 900)  // quiet 1.5 s, latest 4 s, retries 30 s … 3600 s

    private func at(_ seconds: TimeInterval) -> Date { start.addingTimeInterval(seconds) }

    /// A schedule whose first sync ended `seconds` after the start.
    private func synced(at seconds: TimeInterval, succeeded: Bool = true) -> SyncSchedule {
        var schedule = SyncSchedule(timing: timing, start: start)
        schedule.started()
        schedule.finished(at: at(seconds), succeeded: succeeded)
        return schedule
    }

    func testASyncIsDueAtStart() {
        XCTAssertEqual(SyncSchedule(timing: timing, start: start).due, start)
    }

    func testAfterASyncTheNextPollIsAnIntervalAway() {
        XCTAssertEqual(synced(at: 2).due, at(902))
    }

    func testAChangeIsSyncedOnceQuietAfterIt() {
        var schedule = synced(at: 1)
        schedule.changed(at: at(100))
        XCTAssertEqual(schedule.due, at(101.5))
    }

    /// A burst of commits is one sync: each one pushes it back by `quiet`, but never past `latest` after the first.
    func testABurstIsOneSyncNoLaterThanLatestAfterItsFirstChange() {
        var schedule = synced(at: 1)
        schedule.changed(at: at(100))
        schedule.changed(at: at(101))
        XCTAssertEqual(schedule.due, at(102.5))
        schedule.changed(at: at(102))
        schedule.changed(at: at(103))
        XCTAssertEqual(schedule.due, at(104), "four seconds after the first change, however many follow")
        schedule.started()
        XCTAssertEqual(schedule.due, at(901), "the sync took the burst: the poll is next")
        schedule.changed(at: at(105))
        XCTAssertEqual(schedule.due, at(106.5), "a change after the sync starts a burst of its own")
    }

    func testFailuresWaitTwiceAsLongEachTimeUpToTheLongestAndASuccessResets() {
        var schedule = SyncSchedule(timing: timing, start: start)
        var waits: [TimeInterval] = []
        for _ in 0..<9 {
            schedule.started()
            waits.append(schedule.finished(at: start, succeeded: false))
        }
        XCTAssertEqual(waits, [30, 60, 120, 240, 480, 960, 1920, 3600, 3600])
        XCTAssertEqual(schedule.failures, 9)
        XCTAssertEqual(schedule.finished(at: start, succeeded: true), 900)
        XCTAssertEqual(schedule.failures, 0)
        XCTAssertEqual(schedule.finished(at: start, succeeded: false), 30)
    }

    /// After a failure the wait is long; a change made here meanwhile tries again soon.
    func testAChangeAfterAFailureIsSyncedWithoutWaitingForTheRetry() {
        var schedule = synced(at: 1, succeeded: false)
        XCTAssertEqual(schedule.due, at(31))
        schedule.changed(at: at(10))
        XCTAssertEqual(schedule.due, at(11.5))
    }
}
