import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// Exactly once, under load and a crash: two served clients and the agent on one store, 50 alarms
/// due in the same second, the agent killed (SIGKILL) while it fires them and started again.
final class ExactlyOnceTests: AgentTestCase {
    func testFiftyAlarmsInOneSecondSurviveAKilledAgent() throws {
        let clients = try ["watcher-a", "watcher-b"].map { try servedClient($0) }
        let due = instant(3)
        let batch: JSONValue = .array(
            (0..<50).map { index in
                ["saveReminder", ["reminder": ["title": .string("Alarm \(index)"), "alarms": [["absoluteDate": due, "alarmIdentifier": "a"]]]]]
            })
        let saved = try RemindersdProcess.run(["call", "--batch", batch.serialized, "--store", folder.store, "--client", "agent-test"])
        XCTAssertEqual(saved.status, 0, saved.stderr)

        // Each program takes a while, but the agent does not wait for it: it is killed as soon as the
        // first program has recorded, while it is still handing the others over.
        recorderDelay = 0.2
        let first = try agent()
        _ = waitForFired(1, within: 20)
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        let beforeRestart = fired().count
        XCTAssertLessThan(beforeRestart, 50, "killed while firing")
        let second = try agent()
        // Generous: a loaded machine (the suite runs in parallel on two cores) starts 50 programs slowly.
        _ = waitForFired(50, within: 60)
        usleep(1_500_000)
        XCTAssertEqual(stop(second), 0)

        let recorded = fired().compactMap { $0.at("reminder", "title")?.stringValue }
        let missing = Set((0..<50).map { "Alarm \($0)" }).subtracting(recorded).sorted()
        XCTAssertEqual(Set(recorded).count, 50, "none lost: \(recorded.count) recorded, missing \(missing)\n\(agentsSaid)")
        // The program heard at most the one delivery the kill interrupted twice (delivered again
        // at the restart, as a crash between deciding and delivering must be).
        XCTAssertLessThanOrEqual(recorded.count, 51, "\(recorded.sorted())")
        print("exactly once: \(beforeRestart) recorded before the kill, \(recorded.count) in all, \(Set(recorded).count) distinct")

        for (index, client) in clients.enumerated() {
            var heard: [String] = []
            while let fired = client.channel.notification("alarmFired", timeout: heard.count < 50 ? 10 : 1) {
                heard.append(fired.at("params", "reminder", "title")?.stringValue ?? "?")
            }
            XCTAssertEqual(heard.count, 50, "client \(index) heard each alarm once: \(heard.sorted())")
            XCTAssertEqual(Set(heard).count, 50, "client \(index)")
            XCTAssertEqual(client.shutDown(), 0)
        }
    }
}
