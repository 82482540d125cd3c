import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// The agent against channels that misbehave, and one store reached by two paths.
final class AgentRobustnessTests: AgentTestCase {
    /// An --on-alarm program that exits without reading a payload larger than a pipe holds
    /// (long notes): the agent's write meets EPIPE. It used to trap there — and, since the claimed
    /// alarm is delivered again at start, at every start after.
    func testAProgramThatDoesNotReadItsInputKillsNothing() throws {
        let count = folder.path + "/invocations"
        let program = folder.script("reads-nothing", "echo run >> '\(count)'\nexec head -c 16 >/dev/null")
        let notes = String(repeating: "a long note ", count: 8_000)  // 96 kB: over a pipe's 64 kB, under argv's 128 kB
        _ = try call(
            "saveReminder",
            ["reminder": ["title": "Long", "notes": .string(notes), "alarms": [["absoluteDate": instant(1.5), "alarmIdentifier": "long"]]]])
        _ = try call(
            "saveReminder",
            ["reminder": ["title": "After it", "notes": .string(notes), "alarms": [["absoluteDate": instant(3), "alarmIdentifier": "after"]]]])
        let agent = try agent(["--on-alarm", program])
        let deadline = Date().addingTimeInterval(10)
        while runs(count) < 2, agent.isRunning, Date() < deadline { usleep(50_000) }
        XCTAssertEqual(runs(count), 2, "both alarms reached the program")
        usleep(300_000)
        XCTAssertTrue(agent.isRunning, "the agent died of the closed pipe")
        XCTAssertEqual(stop(agent), 0)
    }

    private func runs(_ file: String) -> Int {
        ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    /// A program that hangs on one alarm holds up no other: the next fires at its time, not late.
    func testAHangingProgramDelaysNoOtherAlarm() throws {
        let program = folder.script(
            "hangs-on-slow",
            """
            payload=$(cat)
            case "$payload" in *'"title":"Slow"'*) sleep 20 ;; esac
            printf '%s\\n' "$payload" >> '\(firedFile)'
            """)
        _ = try call("saveReminder", ["reminder": ["title": "Slow", "alarms": [["absoluteDate": instant(1.5), "alarmIdentifier": "slow"]]]])
        let quickAt = Date().addingTimeInterval(3)
        _ = try call("saveReminder", ["reminder": ["title": "Quick", "alarms": [["absoluteDate": instant(3), "alarmIdentifier": "quick"]]]])
        let agent = try agent(["--on-alarm", program])
        let got = waitForFired(1, within: 12)
        let arrived = Date()
        XCTAssertEqual(stop(agent), 0)
        XCTAssertEqual(got.first?.at("alarm", "alarmIdentifier"), "quick", "\(got)")
        XCTAssertEqual(got.first?["late"], false, "delivered on time, and late says so")
        XCTAssertLessThan(arrived.timeIntervalSince(quickAt), 8, "the quick alarm waited for the slow program")
    }

    /// The clock jumps forward an hour under a running agent (libfaketime, Debian `faketime`, with
    /// its offset re-read from a file): what came due in the jump fires at once, marked late;
    /// what is still ahead does not.
    func testAlarmsThatCameDueInAClockJumpFireAtOnceMarkedLate() throws {
        let library = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"
        guard FileManager.default.fileExists(atPath: library) else {
            return XCTFail("libfaketime is not installed (apt-get install faketime): .ci/run installs it")
        }
        let offset = folder.path + "/faketime"
        try "+0".write(toFile: offset, atomically: true, encoding: .utf8)
        _ = try call(
            "saveReminder", ["reminder": ["title": "In 20 minutes", "alarms": [["absoluteDate": instant(20 * 60), "alarmIdentifier": "twenty"]]]])
        _ = try call(
            "saveReminder", ["reminder": ["title": "In 50 minutes", "alarms": [["absoluteDate": instant(50 * 60), "alarmIdentifier": "fifty"]]]])
        _ = try call(
            "saveReminder", ["reminder": ["title": "In 2 hours", "alarms": [["absoluteDate": instant(2 * 3600), "alarmIdentifier": "later"]]]])
        let agent = try agent(
            [],
            environment: [
                "LD_PRELOAD": library, "FAKETIME_TIMESTAMP_FILE": offset, "FAKETIME_NO_CACHE": "1",
                "FAKETIME_DONT_FAKE_MONOTONIC": "1",
            ], viaShell: true)
        usleep(500_000)
        XCTAssertEqual(fired().count, 0)
        try "+3600".write(toFile: offset, atomically: true, encoding: .utf8)
        let got = waitForFired(2, within: 10)
        usleep(1_000_000)
        XCTAssertEqual(stop(agent), 0)
        XCTAssertEqual(Set(fired().compactMap { $0.at("alarm", "alarmIdentifier")?.stringValue }), ["twenty", "fifty"], "\(got)")
        XCTAssertTrue(got.allSatisfy { $0["late"] == true }, "\(got)")
    }

    /// One store reached through a symbolic link is still one store: one agent.
    func testOneAgentPerStoreThroughASymlink() throws {
        let first = try agent()
        let link = folder.path + "/link.sqlite"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.store)
        let second = try RemindersdProcess.run(["agent", "--store", link, "--notify", "none"])
        XCTAssertEqual(second.status, 1, second.stderr)
        XCTAssertTrue(second.stderr.contains("another agent is running"), second.stderr)
        let viaDots = try RemindersdProcess.run([
            "agent", "--store", folder.path + "/../" + (folder.path as NSString).lastPathComponent + "/reminders.sqlite",
            "--notify", "none",
        ])
        XCTAssertEqual(viaDots.status, 1, viaDots.stderr)
        XCTAssertEqual(stop(first), 0)
    }
}
