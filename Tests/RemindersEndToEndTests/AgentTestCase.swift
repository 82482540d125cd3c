import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import Synchronization
import XCTest

/// What the agent's end-to-end tests share: a store with a full-access client `agent-test`, an
/// agent started on it with an --on-alarm program that records each alarm's JSON, and calls.
class AgentTestCase: XCTestCase {
    let folder = TemporaryFolder()

    var firedFile: String { folder.path + "/fired.jsonl" }

    /// Seconds the --on-alarm program takes for each alarm (a slow channel keeps the agent firing).
    var recorderDelay = 0.0
    /// What each agent this test started logged, in order: said when an assertion fails.
    private(set) var agentLogs: [AgentLog] = []

    /// A program that appends each alarm's JSON, one per line.
    func recorder() throws -> String {
        let path = folder.path + "/record.sh"
        let pause = recorderDelay > 0 ? "sleep \(recorderDelay)\n" : ""
        // One write per alarm: deliveries run side by side, and two appends each would interleave.
        try Data("#!/bin/sh\n\(pause)payload=$(cat)\nprintf '%s\\n' \"$payload\" >> '\(firedFile)'\n".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    /// Starts an agent and returns once it is ready (it logs so at info level): what happens
    /// from then on happens while it runs, however slowly the machine started it.
    /// `viaShell`: started by `/bin/sh`, which then execs it (libfaketime loses a Swift program's
    /// output when that program is the first process to load it; a shell loading it first does not).
    func agent(_ extra: [String] = [], environment: [String: String] = [:], viaShell: Bool = false) throws -> Process {
        let process = Process()
        let arguments = ["agent", "--store", folder.store, "--notify", "none", "--on-alarm", try recorder(), "--log-level", "info"] + extra
        if viaShell {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "exec \"$0\" \"$@\"", RemindersdProcess.binaryPath] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: RemindersdProcess.binaryPath)
            process.arguments = arguments
        }
        process.environment = ProcessInfo.processInfo.environment.merging(["TZ": "Europe/Berlin"].merging(environment) { _, new in new }) { _, new in
            new
        }
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let log = AgentLog()
        agentLogs.append(log)
        Thread.detachNewThread {
            while case let data = errors.fileHandleForReading.availableData, !data.isEmpty { log.append(data) }
        }
        let deadline = Date().addingTimeInterval(20)
        while !log.text.contains("ready in"), process.isRunning, Date() < deadline { usleep(20_000) }
        XCTAssertTrue(log.text.contains("ready in"), "the agent did not get ready: \(log.text)")
        return process
    }

    func stop(_ process: Process) -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Every agent's log, for an assertion's message.
    var agentsSaid: String {
        agentLogs.enumerated().map { "agent \($0.offset + 1):\n\($0.element.text)" }.joined(separator: "\n")
    }

    func fired() -> [JSONValue] {
        let text = (try? String(contentsOfFile: firedFile, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
    }

    func waitForFired(_ count: Int, within seconds: TimeInterval) -> [JSONValue] {
        let deadline = Date().addingTimeInterval(seconds)
        while fired().count < count && Date() < deadline { usleep(50_000) }
        return fired()
    }

    func call(_ method: String, _ params: JSONValue) throws -> JSONValue {
        let result = try RemindersdProcess.run(["call", method, params.serialized, "--store", folder.store, "--client", "agent-test"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try JSONParser.parse(result.stdout)
    }

    func instant(_ secondsFromNow: TimeInterval) -> JSONValue {
        let date = Date().addingTimeInterval(secondsFromNow)
        let formatter = ISO8601DateFormatter()
        return .string(formatter.string(from: date))
    }

    override func setUpWithError() throws {
        XCTAssertEqual(
            try RemindersdProcess.run(["permissions", "set", "--any-program", "agent-test", "fullAccess", "--store", folder.store]).status, 0)
    }

    func callError(_ method: String, _ params: JSONValue) throws -> JSONValue {
        let result = try RemindersdProcess.run(["call", method, params.serialized, "--store", folder.store, "--client", "agent-test"])
        XCTAssertEqual(result.status, 1, result.stdout)
        return try JSONParser.parse(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// A served client `name` with `status`, initialized asking for alarms (`capabilities.alarms`).
    func servedClient(_ name: String, status: String = "fullAccess") throws -> RemindersdProcess {
        XCTAssertEqual(try RemindersdProcess.run(["permissions", "set", "--any-program", name, status, "--store", folder.store]).status, 0)
        let server = try RemindersdProcess(store: folder.store)
        XCTAssertNotNil(server.channel.request("initialize", ["clientInfo": ["name": .string(name)], "capabilities": ["alarms": true]]).result)
        server.channel.notify("initialized", [:])
        return server
    }
}

/// What an agent wrote on stderr, gathered by a reader thread.
final class AgentLog: Sendable {
    private let data = Mutex(Data())
    func append(_ more: Data) { data.withLock { $0.append(more) } }
    var text: String { data.withLock { String(decoding: $0, as: UTF8.self) } }
}
