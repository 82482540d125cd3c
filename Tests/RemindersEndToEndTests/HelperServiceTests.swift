import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// `remindersd-sync --serve` as the server and the agent start it (issue 53): one request on stdin
/// (`sync`, `geocode`, `reverseGeocode`), read by the method's declaration; `$/progress` for its
/// token and the answer on stdout, one JSON-RPC message a line — and the errors a server gives for
/// what it cannot take.
final class HelperServiceTests: XCTestCase {
    let folder = TemporaryFolder()

    private var helper: String {
        URL(fileURLWithPath: RemindersdProcess.binaryPath).deletingLastPathComponent().appendingPathComponent("remindersd-sync").path
    }

    /// The messages it wrote, each line one.
    private func serve(_ request: String, _ arguments: [String] = []) throws -> (status: Int32, messages: [JSONValue], stderr: String) {
        let done = try RemindersdProcess.runProgram(helper, ["--serve", "--store", folder.store] + arguments, stdin: request + "\n")
        let messages = try done.stdout.split(separator: "\n").map { try JSONParser.parse(Array($0.utf8)) }
        return (done.status, messages, done.stderr)
    }

    func testASyncRequestIsAnsweredWithTheReport() throws {
        let done = try serve(#"{"jsonrpc":"2.0","id":7,"method":"sync","params":{"workDoneToken":"t","dryRun":true}}"#)
        XCTAssertEqual(done.status, 0, done.stderr)
        let answer = try XCTUnwrap(done.messages.last)
        XCTAssertEqual(answer["id"], 7)
        XCTAssertEqual(answer.at("result", "dryRun"), true, "\(answer)")
        XCTAssertEqual(answer.at("result", "accounts"), [], "no accounts yet")
    }

    func testWhatAServerRefusesTheHelperRefusesInTheSameWords() throws {
        let unknown = try serve(#"{"jsonrpc":"2.0","id":1,"method":"sync","params":{"account":"nowhere"}}"#)
        XCTAssertEqual(unknown.messages.last?.at("error", "code"), -32011, "\(unknown.messages)")
        XCTAssertEqual(unknown.messages.last?.at("error", "data", "identifier"), "nowhere")
        let wrongType = try serve(#"{"jsonrpc":"2.0","id":2,"method":"sync","params":{"forceDelete":"Shared"}}"#)
        XCTAssertEqual(wrongType.messages.last?.at("error", "code"), -32602)
        XCTAssertEqual(wrongType.messages.last?.at("error", "data", "field"), "forceDelete", "the declaration's schema check")
        let unknownMember = try serve(#"{"jsonrpc":"2.0","id":3,"method":"sync","params":{"acount":"home"}}"#)
        XCTAssertEqual(unknownMember.messages.last?.at("error", "code"), -32602)
        let otherMethod = try serve(#"{"jsonrpc":"2.0","id":4,"method":"saveReminder","params":{}}"#)
        XCTAssertEqual(otherMethod.messages.last?.at("error", "code"), -32601)
        let noJSON = try serve("{not json")
        XCTAssertEqual(noJSON.messages.last?.at("error", "code"), -32700)
        XCTAssertEqual(noJSON.messages.count, 1, "nothing but the answer on stdout")
    }

    func testGeocodingRequestsNeedTheGeocoderAndSayWhenItCannotBeAsked() throws {
        let request = #"{"jsonrpc":"2.0","id":5,"method":"geocode","params":{"address":"Pariser Platz 1, Berlin"}}"#
        XCTAssertEqual(try serve(request).messages.last?.at("error", "code"), -32602, "no --geocoder")
        // Port 9 (discard): nothing listens on it here.
        let unreachable = try serve(request, ["--geocoder", "http://127.0.0.1:9/", "--timeout", "2"])
        XCTAssertEqual(unreachable.messages.last?.at("error", "code"), -32014, "\(unreachable.messages)")
        XCTAssertEqual(unreachable.messages.last?.at("error", "data", "reason"), "network")
        let badParams = try serve(
            #"{"jsonrpc":"2.0","id":6,"method":"reverseGeocode","params":{"latitude":91,"longitude":0}}"#, ["--geocoder", "http://127.0.0.1:9/"])
        XCTAssertEqual(badParams.messages.last?.at("error", "data", "field"), "latitude", "the declaration's bounds")
    }

    func testServeTakesWhatToSyncFromItsRequestOnly() throws {
        let done = try RemindersdProcess.runProgram(helper, ["--serve", "--dry-run", "--store", folder.store])
        XCTAssertEqual(done.status, 2)
        XCTAssertTrue(done.stderr.contains("--serve takes what to sync from its request"), done.stderr)
    }
}
