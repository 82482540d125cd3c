import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// SIGTERM and SIGINT: answer the request in hand, discard staged work, exit 0.
final class SignalTests: XCTestCase {
    let folder = TemporaryFolder()

    func testTerminationSignalsStopCleanly() throws {
        _ = try RemindersdProcess.run(["permissions", "set", "--any-program", "signals", "fullAccess", "--store", folder.store])
        for signal in [SIGTERM, SIGINT] {
            let server = try RemindersdProcess(store: folder.store)
            server.initialize(client: "signals")
            XCTAssertNil(server.channel.request("saveReminder", ["reminder": ["title": .string("committed \(signal)")]])["error"])
            XCTAssertNil(server.channel.request("saveReminder", ["reminder": ["title": "staged"], "commit": false])["error"])
            let id = server.channel.makeID()
            server.channel.send(["jsonrpc": "2.0", "id": .integer(id), "method": "fetchReminders", "params": [:]])
            kill(server.process.processIdentifier, signal)
            XCTAssertEqual(server.waitForExit(), 0, "signal \(signal)")
            if let answer = server.channel.response(id: .integer(id), timeout: 1) {
                XCTAssertNotNil(answer.result, "an answer that arrives is a whole, good one")
            }
            XCTAssertTrue(server.channel.waitForEndOfOutput())
        }
        let check = try RemindersdProcess.run(["call", "fetchReminders", "--store", folder.store, "--client", "signals"])
        let titles = try JSONParser.parse(check.stdout).at("reminders")?.arrayValue?.compactMap { $0["title"]?.stringValue }
        XCTAssertEqual(Set(titles ?? []), ["committed \(SIGTERM)", "committed \(SIGINT)"])
    }

    func testASignalWhileIdleExitsAtOnce() throws {
        let server = try RemindersdProcess(store: folder.store)
        server.initialize(client: "idle")
        let started = Date()
        kill(server.process.processIdentifier, SIGTERM)
        XCTAssertEqual(server.waitForExit(), 0)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    }
}
