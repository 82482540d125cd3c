import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// The LSP lifecycle through the real binary, in both framings.
final class LifecycleTests: XCTestCase {
    let folder = TemporaryFolder()

    func testRequestsBeforeInitializeGetServerNotInitialized() throws {
        for framing in [Framing.ndjson, .lsp] {
            let server = try RemindersdProcess(store: folder.store, framing: framing)
            XCTAssertEqual(server.channel.request("fetchReminders", [:]).errorCode, -32002, "\(framing)")
            XCTAssertEqual(server.channel.request("shutdown").errorCode, -32002, "\(framing)")
            server.channel.notify("initialized", [:])  // dropped, not answered
            let initialize = server.initialize(client: "lifecycle")
            XCTAssertEqual(initialize.at("result", "serverInfo", "name"), "remindersd")
            XCTAssertNotNil(initialize.at("result", "protocolVersion")?.stringValue)
            XCTAssertEqual(server.shutDown(), 0, "\(framing)")
        }
    }

    func testSecondInitializeIsInvalidRequest() throws {
        let server = try RemindersdProcess(store: folder.store)
        server.initialize(client: "lifecycle")
        let again = server.channel.request("initialize", ["clientInfo": ["name": "lifecycle"]])
        XCTAssertEqual(again.errorCode, -32600)
        XCTAssertEqual(server.shutDown(), 0)
    }

    func testAfterShutdownRequestsAreInvalidAndExitIsZero() throws {
        for framing in [Framing.ndjson, .lsp] {
            let server = try RemindersdProcess(store: folder.store, framing: framing)
            server.initialize(client: "lifecycle")
            XCTAssertEqual(server.channel.request("shutdown").result, .null)
            XCTAssertEqual(server.channel.request("authorizationStatus", [:]).errorCode, -32600)
            XCTAssertEqual(server.channel.request("shutdown").errorCode, -32600)
            server.channel.notify("exit")
            XCTAssertEqual(server.waitForExit(), 0, "\(framing)")
        }
    }

    func testExitWithoutShutdownIsOne() throws {
        let before = try RemindersdProcess(store: folder.store)
        before.channel.notify("exit")
        XCTAssertEqual(before.waitForExit(), 1)

        let running = try RemindersdProcess(store: folder.store)
        running.initialize(client: "lifecycle")
        running.channel.notify("exit")
        XCTAssertEqual(running.waitForExit(), 1)
    }

    func testEndOfInputExitsCleanly() throws {
        let server = try RemindersdProcess(store: folder.store)
        server.initialize(client: "lifecycle")
        server.channel.closeInput()
        XCTAssertEqual(server.waitForExit(), 0)
        XCTAssertTrue(server.channel.waitForEndOfOutput())
    }

    func testExitAsRequestIsRefused() throws {
        let server = try RemindersdProcess(store: folder.store)
        server.initialize(client: "lifecycle")
        XCTAssertEqual(server.channel.request("exit").errorCode, -32600)
        XCTAssertEqual(server.shutDown(), 0)
    }

    func testInitializeValidatesClientAndTimeZone() throws {
        let server = try RemindersdProcess(store: folder.store)
        let cases: [(JSONValue, String)] = [
            ([:], "clientInfo"),
            (["clientInfo": [:]], "clientInfo.name"),
            (["clientInfo": ["name": ""]], "clientInfo.name"),
            (["clientInfo": ["name": "bad\u{7}name"]], "clientInfo.name"),
            (["clientInfo": ["name": .string(String(repeating: "x", count: 300))]], "clientInfo.name"),
            (["clientInfo": ["name": 5]], "clientInfo.name"),
            (["clientInfo": ["name": "--help"]], "clientInfo.name"),
            (["clientInfo": ["name": "evil\u{9B}31m"]], "clientInfo.name"),
            (["clientInfo": ["name": "ok"], "timeZone": "Mars/Olympus"], "timeZone"),
        ]
        for (params, field) in cases {
            let response = server.channel.request("initialize", params)
            XCTAssertEqual(response.errorCode, -32602, "\(params)")
            XCTAssertEqual(response.errorField, field, "\(params)")
        }
        // LSP clients send more than remindersd needs; that is fine.
        let lsp = server.channel.request(
            "initialize",
            [
                "clientInfo": ["name": "editor"], "processId": 42, "rootUri": .null,
                "capabilities": ["workspace": [:]],
            ])
        XCTAssertEqual(lsp.at("result", "serverInfo", "name"), "remindersd")
        XCTAssertEqual(server.shutDown(), 0)
    }
}
