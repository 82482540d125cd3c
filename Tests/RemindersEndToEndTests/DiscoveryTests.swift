import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// `rpc.discover` and `remindersd schema`: the OpenRPC document, for every client, once initialized.
final class DiscoveryTests: XCTestCase {
    let folder = TemporaryFolder()

    func testDiscoverAnswersTheDocumentWhateverTheStatus() throws {
        let schema = try RemindersdProcess.run(["schema"])
        XCTAssertEqual(schema.status, 0)
        let printed = try JSONParser.parse(schema.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        XCTAssertEqual(printed["openrpc"], "1.3.2")
        for framing in [Framing.ndjson, .lsp] {
            let server = try RemindersdProcess(store: folder.store, framing: framing)
            XCTAssertEqual(server.channel.request("rpc.discover").errorCode, -32002, "before initialize")
            server.initialize(client: "never-asked")
            let document = server.channel.request("rpc.discover", [:])
            XCTAssertEqual(document.result, printed, "rpc.discover answers what remindersd schema prints (\(framing))")
            let methods = document.at("result", "methods")?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
            let advertised = server.channel.request("initialize", ["clientInfo": ["name": "x"]])
            XCTAssertEqual(advertised.errorCode, -32600)
            for name in ["initialize", "fetchReminders", "saveReminder", "rpc.discover", "exit", "$/cancelRequest"] {
                XCTAssertTrue(methods.contains(name), name)
            }
            XCTAssertEqual(server.shutDown(), 0)
        }
        _ = try RemindersdProcess.run(["permissions", "set", "--any-program", "refused", "denied", "--store", folder.store])
        let denied = try RemindersdProcess(store: folder.store)
        denied.initialize(client: "refused")
        XCTAssertNotNil(denied.channel.request("rpc.discover").result)
        XCTAssertEqual(denied.channel.request("fetchReminders").errorCode, -32010)
        XCTAssertEqual(denied.shutDown(), 0)
    }

    func testInitializeListsTheDeclaredMethods() throws {
        let server = try RemindersdProcess(store: folder.store)
        let reply = server.initialize(client: "lister")
        let document = server.channel.request("rpc.discover").result
        let declared = document?["methods"]?.arrayValue?.filter { $0["result"] != nil }.compactMap { $0["name"] } ?? []
        XCTAssertEqual(reply.at("result", "capabilities", "methods")?.arrayValue, declared)
        let notifications = document?["x-notifications"]?.arrayValue?.compactMap { $0["name"] } ?? []
        XCTAssertEqual(reply.at("result", "capabilities", "notifications")?.arrayValue, notifications)
        XCTAssertEqual(server.shutDown(), 0)
    }
}
