import Foundation
import RemindersJSONRPC
import RemindersServerHarness
import RemindersTestSupport
import XCTest

/// Fetches of any size: pages that never repeat or skip, one response of 100,000, cancellation.
final class PagingTests: XCTestCase {
    let folder = TemporaryFolder()

    private func session(_ zone: String = "UTC", _ framing: Framing = .ndjson) throws -> InProcessServer {
        try InProcessServer.granted("pager", store: folder.store, framing: framing, timeZone: zone)
    }

    /// Saves `count` reminders in batches of staged saves and one commit, pipelined.
    private func fill(_ server: InProcessServer, count: Int, title: (Int) -> String, due: (Int) -> JSONValue = { _ in .null }) {
        var index = 0
        while index < count {
            let batch = (index..<min(count, index + 500)).map { n -> String in
                var reminder: JSONObject = ["title": .string(title(n))]
                if due(n) != .null { reminder["dueDateComponents"] = due(n) }
                return JSONValue.object([
                    "jsonrpc": "2.0", "id": .integer(Int64(n)), "method": "saveReminder",
                    "params": ["reminder": .object(reminder), "commit": false],
                ]).serialized
            }
            server.channel.send(json: "[" + batch.joined(separator: ",") + "]")
            guard case .array(let replies)? = server.channel.next(timeout: 120) else { return XCTFail("no batch reply") }
            XCTAssertTrue(replies.allSatisfy { $0["result"] != nil })
            index += 500
        }
        XCTAssertEqual(server.channel.request("commit", timeout: 300).result, [:])
    }

    private func page(_ server: InProcessServer, limit: Int, cursor: JSONValue?) -> (titles: [String], next: JSONValue?) {
        var params: JSONObject = ["limit": .integer(Int64(limit))]
        if let cursor { params["cursor"] = cursor }
        let response = server.channel.request("fetchReminders", .object(params))
        XCTAssertNil(response["error"], "\(response)")
        let titles = response.at("result", "reminders")?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
        return (titles, response.at("result", "nextCursor"))
    }

    func testPagesCoverEverythingOnceEvenWhileOthersWrite() throws {
        let server = try session()
        fill(server, count: 250, title: { String(format: "r%03d", $0) }, due: { ["year": 2027, "month": 1, "day": .integer(Int64($0 % 28 + 1))] })
        let other = try session()
        var seen: [String] = []
        var cursor: JSONValue? = nil
        var pages = 0
        repeat {
            let (titles, next) = page(server, limit: 100, cursor: cursor)
            seen += titles
            pages += 1
            if pages == 1 {
                // Between pages another client removes one reminder not yet sent and adds two: one sorting before
                // the cursor (not sent: its place was passed) and one after it (sent once, in its place).
                let all = other.channel.request("fetchReminders").at("result", "reminders")?.arrayValue ?? []
                let notYetSent = all.first { !seen.contains($0["title"]?.stringValue ?? "") }!
                other.channel.request("removeReminder", ["identifier": notYetSent["calendarItemIdentifier"]!])
                other.channel.request("saveReminder", ["reminder": ["title": "early", "dueDateComponents": ["year": 2026, "month": 1, "day": 1]]])
                other.channel.request("saveReminder", ["reminder": ["title": "late", "dueDateComponents": ["year": 2028, "month": 1, "day": 1]]])
                seen.append("removed:" + (notYetSent["title"]?.stringValue ?? ""))
            }
            cursor = next == .null ? nil : next
        } while cursor != nil
        let removed = seen.first { $0.hasPrefix("removed:") }!.dropFirst(8)
        let delivered = seen.filter { !$0.hasPrefix("removed:") }
        XCTAssertEqual(delivered.count, Set(delivered).count, "no reminder was sent twice")
        XCTAssertEqual(Set(delivered), Set((0..<250).map { String(format: "r%03d", $0) }).subtracting([String(removed)]).union(["late"]))
        XCTAssertEqual(pages, 3)
        server.shutDown()
        other.shutDown()
    }

    func testPagingParams() throws {
        let server = try session()
        fill(server, count: 3, title: { "p\($0)" })
        let first = page(server, limit: 2, cursor: nil)
        XCTAssertEqual(first.titles.count, 2)
        let second = page(server, limit: 2, cursor: first.next)
        XCTAssertEqual(second.titles.count, 1)
        XCTAssertEqual(second.next, .null)
        XCTAssertEqual(server.channel.request("fetchReminders", ["limit": 0]).errorField, "limit")
        XCTAssertEqual(server.channel.request("fetchReminders", ["limit": "ten"]).errorField, "limit")
        XCTAssertEqual(server.channel.request("fetchReminders", ["cursor": "garbage!"]).errorField, "cursor")
        let elsewhere = try session("Asia/Tokyo")
        XCTAssertEqual(elsewhere.channel.request("fetchReminders", ["limit": 2, "cursor": first.next!]).errorField, "cursor")
        elsewhere.shutDown()
        server.shutDown()
    }

    func testOneResponseOfAHundredThousandAndCancellingIt() throws {
        let server = try session("UTC", .lsp)
        let started = Date()
        fill(server, count: 100_000, title: { "bulk \($0)" }, due: { ["year": 2027, "month": .integer(Int64($0 % 12 + 1)), "day": 1] })
        let filled = Date()
        let all = server.channel.request("fetchReminders", timeout: 300)
        let fetched = Date()
        XCTAssertEqual(all.at("result", "reminders")?.arrayValue?.count, 100_000)
        XCTAssertEqual(all.at("result", "nextCursor"), .null)
        print(
            "100,000 reminders saved in \(String(format: "%.1f", filled.timeIntervalSince(started))) s and fetched in one response in \(String(format: "%.1f", fetched.timeIntervalSince(filled))) s"
        )

        let id = server.channel.makeID()
        server.channel.send(["jsonrpc": "2.0", "id": .integer(id), "method": "fetchReminders", "params": [:]])
        server.channel.notify("$/cancelRequest", ["id": .integer(id)])
        let cancelled = server.channel.response(id: .integer(id), timeout: 300)
        XCTAssertEqual(cancelled?.errorCode, -32800)
        // The session goes on.
        XCTAssertEqual(server.channel.request("fetchReminders", ["limit": 1]).at("result", "reminders")?.arrayValue?.count, 1)
        server.shutDown()
    }
}
