import XCTest
@testable import RemindersJSONRPC

/// Classification of one parsed value as JSON-RPC 2.0 requires.
final class MessageTests: XCTestCase {
    private func classify(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> Message? {
        do {
            return Message(try JSONParser.parse(json))
        } catch {
            XCTFail("\(json) does not parse: \(error)", file: file, line: line)
            return nil
        }
    }

    /// The id and error message of an invalid message, or nil (and a failure) when it is valid.
    private func invalid(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> (id: RequestID?, error: ResponseError)? {
        guard let message = classify(json, file: file, line: line) else { return nil }
        guard case .invalid(let id, let error) = message else {
            XCTFail("\(json) was accepted as \(message)", file: file, line: line)
            return nil
        }
        XCTAssertEqual(error.code, -32600, file: file, line: line)
        return (id, error)
    }

    func testRequests() throws {
        guard case .request(let request) = classify(#"{"jsonrpc":"2.0","id":1,"method":"m","params":{"a":1}}"#) else { return XCTFail() }
        XCTAssertEqual(request.id, .number(1))
        XCTAssertEqual(request.method, "m")
        XCTAssertEqual(request.params, ["a": 1])

        guard case .request(let other) = classify(#"{"params":[1],"method":"","id":"abc","jsonrpc":"2.0","extra":true}"#) else { return XCTFail() }
        XCTAssertEqual(other.id, .string("abc"))
        XCTAssertEqual(other.method, "")
        XCTAssertEqual(other.params, [1])

        guard case .request(let bare) = classify(#"{"jsonrpc":"2.0","id":-9223372036854775808,"method":"m"}"#) else { return XCTFail() }
        XCTAssertEqual(bare.id, .number(.min))
        XCTAssertNil(bare.params)
        guard case .request(let empty) = classify(#"{"jsonrpc":"2.0","id":"","method":"m"}"#) else { return XCTFail() }
        XCTAssertEqual(empty.id, .string(""))
    }

    func testNotifications() {
        guard case .notification(let notification) = classify(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#) else { return XCTFail() }
        XCTAssertEqual(notification.method, "initialized")
        XCTAssertEqual(notification.params, .object(JSONObject()))
        guard case .notification(let bare) = classify(#"{"jsonrpc":"2.0","method":"exit"}"#) else { return XCTFail() }
        XCTAssertNil(bare.params)
    }

    func testEveryInvalidIDType() {
        let cases = [
            ("null", "id must not be null"),
            ("1.5", "got a number with a fraction or an exponent"),
            ("1.0", "got a number with a fraction or an exponent"),
            ("1e2", "got a number with a fraction or an exponent"),
            ("-0", "id must not be -0"),  // issue 16: was answered as id 0
            ("-0.0", "id must not be -0"),
            ("9223372036854775808", "got an integer outside the 64-bit range"),
            ("-1e30", "got an integer outside the 64-bit range"),
            ("true", "got a boolean"),
            ("[1]", "got an array"),
            (#"{"a":1}"#, "got an object"),
        ]
        for (id, reason) in cases {
            guard let (parsedID, error) = invalid(#"{"jsonrpc":"2.0","id":\#(id),"method":"m"}"#) else { continue }
            XCTAssertNil(parsedID, id)  // an id that cannot be read is answered with id null
            XCTAssertTrue(error.message.contains(reason), "\(id): \(error.message)")
        }
    }

    func testMissingOrWrongJSONRPCVersionKeepsTheID() {
        for member in ["", #""jsonrpc":"1.0","#, #""jsonrpc":2.0,"#, #""jsonrpc":null,"#, #""JSONRPC":"2.0","#] {
            guard let (id, error) = invalid(#"{\#(member)"id":7,"method":"m"}"#) else { continue }
            XCTAssertEqual(id, .number(7), member)
            XCTAssertEqual(error.message, #"Invalid request: "jsonrpc" must be "2.0""#)
        }
    }

    func testMethod() {
        XCTAssertEqual(invalid(#"{"jsonrpc":"2.0","id":"a"}"#)?.error.message, #"Invalid request: missing "method""#)
        XCTAssertEqual(invalid(#"{"jsonrpc":"2.0","id":"a"}"#)?.id, .string("a"))
        XCTAssertEqual(
            invalid(#"{"jsonrpc":"2.0","id":1,"method":5}"#)?.error.message,
            #"Invalid request: "method" must be a string, got a number"#)
        XCTAssertEqual(
            invalid(#"{"jsonrpc":"2.0","method":null}"#)?.error.message,
            #"Invalid request: "method" must be a string, got null"#)
    }

    func testBadParamsTypes() {
        for (params, type) in [("\"x\"", "a string"), ("1", "a number"), ("true", "a boolean")] {  // null: see testNullParamsAreNoParams
            for id in [#""id":1,"#, ""] {  // requests and notifications alike
                XCTAssertEqual(
                    invalid(#"{"jsonrpc":"2.0",\#(id)"method":"m","params":\#(params)}"#)?.error.message,
                    #"Invalid request: "params" must be an object or an array, got \#(type)"#)
            }
        }
    }

    func testNonObjects() {
        for json in ["1", "\"x\"", "null", "true", "[]"] {
            XCTAssertEqual(invalid(json)?.error.message.hasPrefix("Invalid request: a message must be a JSON object"), true, json)
        }
    }

    func testResponses() {
        guard case .response(let id) = classify(#"{"jsonrpc":"2.0","id":3,"result":null}"#) else { return XCTFail() }
        XCTAssertEqual(id, .number(3))
        guard case .response(let errorID) = classify(#"{"jsonrpc":"2.0","id":"x","error":{"code":1,"message":"m"}}"#) else { return XCTFail() }
        XCTAssertEqual(errorID, .string("x"))
    }

    /// Regression: a response with id null (what a peer sends back for an unreadable message) was
    /// answered with -32600, so two peers that echo each other's errors would loop forever.
    func testResponsesAreNeverAnsweredWhateverTheirID() {
        let cases: [(String, RequestID?)] = [
            (#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}"#, nil),
            (#"{"jsonrpc":"2.0","id":1.5,"result":1}"#, nil),
            (#"{"jsonrpc":"2.0","id":[],"result":1}"#, nil),
            (#"{"jsonrpc":"2.0","result":1}"#, nil),
            (#"{"id":1,"result":1,"error":null}"#, .number(1)),  // not even JSON-RPC 2.0
        ]
        for (json, expected) in cases {
            guard case .response(let id) = classify(json) else { XCTFail("\(json) is not taken as a response"); continue }
            XCTAssertEqual(id, expected, json)
        }
        // With a method it is a request, whatever else it carries.
        guard case .request = classify(#"{"jsonrpc":"2.0","id":1,"method":"m","result":1}"#) else { return XCTFail() }
    }

    /// Envelope's own error replies, read back, are responses: the transport never answers itself.
    func testOwnErrorRepliesAreResponses() throws {
        let reply = Envelope.error(id: nil, .parseError("x"))
        guard case .response = Message(try JSONParser.parse(reply)) else { return XCTFail() }
    }

    func testRequestIDDescription() {
        XCTAssertEqual(RequestID.number(5).description, "5")
        XCTAssertEqual(RequestID.string("a").description, "\"a\"")
        XCTAssertEqual(RequestID(.integer(5)), .number(5))
        XCTAssertNil(RequestID(.double(5)))
    }
}

extension MessageTests {
    /// Emacs's jsonrpc.el sends `"params": null` for a call without params; it means no params.
    func testNullParamsAreNoParams() throws {
        guard case .notification(let notification) = Message(try JSONParser.parse(#"{"jsonrpc":"2.0","method":"initialized","params":null}"#)) else {
            return XCTFail("expected a notification")
        }
        XCTAssertNil(notification.params)
        guard case .request(let request) = Message(try JSONParser.parse(#"{"jsonrpc":"2.0","id":1,"method":"shutdown","params":null}"#)) else {
            return XCTFail("expected a request")
        }
        XCTAssertNil(request.params)
    }
}
