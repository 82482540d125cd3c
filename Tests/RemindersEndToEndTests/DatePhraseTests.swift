import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// `interpretDate` and `interpretRecurrence` through the binary: the people's grammar in the
/// client's zone, for any client (they read nothing of the store), and a precise refusal.
final class DatePhraseTests: XCTestCase {
    let folder = TemporaryFolder()

    func testAPhraseIsReadNowInTheClientsZoneWithoutAccess() throws {
        let server = try RemindersdProcess(store: folder.store)
        server.initialize(client: "nobody-granted", timeZone: "Pacific/Auckland")
        let reply = server.channel.request("interpretDate", ["text": "Tomorrow 9am"])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Pacific/Auckland")!
        let tomorrow = calendar.dateComponents([.year, .month, .day], from: calendar.date(byAdding: .day, value: 1, to: Date())!)
        let expected: JSONValue = [
            "year": .integer(Int64(tomorrow.year!)), "month": .integer(Int64(tomorrow.month!)), "day": .integer(Int64(tomorrow.day!)), "hour": 9,
            "minute": 0,
        ]
        XCTAssertEqual(reply.at("result", "dateComponents"), expected, "\(reply)")
        XCTAssertEqual(reply.at("result", "allDay"), false)
        XCTAssertTrue(reply.at("result", "text")?.stringValue?.hasSuffix(" 09:00 (floating)") == true, "\(reply)")
        XCTAssertEqual(reply.at("result", "note"), .null)

        XCTAssertEqual(server.channel.request("interpretDate", ["text": "2027-03-01"]).at("result", "text"), "Mon 2027-03-01 (all day)")
        let refused = server.channel.request("interpretDate", ["text": "when pigs fly"])
        XCTAssertEqual(refused.at("error", "code"), -32602)
        XCTAssertEqual(refused.errorField, "text")
        XCTAssertTrue(refused.at("error", "message")?.stringValue?.contains("\"when\"") == true, "\(refused)")
        XCTAssertEqual(server.channel.request("interpretDate", [:]).errorField, "text")

        let weekly = server.channel.request("interpretRecurrence", ["text": "every 2 weeks on monday"])
        XCTAssertEqual(weekly.at("result", "recurrenceRule", "rrule"), "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", "\(weekly)")
        XCTAssertEqual(server.channel.request("interpretRecurrence", ["text": "now and then"]).errorField, "text")
        XCTAssertEqual(server.shutDown(), 0)
    }

    /// A client with no grant sends 6,000 "on"s (which overflowed the stack and killed the server)
    /// and years no date has: each refused naming `text`, and the session goes on (issue 49, 17, 18).
    func testHostileTextIsRefusedAndTheServerLives() throws {
        let server = try RemindersdProcess(store: folder.store)
        server.initialize(client: "nobody-granted", timeZone: "Europe/Berlin")
        for text in [String(repeating: "on ", count: 6_000) + "friday", "in 100000 years", "in 100000 months", "0000-01-01"] {
            let refused = server.channel.request("interpretDate", ["text": .string(text)])
            XCTAssertEqual(refused.at("error", "code"), -32602, "\(text.prefix(30)): \(refused)")
            XCTAssertEqual(refused.errorField, "text")
        }
        let flood = server.channel.request("interpretRecurrence", ["text": .string("every " + String(repeating: "on ", count: 6_000) + "friday")])
        XCTAssertEqual(flood.errorField, "text")
        XCTAssertEqual(server.channel.request("interpretDate", ["text": "on friday"]).at("result", "allDay"), true, "still serving")
        XCTAssertEqual(server.shutDown(), 0)
    }
}
