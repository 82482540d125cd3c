import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// The process around the protocol: descriptors closed at start, options before the subcommand,
/// and `remindersd mcp` on the JSON-RPC transport's framing.
final class ProcessHygieneTests: XCTestCase {
    let folder = TemporaryFolder()

    /// With stderr closed at start (`2>&-`), the duplicate of stdout kept for frames must not take
    /// fd 2: log lines (info: "client … initialized") would land between the frames.
    func testClosedStandardDescriptorsAreOpenedOnDevNull() throws {
        XCTAssertEqual(
            try RemindersdProcess.run(["permissions", "set", "--any-program", "hygiene", "fullAccess", "--store", folder.store]).status, 0)
        let server = try RemindersdProcess(store: folder.store, arguments: ["--log-level", "debug"], shellPrefix: "exec 2>&-")
        server.initialize(client: "hygiene")
        XCTAssertNotNil(server.channel.request("saveReminder", ["reminder": ["title": "logged at debug level"]]).result)
        XCTAssertNotNil(server.channel.request("fetchReminders").result)
        XCTAssertEqual(server.shutDown(), 0)
        XCTAssertTrue(server.channel.waitForEndOfOutput())
        let output = Programs.onlyFrames(server.channel.outputBytes, framing: .ndjson)
        XCTAssertTrue(output.clean, "something but frames on stdout: \(String(decoding: server.channel.outputBytes, as: UTF8.self).prefix(400))")
        // The four answers; a `storeChanged` for the save may come before the session ends or not,
        // as the machine's load has it (a busy machine showed 5 frames): it is a frame all the same.
        XCTAssertEqual(output.frames.filter { $0["id"] != nil }.count, 4, "\(output.frames.map(\.serialized))")
        XCTAssertTrue(output.frames.allSatisfy { $0["id"] != nil || $0["method"] == "storeChanged" }, "\(output.frames.map(\.serialized))")
    }

    /// `remindersd --store S permissions set C fullAccess --entity event`: options before the
    /// subcommand are the subcommand's.
    func testOptionsMayComeBeforeTheSubcommand() throws {
        let set = try RemindersdProcess.run([
            "--store", folder.store, "permissions", "set", "--any-program", "early", "fullAccess", "--entity", "event",
        ])
        XCTAssertEqual(set.status, 0, set.stderr)
        let list = try RemindersdProcess.run(["--store=\(folder.store)", "permissions", "list"])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stdout.contains(#""client":"early","entityType":"event","program":null,"status":"fullAccess""#), list.stdout)
        let call = try RemindersdProcess.run([
            "--store", folder.store, "call", "fetchEvents",
            #"{"start":"2026-01-01T00:00:00Z","end":"2026-02-01T00:00:00Z"}"#, "--client", "early",
        ])
        XCTAssertEqual(call.status, 0, call.stderr)
        let unknown = try RemindersdProcess.run(["--store", folder.store, "permissions", "list", "--bogus"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("unknown option --bogus"), unknown.stderr)
    }

    // MARK: MCP on the JSON-RPC transport

    /// `nonBlockingOutput`: the server's stdout is a non-blocking pipe (its writes may meet EAGAIN).
    private func mcp(_ arguments: [String] = [], nonBlockingOutput: Bool = false) throws -> (process: Process, input: FileHandle, output: Pipe) {
        RemindersdProcess.ignoreBrokenPipes()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: RemindersdProcess.binaryPath)
        process.arguments = ["mcp", "--store", folder.store] + arguments
        let input = Pipe(), output = Pipe()
        if nonBlockingOutput {
            let descriptor = output.fileHandleForWriting.fileDescriptor
            XCTAssertEqual(fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK), 0)
        }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, input.fileHandleForWriting, output)
    }

    private static let meta: JSONValue = [
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": [:],
        "io.modelcontextprotocol/clientInfo": ["name": "framing-test", "version": "1"],
    ]

    private static func call(_ id: Int, _ tool: String, _ arguments: JSONValue) -> JSONValue {
        [
            "jsonrpc": "2.0", "id": .integer(Int64(id)), "method": "tools/call",
            "params": ["name": .string(tool), "arguments": arguments, "_meta": meta],
        ]
    }

    /// A line over the size limit is discarded whole: a call that follows the junk on the same
    /// line is never executed (it was, when the MCP front end kept the tail of an over-long line).
    func testAnOverlongLineIsDiscardedWholeCallAndAll() throws {
        XCTAssertEqual(
            try RemindersdProcess.run(["permissions", "set", "--any-program", "framing-test", "fullAccess", "--store", folder.store]).status, 0)
        let (process, input, output) = try mcp(["--log-level", "error"])
        let limit = 16 << 20
        // The junk first, alone, so the server has read past the limit before the call comes:
        // the call then starts a read of its own, as it would from a client that paused.
        let junk = [UInt8](repeating: UInt8(ascii: "x"), count: limit + 4096)
        var rest = Array(Self.call(1, "create_reminder", ["title": "smuggled past the limit"]).serialized.utf8) + [0x0A]
        rest += Array(Self.call(2, "search_reminders", [:]).serialized.utf8) + [0x0A]
        let tail = rest
        let writer = Thread {
            let descriptor = DescriptorWriter(descriptor: input.fileDescriptor)
            _ = descriptor.write(junk)
            usleep(1_000_000)
            _ = descriptor.write(tail)
            try? input.close()
        }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let replies = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
        XCTAssertEqual(replies.count, 2, "one error for the long line, one answer for the search: \(replies)")
        XCTAssertEqual(replies.first?.at("error", "code"), .integer(Int64(ResponseError.parseErrorCode)))
        XCTAssertFalse(replies.contains { $0["id"] == 1 }, "the smuggled call was answered")
        let search = replies.first { $0["id"] == 2 }
        XCTAssertNotNil(search?["result"], "\(replies)")
        XCTAssertFalse(search?.serialized.contains("smuggled") ?? true, "the smuggled call was executed and stored")
    }

    /// A client that reads slowly (its pipe full, writes answered with EAGAIN on a non-blocking
    /// descriptor) still gets every frame whole.
    func testLargeRepliesReachASlowReaderWhole() throws {
        XCTAssertEqual(
            try RemindersdProcess.run(["permissions", "set", "--any-program", "framing-test", "fullAccess", "--store", folder.store]).status, 0)
        for index in 0..<40 {
            let notes = String(repeating: "n", count: 8_000) + String(index)
            XCTAssertEqual(
                try RemindersdProcess.run([
                    "call", "saveReminder", (["reminder": ["title": .string("big \(index)"), "notes": .string(notes)]] as JSONValue).serialized,
                    "--store", folder.store, "--client", "framing-test",
                ]).status, 0)
        }
        let (process, input, output) = try mcp(["--log-level", "error"], nonBlockingOutput: true)
        var requests: [UInt8] = []
        for id in 1...5 { requests += Array(Self.call(id, "search_reminders", ["limit": 40]).serialized.utf8) + [0x0A] }
        _ = DescriptorWriter(descriptor: input.fileDescriptor).write(requests)
        try input.close()
        usleep(500_000)  // the server's writes meet a full pipe meanwhile
        var data = Data()
        while case let chunk = output.fileHandleForReading.readData(ofLength: 4096), !chunk.isEmpty {
            data.append(chunk)
            usleep(200)
        }
        process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.count, 5)
        for line in lines { XCTAssertNoThrow(try JSONParser.parse(String(line)), "a frame was cut: \(line.prefix(80))…\(line.suffix(80))") }
    }
}
