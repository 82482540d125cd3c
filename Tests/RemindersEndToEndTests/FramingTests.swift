import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// Both framings on the real binary: detection, split frames, batches, bad input then good.
final class FramingTests: XCTestCase {
    let folder = TemporaryFolder()

    private func grantedServer(_ framing: Framing, _ arguments: [String] = []) throws -> RemindersdProcess {
        try RemindersdProcess.granted("framing", store: folder.store, framing: framing, arguments: arguments)
    }

    func testLSPFramingSplitIntoSingleBytes() throws {
        let server = try RemindersdProcess(store: folder.store, framing: .lsp)
        var bytes: [UInt8] = []
        Framing.lsp.frame(Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"name":"bytes"}}}"#.utf8), into: &bytes)
        Framing.lsp.frame(Array(#"{"jsonrpc":"2.0","id":2,"method":"authorizationStatus","params":{}}"#.utf8), into: &bytes)
        for byte in bytes { server.channel.sendRaw([byte]) }
        XCTAssertEqual(server.channel.response(id: 1)?.at("result", "serverInfo", "name"), "remindersd")
        XCTAssertEqual(server.channel.response(id: 2)?.at("result", "status"), "notDetermined")
        XCTAssertEqual(server.shutDown(), 0)
    }

    func testLSPFramingWithExtraHeadersAndManyFramesInOneWrite() throws {
        let server = try RemindersdProcess(store: folder.store, framing: .lsp)
        let body1 = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"name":"hdr"}}}"#
        let body2 = #"{"jsonrpc":"2.0","id":2,"method":"authorizationStatus"}"#
        server.channel.sendRaw(
            "content-length: \(body1.utf8.count)\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n\(body1)"
                + "Content-Length: \(body2.utf8.count)\r\n\r\n\(body2)")
        XCTAssertNotNil(server.channel.response(id: 1)?.result)
        XCTAssertEqual(server.channel.response(id: 2)?.at("result", "status"), "notDetermined")
        XCTAssertEqual(server.shutDown(), 0)
    }

    func testNDJSONWithBlankLinesAndCRLF() throws {
        let server = try RemindersdProcess(store: folder.store, framing: .ndjson)
        server.channel.sendRaw("\n\r\n" + #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"name":"crlf"}}}"# + "\r\n\n")
        XCTAssertNotNil(server.channel.response(id: 1)?.result)
        XCTAssertEqual(server.shutDown(), 0)
    }

    func testBadInputIsAnsweredAndTheSessionGoesOn() throws {
        for framing in [Framing.ndjson, .lsp] {
            let server = try grantedServer(framing)
            let badMessages = [
                "garbage", #"{"jsonrpc":"2.0","id":1,"method":"#, "[]", "42", #"{"jsonrpc":"1.0","id":3,"method":"calendars"}"#,
                #"{"jsonrpc":"2.0","id":null,"method":"calendars"}"#, #"{"jsonrpc":"2.0","id":1.5,"method":"calendars"}"#,
                #"{"jsonrpc":"2.0","id":{},"method":"calendars"}"#, #"{"jsonrpc":"2.0","id":4,"method":7}"#,
                #"{"jsonrpc":"2.0","id":5,"method":"calendars","params":3}"#, #"{"a":1,"a":2}"#, #"{"x":1e400}"#,
                #"{"jsonrpc":"2.0","id":6,"method":"calendars","params":[]}"#, "\u{0}",
            ]
            for bad in badMessages {
                server.channel.send(json: bad)
                guard let reply = server.channel.next(timeout: 10) else { XCTFail("no answer to \(bad) in \(framing)"); continue }
                XCTAssertNotNil(reply["error"], "\(bad) in \(framing): \(reply)")
                let good = server.channel.request("authorizationStatus", [:])
                XCTAssertEqual(good.at("result", "status"), "fullAccess", "after \(bad) in \(framing)")
            }
            XCTAssertEqual(server.shutDown(), 0)
        }
    }

    func testBrokenLSPHeadersResynchronize() throws {
        let server = try grantedServer(.lsp)
        let good = #"{"jsonrpc":"2.0","id":77,"method":"authorizationStatus"}"#
        server.channel.sendRaw("Content-Length: abc\r\n\r\n{}\r\nContent-Length: \(good.utf8.count)\r\n\r\n\(good)")
        XCTAssertEqual(server.channel.next()?.errorCode, -32700)
        XCTAssertEqual(server.channel.response(id: 77)?.at("result", "status"), "fullAccess")
        server.channel.sendRaw("Content-Length: 99999999999999999999\r\n\r\nContent-Length: \(good.utf8.count)\r\n\r\n\(good)")
        XCTAssertEqual(server.channel.next()?.errorCode, -32700)
        XCTAssertEqual(server.channel.response(id: 77)?.at("result", "status"), "fullAccess")
        XCTAssertEqual(server.shutDown(), 0)
    }

    func testOversizedMessagesAreRefusedAndSkipped() throws {
        for framing in [Framing.ndjson, .lsp] {
            let server = try grantedServer(framing, ["--max-message-size", "2048"])
            let big = #"{"jsonrpc":"2.0","id":1,"method":"calendars","params":{"pad":""# + String(repeating: "x", count: 10_000) + #""}}"#
            server.channel.send(json: big)
            let reply = server.channel.next()
            XCTAssertEqual(reply?.errorCode, -32700, "\(framing): \(String(describing: reply))")
            XCTAssertEqual(server.channel.request("authorizationStatus").at("result", "status"), "fullAccess")
            XCTAssertEqual(server.shutDown(), 0)
        }
    }

    func testBatches() throws {
        let server = try grantedServer(.ndjson)
        server.channel.send(
            json:
                #"[{"jsonrpc":"2.0","id":1,"method":"authorizationStatus"},{"jsonrpc":"2.0","method":"initialized"},{"jsonrpc":"2.0","id":2,"method":"nope"},5]"#
        )
        guard case .array(let replies)? = server.channel.next() else { return XCTFail("expected an array") }
        XCTAssertEqual(replies.count, 3)
        XCTAssertEqual(replies[0].at("result", "status"), "fullAccess")
        XCTAssertEqual(replies[1].errorCode, -32601)
        XCTAssertEqual(replies[2].errorCode, -32600)
        // Notifications only: no answer at all; the next request's answer comes next.
        server.channel.send(json: #"[{"jsonrpc":"2.0","method":"initialized"}]"#)
        XCTAssertEqual(server.channel.request("authorizationStatus").at("result", "status"), "fullAccess")
        XCTAssertNil(server.channel.next(timeout: 0.3))
        XCTAssertEqual(server.shutDown(), 0)
    }

    func testBatchOverTheLimitIsOneError() throws {
        let server = try grantedServer(.ndjson, ["--max-batch", "3"])
        let element = #"{"jsonrpc":"2.0","id":1,"method":"authorizationStatus"}"#
        server.channel.send(json: "[" + Array(repeating: element, count: 4).joined(separator: ",") + "]")
        XCTAssertEqual(server.channel.next()?.errorCode, -32600)
        XCTAssertEqual(server.shutDown(), 0)
    }

    func testDepthLimit() throws {
        let server = try grantedServer(.ndjson, ["--max-depth", "8"])
        server.channel.send(
            json: #"{"jsonrpc":"2.0","id":1,"method":"calendars","params":{"a":"# + String(repeating: "[", count: 20)
                + String(repeating: "]", count: 20) + "}}")
        XCTAssertEqual(server.channel.next()?.errorCode, -32700)
        XCTAssertEqual(server.shutDown(), 0)
    }

    func testStdoutCarriesOnlyFrames() throws {
        for framing in [Framing.ndjson, .lsp] {
            let agent = folder.script("noisy-agent", "echo 'agent chatter on stdout'; echo 'agent chatter on stderr' >&2; exit 0")
            let server = try RemindersdProcess(
                store: folder.path + "/\(framing).sqlite", framing: framing,
                arguments: ["--consent-agent", agent, "--log-level", "debug"])
            server.initialize(client: "frames-only")
            server.channel.request("requestAccess", ["usageDescription": "test"])
            server.channel.send(json: "nonsense")
            _ = server.channel.next()
            server.channel.request("saveReminder", ["reminder": ["title": "x", "priority": 99]])
            XCTAssertEqual(server.shutDown(), 0)
            _ = server.channel.waitForEndOfOutput()
            var decoder = FrameDecoder(maxMessageSize: 1 << 30, framing: framing)
            decoder.append(server.channel.outputBytes)
            var frames = 0
            while let frame = decoder.next() {
                guard case .message(let bytes) = frame else { return XCTFail("stray output in \(framing)") }
                XCTAssertNoThrow(try JSONParser.parse(bytes))
                frames += 1
            }
            XCTAssertEqual(frames, 5, "\(framing)")
            // The agent's output goes nowhere the client reads: its stderr is the client's pipe.
            XCTAssertFalse(server.stderr.contains("agent chatter"), server.stderr)
        }
    }
}
