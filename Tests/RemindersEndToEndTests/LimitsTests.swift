import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// Every limit of protocol.md's table at and just over it, with its flag; input that never ends;
/// and memory that stays bounded whatever a client pipes in.
final class LimitsTests: XCTestCase {
    let folder = TemporaryFolder()

    private func server(_ framing: Framing = .ndjson, _ arguments: [String] = []) throws -> RemindersdProcess {
        try Programs.server(store: folder.store, client: "limits", framing: framing, arguments: arguments)
    }

    /// `{"jsonrpc":"2.0","id":ID,"method":"authorizationStatus"}` padded with blanks to exactly `size` bytes.
    private func paddedRequest(id: String, size: Int) -> [UInt8] {
        var bytes = Array(#"{"jsonrpc":"2.0","id":"\#(id)","method":"authorizationStatus"}"#.utf8)
        precondition(bytes.count <= size)
        bytes += [UInt8](repeating: 0x20, count: size - bytes.count)
        return bytes
    }

    private func assertGoodRequestAnswered(_ server: RemindersdProcess, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        let reply = server.channel.request("authorizationStatus", timeout: 30)
        XCTAssertEqual(reply.at("result", "status"), "fullAccess", "\(context): \(reply.serialized.prefix(300))", file: file, line: line)
    }

    // MARK: Message size

    func testMessageSizeAtAndOverTheLimitInBothFramings() throws {
        let limit = 4096
        for framing in [Framing.ndjson, .lsp] {
            let server = try server(framing, ["--max-message-size", String(limit)])
            server.channel.send(payload: paddedRequest(id: "at", size: limit))
            XCTAssertEqual(server.channel.nextReply()?.at("result", "status"), "fullAccess", "\(framing): a message of exactly the limit")
            server.channel.send(payload: paddedRequest(id: "over", size: limit + 1))
            let over = server.channel.nextReply()
            XCTAssertEqual(over?.errorCode, -32700, "\(framing): \(over?.serialized ?? "no answer")")
            XCTAssertEqual(over?["id"], .null)
            XCTAssertTrue(
                over?.at("error", "message")?.stringValue?.contains("larger than the limit") == true, "\(framing): \(over?.serialized ?? "")")
            assertGoodRequestAnswered(server, "\(framing) after a message one byte over")
            XCTAssertEqual(server.shutDown(), 0)
        }
    }

    func testNDJSONLineOfExactlyTheLimitEndingInCRLFSplitAcrossWrites() throws {
        // "a trailing \r is dropped": the \r is not part of the message, even when it arrives before its \n.
        let limit = 4096
        let server = try server(.ndjson, ["--max-message-size", String(limit)])
        for (index, pause) in [0.0, 0.2].enumerated() {
            server.channel.sendRaw(paddedRequest(id: "crlf\(index)", size: limit) + [0x0D])
            if pause > 0 { Thread.sleep(forTimeInterval: pause) }
            server.channel.sendRaw([0x0A])
            let reply = server.channel.nextReply()
            XCTAssertEqual(reply?["id"], .string("crlf\(index)"), "pause \(pause): \(reply?.serialized ?? "no answer")")
        }
        XCTAssertEqual(server.shutDown(), 0)
    }

    func testLSPBodyOverTheLimitIsDiscardedAsItArrivesAndHugeDeclaredSizesResynchronize() throws {
        let limit = 1 << 20
        let server = try server(.lsp, ["--max-message-size", String(limit)])
        // 40 MiB declared (under 64× the limit): read and discarded, never stored, then the session goes on.
        let declared = 40 << 20
        server.channel.sendRaw("Content-Length: \(declared)\r\n\r\n")
        let over = server.channel.nextReply()
        XCTAssertEqual(over?.errorCode, -32700)
        XCTAssertTrue(
            over?.at("error", "message")?.stringValue?.contains("\(declared) bytes is larger than the limit") == true, over?.serialized ?? "")
        let chunk = [UInt8](repeating: UInt8(ascii: "{"), count: 1 << 20)
        for _ in 0..<40 { server.channel.sendRaw(chunk) }
        assertGoodRequestAnswered(server, "after a discarded 40 MiB body")
        // Declared far beyond 64× the limit: taken as garbage, the header lines resynchronize.
        server.channel.sendRaw("Content-Length: \(Int64(1) << 40)\r\n\r\nnot a body\r\n")
        XCTAssertEqual(server.channel.nextReply()?.errorCode, -32700)
        assertGoodRequestAnswered(server, "after a 1 TiB Content-Length")
        XCTAssertEqual(server.shutDown(), 0)
    }

    /// A line that never ends: 200 MB without a newline. The server's resident memory stays bounded
    /// by the message-size limit, and a newline then a good request bring the session back.
    func testEndlessNDJSONLineKeepsMemoryBounded() throws {
        let server = try server(.ndjson)  // default limit: 16 MiB
        let pid = server.process.processIdentifier
        let baseline = Programs.residentKiB(pid) ?? 0
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
        var peak = baseline
        server.channel.sendRaw(Array(#"{"jsonrpc":"2.0","id":1,"method":"calendars","params":{"pad":""#.utf8))
        for index in 1...200 {
            server.channel.sendRaw(chunk)
            if index % 10 == 0 { peak = max(peak, Programs.residentKiB(pid) ?? 0) }
        }
        Thread.sleep(forTimeInterval: 0.2)
        peak = max(peak, Programs.residentKiB(pid) ?? 0)
        print("endless NDJSON line: 200 MiB sent, VmRSS \(baseline) KiB before, peak \(peak) KiB")
        XCTAssertLessThan(peak - baseline, 80 << 10, "resident memory grew by \(peak - baseline) KiB for a 200 MiB line (limit 16 MiB)")
        server.channel.sendRaw("\"}}\n")
        let reply = server.channel.nextReply(timeout: 30)
        XCTAssertEqual(reply?.errorCode, -32700, reply?.serialized ?? "no answer")
        assertGoodRequestAnswered(server, "after the endless line ended")
        XCTAssertEqual(server.shutDown(), 0)
    }

    /// An LSP body that never ends (declared 250 MB with a 4 MiB limit, 200 MB of it sent), and junk
    /// after a hopeless Content-Length that never has a newline: memory stays bounded in both.
    func testEndlessLSPBodyAndEndlessJunkKeepMemoryBounded() throws {
        let server = try server(.lsp, ["--max-message-size", String(4 << 20)])
        let pid = server.process.processIdentifier
        let baseline = Programs.residentKiB(pid) ?? 0
        let chunk = [UInt8](repeating: UInt8(ascii: "y"), count: 1 << 20)
        var peak = baseline
        let declared = 250 << 20
        server.channel.sendRaw("Content-Length: \(declared)\r\n\r\n")
        XCTAssertEqual(server.channel.nextReply()?.errorCode, -32700)
        for index in 1...200 {
            server.channel.sendRaw(chunk)
            if index % 10 == 0 { peak = max(peak, Programs.residentKiB(pid) ?? 0) }
        }
        peak = max(peak, Programs.residentKiB(pid) ?? 0)
        for _ in 200..<250 { server.channel.sendRaw(chunk) }
        assertGoodRequestAnswered(server, "after a 250 MiB body was discarded")

        server.channel.sendRaw("Content-Length: 99999999999999\r\n\r\n")
        XCTAssertEqual(server.channel.nextReply()?.errorCode, -32700)
        for index in 1...200 {
            server.channel.sendRaw(chunk)
            if index % 10 == 0 { peak = max(peak, Programs.residentKiB(pid) ?? 0) }
        }
        peak = max(peak, Programs.residentKiB(pid) ?? 0)
        print("endless LSP body and junk: 450 MiB sent, VmRSS \(baseline) KiB before, peak \(peak) KiB")
        XCTAssertLessThan(peak - baseline, 64 << 10, "resident memory grew by \(peak - baseline) KiB")
        server.channel.sendRaw("\r\n")
        assertGoodRequestAnswered(server, "after 200 MiB of junk without a newline")
        XCTAssertEqual(server.shutDown(), 0)
    }

    /// While one request waits (here for the consent agent), a client keeps pipelining large messages:
    /// what the server holds for later must stay bounded too, not grow with everything sent.
    func testPipelinedMessagesWhileARequestWaitsKeepMemoryBounded() throws {
        let agent = folder.script("slow-agent", "sleep 4; exit 0")
        let server = try Programs.server(store: folder.store, client: "waiting", status: nil, arguments: ["--consent-agent", agent])
        let pid = server.process.processIdentifier
        let baseline = Programs.residentKiB(pid) ?? 0
        server.channel.send(Programs.request("ask", "requestAccess", ["usageDescription": "limits"]))
        Thread.sleep(forTimeInterval: 0.3)
        let pad = String(repeating: "p", count: 8 << 20)
        let big = Programs.request(1, "authorizationStatus", ["entityType": "reminder", "pad": .string(pad)]).serialized
        let sender = Thread { for _ in 0..<40 { server.channel.send(json: big) } }  // 320 MiB in 8 MiB messages
        sender.start()
        var peak = baseline
        let deadline = Date().addingTimeInterval(3.5)
        while Date() < deadline {
            peak = max(peak, Programs.residentKiB(pid) ?? 0)
            Thread.sleep(forTimeInterval: 0.05)
        }
        print("pipelined 40 × 8 MiB behind a waiting request: VmRSS \(baseline) KiB before, peak \(peak) KiB")
        XCTAssertEqual(server.channel.response(id: "ask", timeout: 30)?.at("result", "status"), "fullAccess")
        for _ in 0..<40 { XCTAssertEqual(server.channel.nextReply(timeout: 30)?.errorCode, -32602) }
        XCTAssertLessThan(peak - baseline, 160 << 10, "the server held \(peak - baseline) KiB of queued input")
        XCTAssertEqual(server.shutDown(), 0)
    }

    // MARK: Depth, batch, title, notes

    func testDepthAtAndOverTheLimit() throws {
        // A real request whose deepest value (a latitude) is 7 levels down: params, reminder, alarms,
        // an alarm, structuredLocation, geoLocation.
        let save =
            #"{"jsonrpc":"2.0","id":"deep","method":"saveReminder","params":{"reminder":{"title":"deep","alarms":[{"structuredLocation":{"geoLocation":{"latitude":1,"longitude":2}},"proximity":"enter"}]},"commit":false}}"#
        for framing in [Framing.ndjson, .lsp] {
            let atLimit = try server(framing, ["--max-depth", "7"])
            atLimit.channel.send(json: save)
            XCTAssertNotNil(atLimit.channel.nextReply()?.at("result", "reminder"), "\(framing): depth 7 with --max-depth 7")
            XCTAssertEqual(atLimit.shutDown(), 0)
            let overLimit = try server(framing, ["--max-depth", "6"])
            overLimit.channel.send(json: save)
            XCTAssertEqual(overLimit.channel.nextReply()?.errorCode, -32700, "\(framing): depth 7 with --max-depth 6")
            assertGoodRequestAnswered(overLimit, "\(framing) after too deep")
            XCTAssertEqual(overLimit.shutDown(), 0)
        }
        // The default, 64.
        let server = try server(.ndjson)
        let nested = { (levels: Int) in
            #"{"jsonrpc":"2.0","id":"d","method":"calendars","params":{"x":"# + String(repeating: "[", count: levels)
                + String(repeating: "]", count: levels) + "}}"
        }
        server.channel.send(json: nested(62))  // 1 (message) + 1 (params) + 62 = 64
        XCTAssertEqual(server.channel.nextReply()?.errorField, "x")
        server.channel.send(json: nested(63))
        XCTAssertEqual(server.channel.nextReply()?.errorCode, -32700)
        assertGoodRequestAnswered(server, "after depth 65")
        XCTAssertEqual(server.shutDown(), 0)
    }

    func testBatchLengthAtAndOverTheLimit() throws {
        for (flag, limit) in [(["--max-batch", "3"], 3), ([], 1000)] {
            let server = try server(.ndjson, flag)
            let element = #"{"jsonrpc":"2.0","id":1,"method":"authorizationStatus"}"#
            server.channel.send(json: "[" + Array(repeating: element, count: limit).joined(separator: ",") + "]")
            let at = server.channel.nextReply()
            XCTAssertEqual(at?.arrayValue?.count, limit, "a batch of exactly \(limit)")
            XCTAssertTrue(at?.arrayValue?.allSatisfy { $0.at("result", "status") == "fullAccess" } == true)
            server.channel.send(json: "[" + Array(repeating: element, count: limit + 1).joined(separator: ",") + "]")
            let over = server.channel.nextReply()
            XCTAssertEqual(over?.errorCode, -32600, "a batch of \(limit + 1): \(over?.serialized.prefix(200) ?? "")")
            XCTAssertEqual(over?["id"], .null)
            assertGoodRequestAnswered(server, "after a batch over the limit")
            XCTAssertEqual(server.shutDown(), 0)
        }
    }

    func testTitleAndNotesAtAndOverTheirLimits() throws {
        for (arguments, titleLimit, notesLimit) in [(["--max-title-bytes", "10", "--max-notes-bytes", "20"], 10, 20), ([], 65536, 1 << 20)] {
            let server = try server(.ndjson, arguments)
            // Multi-byte characters count in bytes: "é" is 2.
            let atTitle = String(repeating: "é", count: titleLimit / 2)
            let saved = server.channel.request(
                "saveReminder", ["reminder": ["title": .string(atTitle), "notes": .string(String(repeating: "n", count: notesLimit))]])
            XCTAssertEqual(saved.at("result", "reminder", "title"), .string(atTitle), "title of \(titleLimit) bytes")
            let id = saved.at("result", "reminder", "calendarItemIdentifier") ?? "?"
            let longTitle = server.channel.request("saveReminder", ["reminder": ["title": .string(atTitle + "x")]])
            XCTAssertEqual(longTitle.errorField, "reminder.title", longTitle.serialized.prefix(300).description)
            let longUpdate = server.channel.request("saveReminder", ["reminder": ["calendarItemIdentifier": id, "title": .string(atTitle + "x")]])
            XCTAssertEqual(longUpdate.errorField, "reminder.title", "an update over the limit")
            let longNotes = server.channel.request(
                "saveReminder", ["reminder": ["title": "n", "notes": .string(String(repeating: "n", count: notesLimit + 1))]])
            XCTAssertEqual(longNotes.errorField, "reminder.notes")
            XCTAssertEqual(server.channel.request("calendarItem", ["identifier": id]).at("result", "reminder", "title"), .string(atTitle))
            XCTAssertEqual(server.shutDown(), 0)
        }
    }

    func testLimitFlagsOutOfRangeAreUsageErrors() throws {
        for arguments in [
            ["--max-message-size", "1023"], ["--max-message-size", "2000000000"], ["--max-depth", "1"], ["--max-depth", "513"],
            ["--max-batch", "0"], ["--max-batch", "-5"], ["--max-title-bytes", "0"], ["--max-notes-bytes", "x"],
            ["--busy-timeout", "-1"], ["--max-depth=9e9"], ["--max-batch", ""],
        ] {
            let result = Programs.remindersd(["--store", folder.store] + arguments, input: Data("{}\n".utf8))
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "\(arguments): \(result.stderr)")
        }
    }

    func testInputEndingInsideAFrameEndsTheSessionCleanly() throws {
        for (framing, partial) in [
            (Framing.ndjson, #"{"jsonrpc":"2.0","id":1,"method":"saveRemi"#),
            (.lsp, "Content-Length: 500\r\n\r\n{\"jsonrpc\""), (.lsp, "Content-Len"),
        ] {
            let server = try server(framing)
            server.channel.request("saveReminder", ["reminder": ["title": "staged"], "commit": false])
            server.channel.sendRaw(partial)
            server.channel.closeInput()
            XCTAssertEqual(server.waitForExit(), 0, "\(framing) \(partial)")
            XCTAssertTrue(server.channel.waitForEndOfOutput())
        }
    }
}
