import Foundation
import RemindersModel
import RemindersStore
import Synchronization
import XCTest
@testable import RemindersAlarms

/// The person's click on a notification and the channel's answer with its id race: the desktop's
/// server answers Notify, signals the click, and the agent reads the two on different threads. The
/// ledger ends as the person left it whichever the agent hears first (CI once saw a close undone
/// by the delivery recorded after it).
final class NotificationOrderTests: XCTestCase {
    private var folder: String!
    private let start = Timestamp(rfc3339: "2030-01-07T09:00:00Z")!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "NotificationOrderTests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    /// A desktop channel the test drives: it holds each hand-over until told the id and the end.
    private final class HeldChannel: AlarmChannel {
        let held = Mutex<[(shown: @Sendable (UInt32) -> Void, completion: Handover.Completion)]>([])
        func deliver(_ alarm: FiredAlarm, log: @escaping @Sendable (String) -> Void, shown: @escaping @Sendable (UInt32) -> Void) -> Handover {
            let completion = Handover.Completion()
            held.withLock { $0.append((shown, completion)) }
            return .pending(completion)
        }
    }

    private func until(_ seconds: TimeInterval = 10, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            usleep(2_000)
        }
        return try condition()
    }

    /// Runs the agent over one due alarm through `channel`, hands `body` the hand-over, and answers
    /// the ledger's states once the loop has had its say.
    private func states(
        _ body: (_ agent: AlarmAgent, _ shown: @Sendable (UInt32) -> Void, _ completion: Handover.Completion) -> Void
    ) throws -> [AlarmDelivery.State] {
        let path = folder + "/s.sqlite"
        let events = try EventStore(path: path, timeZone: TimeZone(identifier: "UTC")!, clock: { self.start })
        var tea = ReminderChanges()
        tea.title = .set("Tea")
        tea.alarms = .set([AlarmDraft(trigger: .absolute(start))])
        _ = try events.saveReminder(identifier: nil, changes: tea, commit: true)

        let channel = HeldChannel()
        var options = AgentOptions(storePath: path)
        options.notify = .none
        options.timeZone = TimeZone(identifier: "UTC")!
        let agent = try AlarmAgent(options: options, channels: [channel], clock: ManualClock(start))
        let finished = DispatchSemaphore(value: 0)
        Thread {
            do { try agent.run() } catch { XCTFail("the agent stopped: \(error)") }
            finished.signal()
        }.start()
        defer {
            agent.stop()
            XCTAssertEqual(finished.wait(timeout: .now() + 10), .success)
        }
        XCTAssertTrue(until { channel.held.withLock { !$0.isEmpty } }, "the alarm fired")
        let (shown, completion) = channel.held.withLock { $0[0] }
        body(agent, shown, completion)
        _ = try until(3) { try !events.read { store throws(StoreError) in try store.deliveries(in: .dismissed) }.isEmpty }
        usleep(200_000)  // many passes on this clock: a later write would have landed
        return try [.firing, .delivered, .dismissed, .snoozed].filter { state in
            !(try events.read { store throws(StoreError) in try store.deliveries(in: state) }.isEmpty)
        }
    }

    func testAClickHeardBeforeTheServersAnswerWaitsForIt() throws {
        let states = try states { agent, shown, completion in
            agent.hear(.closed(id: 7, reason: 2))
            usleep(100_000)  // the loop has looked at the click and found no notification 7 yet
            shown(7)
            completion.finish()
        }
        XCTAssertEqual(states, [.dismissed])
    }

    func testAClickHeardWhileTheChannelStillHandsOverIsNotUndoneByTheDelivery() throws {
        let states = try states { agent, shown, completion in
            shown(7)
            agent.hear(.closed(id: 7, reason: 2))
            usleep(100_000)
            completion.finish()
        }
        XCTAssertEqual(states, [.dismissed])
    }

    func testAnotherProgramsNotificationIsLeftAlone() throws {
        let states = try states { agent, shown, completion in
            shown(7)
            completion.finish()
            usleep(100_000)
            agent.hear(.closed(id: 8, reason: 2))
            usleep(100_000)
            agent.hear(.closed(id: 7, reason: 1))  // expired, not dismissed by the person
        }
        XCTAssertEqual(states, [.delivered])
    }
}
