import Foundation
import RemindersJSONRPC
import RemindersServerHarness
import RemindersTestSupport
import XCTest

/// `sortOrder` (the Reminders app's manual order, synced as X-APPLE-SORT-ORDER) and
/// `fetchReminders` with `order: "sortOrder"`, paged.
final class ManualOrderTests: XCTestCase {
    let folder = TemporaryFolder()

    private func save(_ server: InProcessServer, _ reminder: JSONValue) -> JSONValue {
        let reply = server.channel.request("saveReminder", ["reminder": reminder])
        XCTAssertNil(reply["error"], "\(reply)")
        // Creation dates are milliseconds, and two saves in one millisecond are ordered by their
        // (random) identifiers: the fetch order this test reads must not hang on that.
        usleep(2_000)
        return reply.at("result", "reminder") ?? .null
    }

    private func titles(_ reply: JSONValue) -> [String] {
        reply.at("result", "reminders")?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
    }

    func testTheManualOrderIsKeptAndFetchedWhenAsked() throws {
        let server = try InProcessServer.granted("order", store: folder.store)
        let first = save(server, ["title": "unplaced, due first", "dueDateComponents": ["year": 2026, "month": 12, "day": 1]])
        XCTAssertEqual(first["sortOrder"], .null, "never placed")
        _ = save(server, ["title": "third", "sortOrder": 30])
        _ = save(server, ["title": "first", "sortOrder": -10])
        let second = save(server, ["title": "second", "sortOrder": 20])
        _ = save(server, ["title": "unplaced, undated"])
        XCTAssertEqual(
            titles(server.channel.request("fetchReminders")),
            ["unplaced, due first", "third", "first", "second", "unplaced, undated"], "by due date, then creation, unless asked")
        let ordered = ["first", "second", "third", "unplaced, due first", "unplaced, undated"]
        XCTAssertEqual(titles(server.channel.request("fetchReminders", ["order": "sortOrder"])), ordered)

        // Paged: each page takes up where the last stopped, and a cursor is for its own order.
        var seen: [String] = []
        var cursor: JSONValue = .null
        repeat {
            var params: JSONObject = ["order": "sortOrder", "limit": 2]
            if cursor != .null { params["cursor"] = cursor }
            let page = server.channel.request("fetchReminders", .object(params))
            seen += titles(page)
            cursor = page.at("result", "nextCursor") ?? .null
            if cursor != .null {
                let mixed = server.channel.request("fetchReminders", ["cursor": cursor])
                XCTAssertEqual(mixed.errorField, "cursor")
                XCTAssertTrue(mixed.at("error", "message")?.stringValue?.contains("order sortOrder") ?? false, "\(mixed)")
            }
        } while cursor != .null
        XCTAssertEqual(seen, ordered)

        // Moved by hand, then cleared (null): back among the unplaced.
        let id = second["calendarItemIdentifier"]!
        XCTAssertEqual(save(server, ["calendarItemIdentifier": id, "sortOrder": 40])["sortOrder"], 40)
        XCTAssertEqual(save(server, ["calendarItemIdentifier": id, "notes": "kept"])["sortOrder"], 40, "absent keeps")
        XCTAssertEqual(titles(server.channel.request("fetchReminders", ["order": "sortOrder"])).prefix(3), ["first", "third", "second"])
        XCTAssertEqual(save(server, ["calendarItemIdentifier": id, "sortOrder": .null])["sortOrder"], .null)

        XCTAssertEqual(server.channel.request("saveReminder", ["reminder": ["title": "x", "sortOrder": "top"]]).errorField, "reminder.sortOrder")
        XCTAssertEqual(server.channel.request("saveReminder", ["reminder": ["title": "x", "sortOrder": 1.5]]).errorField, "reminder.sortOrder")
        XCTAssertEqual(server.channel.request("fetchReminders", ["order": "title"]).errorField, "order")
        XCTAssertEqual(server.shutDown(), 0)
    }
}
