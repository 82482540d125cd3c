import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// SIGTERM and SIGINT: the server finishes the request in hand, answers it, discards uncommitted
/// work and exits with status 0.
final class SignalDuringWorkTests: XCTestCase {
    let folder = TemporaryFolder()

    override func setUp() {
        signal(SIGPIPE, SIG_IGN)
    }

    private func storedTitles() throws -> Set<String> {
        let check = try Programs.server(store: folder.store, client: "checker")
        let titles = check.channel.request("fetchReminders").at("result", "reminders")?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
        XCTAssertEqual(check.shutDown(), 0)
        return Set(titles)
    }

    /// The regression this suite guards: the server must not die of the signal.
    private func requireHandled(_ server: RemindersdProcess, _ signalName: String) throws {
        guard server.process.terminationReason != .uncaughtSignal else {
            XCTFail("the server died of \(signalName) (status \(server.process.terminationStatus)) instead of finishing and exiting")
            throw CancellationError()
        }
    }

    /// A request in hand (requestAccess waiting 1.5 s for the consent agent) when the signal comes.
    private func signalDuringARequest(_ signalNumber: Int32, _ signalName: String, framing: Framing) throws {
        let agent = folder.script("slow-\(signalName)", "sleep 1.5; exit 0")
        let client = "signals-\(signalName)"
        Programs.grant(client, "writeOnly", store: folder.store)
        let server = try RemindersdProcess(store: folder.store, framing: framing, arguments: ["--consent-agent", agent])
        XCTAssertNotNil(server.initialize(client: client).result)
        XCTAssertNotNil(server.channel.request("saveReminder", ["reminder": ["title": .string("committed before \(signalName)")]]).result)
        XCTAssertNotNil(
            server.channel.request("saveReminder", ["reminder": ["title": .string("uncommitted at \(signalName)")], "commit": false]).result)
        server.channel.send(Programs.request("in-hand", "requestAccess", ["usageDescription": "signals", "level": "full"]))
        Thread.sleep(forTimeInterval: 0.4)
        kill(server.process.processIdentifier, signalNumber)
        let answer = server.channel.response(id: "in-hand", timeout: 10)
        _ = server.waitForExit(timeout: 10)
        try requireHandled(server, signalName)
        XCTAssertEqual(answer?.at("result", "status"), "fullAccess", "the request in hand is answered: \(answer?.serialized ?? "no answer")")
        XCTAssertEqual(server.process.terminationReason, .exit)
        XCTAssertEqual(server.process.terminationStatus, 0, "\(signalName): exit status")
        XCTAssertTrue(server.channel.waitForEndOfOutput())
        XCTAssertTrue(Programs.onlyFrames(server.channel.outputBytes, framing: framing).clean, "\(signalName): a partial frame on stdout")
        let titles = try storedTitles()
        XCTAssertTrue(titles.contains("committed before \(signalName)"))
        XCTAssertFalse(titles.contains("uncommitted at \(signalName)"), "\(signalName): uncommitted work was written")
        if Programs.sqlite3 != nil { XCTAssertEqual(try Programs.sql(folder.store, "PRAGMA integrity_check"), "ok") }
    }

    func testSIGTERMFinishesTheRequestInHandAndExitsCleanly() throws {
        try signalDuringARequest(SIGTERM, "SIGTERM", framing: .ndjson)
    }

    func testSIGINTFinishesTheRequestInHandAndExitsCleanly() throws {
        try signalDuringARequest(SIGINT, "SIGINT", framing: .lsp)
    }

    func testSIGTERMWhileIdleDiscardsStagedChangesAndExitsCleanly() throws {
        let server = try Programs.server(store: folder.store, client: "idle")
        XCTAssertNotNil(server.channel.request("saveReminder", ["reminder": ["title": "staged while idle"], "commit": false]).result)
        kill(server.process.processIdentifier, SIGTERM)
        _ = server.waitForExit(timeout: 10)
        try requireHandled(server, "SIGTERM")
        XCTAssertEqual(server.process.terminationStatus, 0)
        XCTAssertFalse(try storedTitles().contains("staged while idle"))
    }
}
