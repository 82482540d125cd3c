import XCTest
@testable import RemindersJSONRPC

/// The exact bytes of outgoing messages, and the error objects in them.
final class EnvelopeTests: XCTestCase {
    func testResult() {
        XCTAssertEqual(
            text(Envelope.result(id: .number(1), bytes(#"{"status":"fullAccess"}"#))),
            #"{"jsonrpc":"2.0","id":1,"result":{"status":"fullAccess"}}"#)
        XCTAssertEqual(
            text(Envelope.result(id: .string("a\"b"), bytes("null"))),
            #"{"jsonrpc":"2.0","id":"a\"b","result":null}"#)
        XCTAssertEqual(
            text(Envelope.result(id: .number(.min), bytes("[]"))),
            #"{"jsonrpc":"2.0","id":-9223372036854775808,"result":[]}"#)
    }

    func testErrors() {
        XCTAssertEqual(
            text(Envelope.error(id: nil, .invalidRequest("empty batch"))),
            #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid request: empty batch"}}"#)
        XCTAssertEqual(
            text(Envelope.error(id: .number(2), .methodNotFound("nope"))),
            #"{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"Method not found: nope","data":{"method":"nope"}}}"#)
        XCTAssertEqual(
            text(Envelope.error(id: .number(7), .requestCancelled)),
            #"{"jsonrpc":"2.0","id":7,"error":{"code":-32800,"message":"Request cancelled"}}"#)
    }

    /// The example of protocol.md's "Messages" section. Offsets count from 0, so the 33-byte input ends
    /// "at byte 33" (protocol.md's example says 34 and needs correcting).
    func testParseErrorAsDocumented() {
        let failure = parseError(#"{"jsonrpc":"2.0","id":3,"method":"#)!
        XCTAssertEqual(
            text(Envelope.error(id: nil, .parseError(failure.description))),
            #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: unexpected end of input at byte 33"}}"#)
    }

    func testResponseErrors() {
        XCTAssertEqual(
            ResponseError.invalidParams("bad", field: "reminder.priority", reason: "priorityIsInvalid").data,
            ["field": "reminder.priority", "reason": "priorityIsInvalid"])
        XCTAssertNil(ResponseError.invalidParams("bad").data)
        XCTAssertEqual(ResponseError.internalError("x").code, -32603)
        XCTAssertEqual(ResponseError.serverNotInitialized.code, -32002)
        XCTAssertEqual(ResponseError.parseError("x").description, "-32700: Parse error: x")
    }

    func testNotification() {
        XCTAssertEqual(
            text(Envelope.notification(method: "storeChanged", params: bytes("{}"))),
            #"{"jsonrpc":"2.0","method":"storeChanged","params":{}}"#)
    }

    func testBatch() {
        let one = Envelope.result(id: .number(1), bytes("1"))
        let two = Envelope.error(id: .number(2), .requestCancelled)
        XCTAssertEqual(text(Envelope.batch([one, two])), "[\(text(one)),\(text(two))]")
        XCTAssertEqual(text(Envelope.batch([one])), "[\(text(one))]")
    }

    /// Strings from the client (a method name in an error) cannot break the output's framing.
    func testClientTextIsEscaped() throws {
        let reply = Envelope.error(id: .string("\n"), .methodNotFound("a\"\n\u{0}b"))
        XCTAssertFalse(reply.contains(0x0A))
        let parsed = try JSONParser.parse(reply)
        XCTAssertEqual(parsed["error"]?["data"]?["method"], "a\"\n\u{0}b")
        XCTAssertEqual(parsed["id"], "\n")
    }

    func testFraming() {
        var out: [UInt8] = []
        Framing.lsp.frame(bytes("{\"é\":1}"), into: &out)
        Framing.ndjson.frame(bytes("[]"), into: &out)
        XCTAssertEqual(text(out), "Content-Length: 8\r\n\r\n{\"é\":1}[]\n")
    }
}
