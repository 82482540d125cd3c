import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// requestAccess and the consent agent: the owner decides, once, and the answer is remembered.
final class RequestAccessTests: XCTestCase {
    let folder = TemporaryFolder()

    /// An agent that appends one line per call to `calls` and exits with `status`.
    private func agent(_ name: String, exit status: Int, sleep seconds: Int = 0) -> String {
        folder.script(
            name,
            """
            echo "$1|$2|$3" >> '\(folder.path)/\(name).calls'
            sleep \(seconds)
            exit \(status)
            """)
    }

    private func calls(_ name: String) -> [String] {
        ((try? String(contentsOfFile: folder.path + "/\(name).calls", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    private func session(_ client: String, agent: String?, extra: [String] = []) throws -> RemindersdProcess {
        let server = try RemindersdProcess(store: folder.store, arguments: (agent.map { ["--consent-agent", $0] } ?? []) + extra)
        server.initialize(client: client)
        return server
    }

    /// The program these tests run in, which starts the servers: what their grants are for.
    static let testProgram = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "?"

    func testAllowedIsGrantedAndRemembered() throws {
        let allow = agent("allow", exit: 0)
        let server = try session("app", agent: allow)
        let first = server.channel.request("requestAccess", ["entityType": "reminder", "level": "full", "usageDescription": "Shows your reminders"])
        XCTAssertEqual(first.result, ["granted": true, "status": "fullAccess"])
        XCTAssertEqual(server.channel.request("requestAccess", ["usageDescription": "again"]).result, ["granted": true, "status": "fullAccess"])
        XCTAssertEqual(calls("allow"), ["app|reminder|full"])
        server.shutDown()
        let listed = try RemindersdProcess.run(["permissions", "list", "--store", folder.store])
        XCTAssertEqual(
            listed.stdout, #"{"client":"app","entityType":"reminder","program":"\#(Self.testProgram)","status":"fullAccess"}"# + "\n",
            "granted to the program that asked: this test's")
    }

    func testRefusedIsDeniedAndNeverAskedAgain() throws {
        let deny = agent("deny", exit: 1)
        let server = try session("app", agent: deny)
        XCTAssertEqual(server.channel.request("requestAccess", ["usageDescription": "x"]).result, ["granted": false, "status": "denied"])
        XCTAssertEqual(server.channel.request("requestAccess", ["usageDescription": "x"]).result, ["granted": false, "status": "denied"])
        XCTAssertEqual(calls("deny").count, 1)
        XCTAssertEqual(server.channel.request("fetchReminders").errorCode, -32010)
        server.shutDown()
    }

    func testNoAnswerInTimeIsDenied() throws {
        let slow = agent("slow", exit: 0, sleep: 30)
        let server = try session("app", agent: slow, extra: ["--consent-timeout", "1"])
        let started = Date()
        XCTAssertEqual(server.channel.request("requestAccess", ["usageDescription": "x"]).result, ["granted": false, "status": "denied"])
        XCTAssertLessThan(Date().timeIntervalSince(started), 15)
        server.shutDown()
    }

    func testNobodyToAskChangesNothing() throws {
        let server = try session("app", agent: nil)
        XCTAssertEqual(server.channel.request("requestAccess", ["usageDescription": "x"]).result, ["granted": false, "status": "notDetermined"])
        server.shutDown()
        XCTAssertTrue(server.stderr.contains("remindersd permissions set app fullAccess --program \(Self.testProgram)"), server.stderr)
        XCTAssertEqual(
            try RemindersdProcess.run(["permissions", "list", "--store", folder.store]).stdout,
            #"{"client":"app","entityType":"reminder","program":"\#(Self.testProgram)","status":"notDetermined"}"# + "\n",
            "who asked is recorded, and decides nothing")
        let granted = try RemindersdProcess.run(["permissions", "set", "app", "fullAccess", "--store", folder.store])
        XCTAssertTrue(
            granted.stderr.contains("app (\(Self.testProgram)) is now fullAccess"), "without --program: the program that asked; \(granted.stderr)")
        let again = try session("app", agent: nil)
        XCTAssertEqual(again.channel.request("authorizationStatus", [:]).result, ["status": "fullAccess"])
        again.shutDown()
    }

    func testWriteOnlyThenUpgrade() throws {
        let allow = agent("allow", exit: 0), deny = agent("deny", exit: 1)
        let first = try session("capture", agent: allow)
        XCTAssertEqual(
            first.channel.request("requestAccess", ["level": "writeOnly", "usageDescription": "capture"]).result,
            ["granted": true, "status": "writeOnly"])
        first.shutDown()
        let refused = try session("capture", agent: deny)
        XCTAssertEqual(refused.channel.request("requestAccess", ["usageDescription": "more"]).result, ["granted": false, "status": "writeOnly"])
        XCTAssertEqual(
            refused.channel.request("requestAccess", ["level": "writeOnly", "usageDescription": "more"]).result,
            ["granted": true, "status": "writeOnly"])
        refused.shutDown()
        let upgraded = try session("capture", agent: allow)
        XCTAssertEqual(upgraded.channel.request("requestAccess", ["usageDescription": "more"]).result, ["granted": true, "status": "fullAccess"])
        upgraded.shutDown()
        XCTAssertEqual(calls("allow"), ["capture|reminder|writeOnly", "capture|reminder|full"])
        XCTAssertEqual(calls("deny"), ["capture|reminder|full"])
    }

    func testRestrictedIsNotAsked() throws {
        _ = try RemindersdProcess.run(["permissions", "set", "--any-program", "kid", "restricted", "--store", folder.store])
        let allow = agent("allow", exit: 0)
        let server = try session("kid", agent: allow)
        XCTAssertEqual(server.channel.request("requestAccess", ["usageDescription": "x"]).result, ["granted": false, "status": "restricted"])
        XCTAssertEqual(calls("allow"), [])
        server.shutDown()
    }

    func testUsageDescriptionAndEntityTypeAreRequiredRight() throws {
        let server = try session("app", agent: agent("allow", exit: 0))
        for params: JSONValue in [[:], ["usageDescription": ""], ["usageDescription": "   "], ["usageDescription": 5]] {
            let response = server.channel.request("requestAccess", params)
            XCTAssertEqual(response.errorCode, -32602, "\(params)")
            XCTAssertEqual(response.errorField, "usageDescription", "\(params)")
        }
        XCTAssertEqual(server.channel.request("requestAccess", ["entityType": "task", "usageDescription": "x"]).errorField, "entityType")
        XCTAssertEqual(server.channel.request("requestAccess", ["level": "admin", "usageDescription": "x"]).errorField, "level")
        XCTAssertEqual(calls("allow"), [])
        // Events have a status of their own: asking for them asks the owner about events.
        let event = server.channel.request("requestAccess", ["entityType": "event", "level": "writeOnly", "usageDescription": "x"])
        XCTAssertEqual(event.at("result", "status"), "writeOnly")
        XCTAssertEqual(calls("allow"), ["app|event|writeOnly"])
        XCTAssertEqual(server.channel.request("authorizationStatus", ["entityType": "event"]).at("result", "status"), "writeOnly")
        XCTAssertEqual(server.channel.request("authorizationStatus").at("result", "status"), "notDetermined", "granting events grants no reminders")
        server.shutDown()
    }

    func testAgentGetsHostileStringsAsPlainArguments() throws {
        let record = folder.script("record", "for a in \"$@\"; do printf '%s\\0' \"$a\"; done > '\(folder.path)/args'; exit 0")
        let name = #"evil; touch pwned $(touch pwned2) `touch pwned3` "quoted' \"#
        let usage = "line one\nline two; rm -rf / $(id) \u{1B}[31m"
        let server = try session(name, agent: record)
        XCTAssertEqual(server.channel.request("requestAccess", ["usageDescription": .string(usage)]).at("result", "granted"), true)
        server.shutDown()
        let recorded = try String(contentsOfFile: folder.path + "/args", encoding: .utf8).split(separator: "\0", omittingEmptySubsequences: false)
        XCTAssertEqual(recorded.prefix(4).map(String.init), [name, "reminder", "full", usage])
        for file in ["pwned", "pwned2", "pwned3"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/" + file))
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path + "/" + file))
        }
    }
}
