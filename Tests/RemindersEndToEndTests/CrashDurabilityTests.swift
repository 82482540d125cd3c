import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import Synchronization
import XCTest

/// SIGKILL in the middle of a stream of committed saves: every save that was acknowledged is in
/// the store afterwards, complete, and the file passes `PRAGMA integrity_check`.
final class CrashDurabilityTests: XCTestCase {
    let folder = TemporaryFolder()

    override func setUp() {
        signal(SIGPIPE, SIG_IGN)  // the writer keeps writing into the pipe of a server that was just killed
    }

    /// What the writer thread sent, and whether the test told it to stop.
    private final class WriterState: Sendable {
        private let state = Mutex((stopped: false, sent: 0))
        var isStopped: Bool { state.withLock { $0.stopped } }
        var sent: Int { state.withLock { $0.sent } }
        func stop() { state.withLock { $0.stopped = true } }
        func sent(_ count: Int) { state.withLock { $0.sent = count } }
    }

    /// What save `n` of trial `t` holds, so a stored reminder can be checked for completeness on its own.
    private static func reminder(trial: Int, number: Int) -> JSONValue {
        let alarms = (0..<(number % 4)).map { index -> JSONValue in ["relativeOffset": .integer(Int64(-60 * (index + 1)))] }
        return [
            "title": .string("crash \(trial)-\(number)"),
            "notes": .string("notes of \(trial)-\(number) " + String(repeating: "n", count: number % 50)),
            "priority": .integer(Int64(number % 10)),
            "dueDateComponents": ["year": 2027, "month": 1, "day": .integer(Int64(1 + number % 28)), "hour": 9],
            "alarms": .array(alarms),
        ]
    }

    func testSIGKILLDuringPipelinedCommittedSavesLosesNothingAcknowledged() throws {
        let trials = 20
        Programs.grant("crash", store: folder.store)
        var generator = SystemRandomNumberGenerator()
        var acknowledged: [String: (trial: Int, number: Int)] = [:]
        var sentTotal = 0
        for trial in 0..<trials {
            let server = try RemindersdProcess(store: folder.store)
            XCTAssertNotNil(server.initialize(client: "crash").result)
            // A writer pipelines saves as fast as the pipe takes them, some in batches, while this thread
            // picks a random moment to kill the server.
            let state = WriterState()
            let writer = Thread {
                for number in 0..<4000 {
                    if state.isStopped { break }
                    let request = Programs.request(
                        .string("\(trial)-\(number)"), "saveReminder", ["reminder": Self.reminder(trial: trial, number: number), "commit": true])
                    if number % 7 == 3 {
                        let second = Programs.request(
                            .string("\(trial)-\(number)b"), "saveReminder",
                            ["reminder": Self.reminder(trial: trial, number: number + 100_000), "commit": true])
                        server.channel.send(json: "[" + request.serialized + "," + second.serialized + "]")
                    } else {
                        server.channel.send(request)
                    }
                    state.sent(number + 1)
                }
            }
            writer.start()
            usleep(UInt32.random(in: 30_000...400_000, using: &generator))
            kill(server.process.processIdentifier, SIGKILL)
            state.stop()
            server.process.waitUntilExit()
            XCTAssertEqual(server.process.terminationReason, .uncaughtSignal)
            XCTAssertTrue(server.channel.waitForEndOfOutput(timeout: 10))
            while !writer.isFinished { usleep(1000) }
            sentTotal += state.sent
            // Every answer that made it out before the kill acknowledges a durable save.
            var answers: [JSONValue] = []
            while let message = server.channel.next(timeout: 0) { answers.append(message) }
            for answer in answers.flatMap({ $0.arrayValue ?? [$0] }) {
                guard let id = answer["id"]?.stringValue, let reminder = answer.at("result", "reminder"),
                    let identifier = reminder["calendarItemIdentifier"]?.stringValue
                else {
                    if answer["id"] != nil { XCTFail("trial \(trial): a save failed before the kill: \(answer.serialized.prefix(300))") }
                    continue
                }
                let parts = id.split(separator: "-")
                var number = Int(parts[1].replacingOccurrences(of: "b", with: ""))!
                if parts[1].hasSuffix("b") { number += 100_000 }
                acknowledged[identifier] = (trial, number)
            }
        }

        // A fresh server sees every acknowledged save, complete.
        let check = try RemindersdProcess(store: folder.store)
        XCTAssertNotNil(check.initialize(client: "crash").result)
        let stored = check.channel.request("fetchReminders", timeout: 60).at("result", "reminders")?.arrayValue ?? []
        XCTAssertEqual(check.shutDown(), 0)
        var byIdentifier: [String: JSONValue] = [:]
        for reminder in stored { byIdentifier[reminder["calendarItemIdentifier"]?.stringValue ?? ""] = reminder }
        var found = 0
        for (identifier, origin) in acknowledged {
            guard let reminder = byIdentifier[identifier] else { XCTFail("acknowledged save \(origin) is missing"); continue }
            found += 1
            let expected = Self.reminder(trial: origin.trial, number: origin.number)
            XCTAssertEqual(reminder["title"], expected["title"])
            XCTAssertEqual(reminder["notes"], expected["notes"])
            XCTAssertEqual(reminder["alarms"]?.arrayValue?.count, expected["alarms"]?.arrayValue?.count, "\(origin)")
        }
        // Nothing half-written, acknowledged or not: each stored reminder is one of ours, whole.
        for reminder in stored {
            let title = reminder["title"]?.stringValue ?? ""
            let parts = title.dropFirst("crash ".count).split(separator: "-").compactMap { Int($0) }
            guard title.hasPrefix("crash "), parts.count == 2 else { XCTFail("unexpected reminder \(title)"); continue }
            let expected = Self.reminder(trial: parts[0], number: parts[1])
            XCTAssertEqual(reminder["notes"], expected["notes"], title)
            XCTAssertEqual(reminder["alarms"]?.arrayValue?.count, expected["alarms"]?.arrayValue?.count, title)
            XCTAssertEqual(reminder["dueDateComponents"], expected["dueDateComponents"], title)
        }
        // And the file itself: sound, and every row's alarm count matches its alarm rows.
        if Programs.sqlite3 != nil {
            XCTAssertEqual(try Programs.sql(folder.store, "PRAGMA integrity_check"), "ok")
            XCTAssertEqual(try Programs.sql(folder.store, "PRAGMA foreign_key_check"), "")
            XCTAssertEqual(
                try Programs.sql(
                    folder.store,
                    """
                    SELECT count(*) FROM reminders r WHERE alarm_count != (SELECT count(*) FROM alarms a WHERE a.reminder = r.id)
                    """), "0")
            XCTAssertEqual(try Programs.sql(folder.store, "SELECT count(*) FROM reminders"), String(stored.count))
        }
        print(
            "crash test: \(trials) SIGKILL trials, \(sentTotal) saves sent, \(acknowledged.count) acknowledged, \(found) of them found; \(stored.count) reminders stored, all complete; integrity_check ok"
        )
        XCTAssertGreaterThan(acknowledged.count, trials, "too few saves were acknowledged for the test to mean much")
    }
}
