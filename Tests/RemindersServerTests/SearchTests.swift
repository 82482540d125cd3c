import Foundation
import RemindersJSONRPC
import RemindersServerHarness
import RemindersTestSupport
import XCTest

/// Finding reminders: full-text `matching`, tags, flags, subtasks, hasDueDate, with the three
/// kinds, lists, bounds and paging, in both framings.
final class SearchTests: XCTestCase {
    let folder = TemporaryFolder()

    private func titles(_ server: InProcessServer, _ predicate: JSONValue, limit: Int? = nil) -> [String] {
        var params: JSONObject = ["predicate": predicate]
        if let limit { params["limit"] = .integer(Int64(limit)) }
        let reply = server.channel.request("fetchReminders", .object(params))
        XCTAssertNil(reply["error"], "\(predicate): \(reply)")
        return reply.at("result", "reminders")?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
    }

    func testFindingByWordsTagsFlagsAndMore() throws {
        for framing in [Framing.ndjson, .lsp] {
            let server = try InProcessServer.granted("search", store: folder.path + "/\(framing).sqlite", framing: framing, timeZone: "UTC")
            let errands = server.channel.request("saveCalendar", ["calendar": ["title": "Errands"]]).at("result", "calendar", "calendarIdentifier")!
            for reminder: JSONValue in [
                [
                    "title": "Buy milk", "tags": ["home", "errands"], "dueDateComponents": ["year": 2026, "month": 12, "day": 2],
                    "calendarIdentifier": errands,
                ],
                ["title": "Café with Anna", "notes": "the one near the station", "isFlagged": true],
                ["title": "Milkshake recipe", "tags": ["home"], "dueDateComponents": ["year": 2026, "month": 12, "day": 1]],
                ["title": "Pay \"rent\" * NEAR AND", "notes": "(quoted) -not"],
                ["title": "Mail the forms", "tags": ["Errands"], "isFlagged": true, "dueDateComponents": ["year": 2026, "month": 12, "day": 3]],
            ] {
                XCTAssertNil(server.channel.request("saveReminder", ["reminder": reminder])["error"])
            }
            XCTAssertEqual(titles(server, ["matching": "buy mi"]), ["Buy milk"], "the last word is a prefix (\(framing))")
            XCTAssertEqual(titles(server, ["matching": "milk bu"]), ["Buy milk"], "earlier words are whole words")
            XCTAssertEqual(titles(server, ["matching": "milk recipe"]), [], "milk is not milkshake")
            XCTAssertEqual(titles(server, ["matching": "mil"]), ["Milkshake recipe", "Buy milk"], "fetch order: due date first")
            XCTAssertEqual(titles(server, ["matching": "cafe"]), ["Café with Anna"], "diacritics and case ignored")
            XCTAssertEqual(titles(server, ["matching": "STATION"]), ["Café with Anna"], "notes are searched too")
            // Query syntax is text, never syntax: nothing breaks, nothing slows down.
            for words in ["\"rent\"", "rent\"", "*", "NEAR", "AND (", "-not", "\"\"", "rent NEAR/2 pay", "pay*", "title:pay", "^pay", "{pay}"] {
                let reply = server.channel.request("fetchReminders", ["predicate": ["matching": .string(words)]])
                XCTAssertNil(reply["error"], "\(words) (\(framing)): \(reply)")
            }
            XCTAssertEqual(titles(server, ["matching": "\"rent\""]), ["Pay \"rent\" * NEAR AND"])
            XCTAssertEqual(titles(server, ["matching": "near and"]), ["Pay \"rent\" * NEAR AND"], "NEAR and AND are words")
            XCTAssertEqual(titles(server, ["matching": "***"]), [], "nothing searchable finds nothing")
            // Tags: all of them, ignoring case and a leading #.
            XCTAssertEqual(titles(server, ["tags": ["home"]]), ["Milkshake recipe", "Buy milk"])
            XCTAssertEqual(titles(server, ["tags": ["#HOME", "errands"]]), ["Buy milk"])
            XCTAssertEqual(titles(server, ["tags": ["errands"]]), ["Buy milk", "Mail the forms"])
            XCTAssertEqual(titles(server, ["tags": ["errands"], "matching": "mil"]), ["Buy milk"])
            XCTAssertEqual(titles(server, ["tags": ["home"], "matching": "milk"]), ["Milkshake recipe", "Buy milk"])
            XCTAssertEqual(titles(server, ["tags": ["home", "Errands"], "matching": "milk"]), ["Buy milk"])
            XCTAssertEqual(titles(server, ["tags": ["home", "garden"], "matching": "milk"]), [])
            XCTAssertEqual(titles(server, ["isFlagged": true]), ["Mail the forms", "Café with Anna"])
            XCTAssertEqual(titles(server, ["isFlagged": false, "hasDueDate": true]), ["Milkshake recipe", "Buy milk"])
            XCTAssertEqual(titles(server, ["hasDueDate": false]), ["Café with Anna", "Pay \"rent\" * NEAR AND"])
            XCTAssertEqual(titles(server, ["matching": "milk", "calendarIdentifiers": [errands]]), ["Buy milk"])
            XCTAssertEqual(titles(server, ["kind": "incomplete", "tags": ["home"], "dueDateStarting": "2026-12-02T00:00:00Z"]), ["Buy milk"])
            XCTAssertEqual(titles(server, ["kind": "completed", "matching": "milk"]), [])
            // Paging through a search keeps the order and leaves nothing out.
            var seen: [String] = []
            var cursor: JSONValue = .null
            repeat {
                var params: JSONObject = ["predicate": ["tags": ["home"]], "limit": 1]
                if cursor != .null { params["cursor"] = cursor }
                let page = server.channel.request("fetchReminders", .object(params)).result
                seen += page?["reminders"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
                cursor = page?["nextCursor"] ?? .null
            } while cursor != .null
            XCTAssertEqual(seen, ["Milkshake recipe", "Buy milk"])
            // Edits and removals keep the index in step.
            let milk = server.channel.request("fetchReminders", ["predicate": ["matching": "buy"]]).at(
                "result", "reminders", 0, "calendarItemIdentifier")!
            XCTAssertNil(server.channel.request("saveReminder", ["reminder": ["calendarItemIdentifier": milk, "title": "Buy oat drink"]])["error"])
            XCTAssertEqual(titles(server, ["matching": "oat"]), ["Buy oat drink"])
            XCTAssertEqual(titles(server, ["matching": "buy milk"]), [])
            XCTAssertNil(server.channel.request("removeReminder", ["identifier": milk])["error"])
            XCTAssertEqual(titles(server, ["matching": "oat"]), [])
            let anna = server.channel.request("fetchReminders", ["predicate": ["matching": "anna"]]).at(
                "result", "reminders", 0, "calendarItemIdentifier")!
            let prefix = String(anna.stringValue!.prefix(6)).lowercased()
            XCTAssertEqual(titles(server, ["identifierPrefix": .string(prefix)]), ["Café with Anna"], "a prefix, ignoring case")
            XCTAssertEqual(titles(server, ["identifierPrefix": "ZZZZ"]), [])
            XCTAssertEqual(server.channel.request("fetchReminders", ["predicate": ["identifierPrefix": ""]]).errorField, "predicate.identifierPrefix")
            let bad = server.channel.request("fetchReminders", ["predicate": ["tags": ["two words"]]])
            XCTAssertEqual(bad.errorField, "predicate.tags[0]")
            XCTAssertEqual(server.shutDown(), 0)
        }
    }
}
