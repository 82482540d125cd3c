import Foundation
import RemindersModel
import RemindersStore
import Synchronization
import XCTest
@testable import RemindersAlarms

/// The agent's loop on a clock the test moves: an alarm an hour away fires when the clock gets
/// there — no hour, no sleep — reminders' and events' through the same loop.
final class AgentClockTests: XCTestCase {
    private var folder: String!
    private let start = Timestamp(rfc3339: "2030-01-07T09:00:00Z")!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "AgentClockTests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    /// A channel that keeps what it is handed.
    private final class Recorder: AlarmChannel {
        let fired = Mutex<[String]>([])
        func deliver(_ alarm: FiredAlarm, log: @escaping @Sendable (String) -> Void, shown: @escaping @Sendable (UInt32) -> Void) -> Handover {
            fired.withLock { $0.append("\(alarm.title) \(alarm.fireDate.rfc3339)") }
            return .done
        }
    }

    /// What the recorder holds once it holds `count`, or after `seconds` of real time.
    private func waitFor(_ count: Int, in recorder: Recorder, seconds: TimeInterval = 10) -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        while recorder.fired.withLock({ $0.count }) < count, Date() < deadline { usleep(2_000) }
        return recorder.fired.withLock { $0 }
    }

    func testAlarmsFireWhenTheClockGetsThereAndNotBefore() throws {
        let path = folder + "/s.sqlite"
        let events = try EventStore(path: path, timeZone: TimeZone(identifier: "UTC")!, clock: { self.start })
        var tea = ReminderChanges()
        tea.title = .set("Tea")
        tea.alarms = .set([AlarmDraft(trigger: .absolute(start.advanced(by: 3_600_000)))])
        _ = try events.saveReminder(identifier: nil, changes: tea, commit: true)
        var meeting = EventChanges()
        meeting.title = .set("Meeting")
        meeting.startDate = .set(start.advanced(by: 7_200_000 + 900_000))
        meeting.endDate = .set(start.advanced(by: 7_200_000 + 2_700_000))
        meeting.alarms = .set([AlarmDraft(trigger: .relative(offset: -900))])
        _ = try events.saveEvent(identifier: nil, occurrenceDate: nil, span: nil, changes: meeting, lastModifiedDate: nil)

        let clock = ManualClock(start)
        let recorder = Recorder()
        var options = AgentOptions(storePath: path)
        options.notify = .none
        options.timeZone = TimeZone(identifier: "UTC")!
        let agent = try AlarmAgent(options: options, channels: [recorder], clock: clock)
        let finished = DispatchSemaphore(value: 0)
        let loop = Thread {
            do { try agent.run() } catch { XCTFail("the agent stopped: \(error)") }
            finished.signal()
        }
        loop.start()
        defer {
            agent.stop()
            XCTAssertEqual(finished.wait(timeout: .now() + 10), .success, "the loop stops when asked")
        }

        clock.advance(to: start.advanced(by: 3_599_000))
        // The loop looks every few real milliseconds on this clock: a few hundred is many passes.
        XCTAssertEqual(waitFor(1, in: recorder, seconds: 0.3).count, 0, "a second early, nothing")
        clock.advance(to: start.advanced(by: 3_600_000))
        XCTAssertEqual(waitFor(1, in: recorder), ["Tea 2030-01-07T10:00:00.000Z"])
        clock.advance(to: start.advanced(by: 7_200_000))
        XCTAssertEqual(waitFor(2, in: recorder), ["Tea 2030-01-07T10:00:00.000Z", "Meeting 2030-01-07T11:00:00.000Z"])
    }
}
