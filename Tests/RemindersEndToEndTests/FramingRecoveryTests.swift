import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// Framing that recovers: a frame after garbage on its line, a byte-order mark, two
/// Content-Lengths, an id of -0 — each through the real binary, and the session goes on.
final class FramingRecoveryTests: XCTestCase {
    let folder = TemporaryFolder()

    private func frame(_ json: String) -> String { "Content-Length: \(json.utf8.count)\r\n\r\n\(json)" }

    /// Regression: A valid LSP frame after garbage on the same line was never answered.
    func testAFrameAfterGarbageOnItsLineIsAnswered() throws {
        let server = try RemindersdProcess.granted("probe", store: folder.store, framing: .lsp)
        let three = #"{"jsonrpc":"2.0","id":3,"method":"authorizationStatus"}"#
        let four = #"{"jsonrpc":"2.0","id":4,"method":"authorizationStatus"}"#
        server.channel.sendRaw("garbage}" + frame(three) + frame(four))
        XCTAssertEqual(server.channel.next()?.errorCode, -32700)
        XCTAssertEqual(server.channel.response(id: 3, timeout: 10)?.at("result", "status"), "fullAccess")
        XCTAssertEqual(server.channel.response(id: 4, timeout: 10)?.at("result", "status"), "fullAccess")
        // A client that counts characters: the body with "café" is one byte longer than it says.
        let cafe = #"{"jsonrpc":"2.0","id":5,"method":"saveReminder","params":{"reminder":{"title":"café"}}}"#
        server.channel.sendRaw("Content-Length: \(cafe.count)\r\n\r\n" + cafe + frame(#"{"jsonrpc":"2.0","id":6,"method":"authorizationStatus"}"#))
        XCTAssertEqual(server.channel.response(id: 6, timeout: 10)?.at("result", "status"), "fullAccess")
        XCTAssertEqual(server.shutDown(), 0)
    }

    /// Regression: A UTF-8 byte-order mark at the start broke the session.
    func testALeadingByteOrderMarkIsSkipped() throws {
        _ = try RemindersdProcess.run(["permissions", "set", "--any-program", "probe", "fullAccess", "--store", folder.store])
        for framing in [Framing.ndjson, .lsp] {
            let server = try RemindersdProcess(store: folder.store, framing: framing)
            var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
            framing.frame(Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"name":"probe"}}}"#.utf8), into: &bytes)
            server.channel.sendRaw(bytes)
            XCTAssertEqual(server.channel.response(id: 1, timeout: 10)?.at("result", "serverInfo", "name"), "remindersd", "\(framing)")
            XCTAssertEqual(server.channel.request("authorizationStatus", [:]).at("result", "status"), "fullAccess", "\(framing)")
            XCTAssertEqual(server.shutDown(), 0)
        }
    }

    func testTwoContentLengthsAreRefusedAndTheSessionGoesOn() throws {
        let server = try RemindersdProcess.granted("probe", store: folder.store, framing: .lsp)
        let body = #"{"jsonrpc":"2.0","id":8,"method":"authorizationStatus"}"#
        server.channel.sendRaw(
            "Content-Length: 5\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
                + frame(#"{"jsonrpc":"2.0","id":9,"method":"authorizationStatus"}"#))
        let refusal = server.channel.next()
        XCTAssertEqual(refusal?.errorCode, -32700)
        XCTAssertTrue(refusal?.at("error", "message")?.stringValue?.contains("second Content-Length") == true, "\(String(describing: refusal))")
        XCTAssertEqual(server.channel.response(id: 9, timeout: 10)?.at("result", "status"), "fullAccess")
        XCTAssertNil(server.channel.response(id: 8, timeout: 0.5), "the refused frame is not read")
        XCTAssertEqual(server.shutDown(), 0)
    }

    func testAnIDOfMinusZeroIsRefusedNotAnsweredAsZero() throws {
        for framing in [Framing.ndjson, .lsp] {
            let server = try RemindersdProcess.granted("probe", store: folder.store, framing: framing)
            server.channel.send(json: #"{"jsonrpc":"2.0","id":-0,"method":"authorizationStatus"}"#)
            let reply = server.channel.next()
            XCTAssertEqual(reply?.errorCode, -32600, "\(framing)")
            XCTAssertEqual(reply?["id"], .null, "\(framing)")
            XCTAssertEqual(server.shutDown(), 0)
        }
    }
}
