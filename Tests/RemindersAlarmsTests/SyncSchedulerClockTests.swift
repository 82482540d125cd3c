import Foundation
import RemindersLogging
import RemindersModel
import RemindersStore
import XCTest
@testable import RemindersAlarms

/// `agent --sync` plans by the clock it was given, not the wall clock: on a clock standing in
/// 2031, the next sync it writes down lies in 2031.
final class SyncSchedulerClockTests: XCTestCase {
    private var folder: String!
    private let start = Timestamp(rfc3339: "2031-03-02T10:00:00Z")!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "SyncSchedulerClockTests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    func testTheNextSyncIsPlannedByTheSchedulersClock() throws {
        let path = folder + "/s.sqlite"
        _ = try EventStore(path: path)
        var timing = SyncScheduler.Timing(interval: 600)
        timing.firstRetry = 45
        let scheduler = try SyncScheduler(storePath: path, timing: timing, log: Log(level: .error), clock: ManualClock(start))
        scheduler.start()
        defer { scheduler.stop() }
        let deadline = Date().addingTimeInterval(60)
        var next: Timestamp?
        while next == nil, Date() < deadline {
            usleep(20_000)
            next = SyncStatus.next(store: path)
        }
        let planned = try XCTUnwrap(next, "the scheduler planned no sync within a minute")
        // A sync with no account succeeds (interval); under xctest remindersd-sync may not be
        // beside the test binary, and the failure is retried (firstRetry). Either is the clock's.
        XCTAssertTrue(
            [600_000, 45_000].contains(planned.milliseconds - start.milliseconds),
            "next sync at \(planned.rfc3339), not planned from the clock's \(start.rfc3339)")
    }
}
