import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// Values at the edges of what the store can hold: what the server accepts must come back as it
/// documents it (RFC 3339 instants, date components in 1…9999), and survive being sent back.
final class EdgeValueTests: XCTestCase {
    let folder = TemporaryFolder()

    /// Every instant the server writes is RFC 3339 as protocol.md describes it.
    private func assertRFC3339(_ value: JSONValue?, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let text = value?.stringValue else { return }
        let pattern = #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$"#
        XCTAssertNotNil(text.range(of: pattern, options: .regularExpression), "\(context): \(text) is not RFC 3339", file: file, line: line)
    }

    func testInstantsOutsideYears1To9999AreRefused() throws {
        let server = try Programs.server(store: folder.store, client: "edges")
        for text in [
            "0000-01-01T00:00:00+01:00", "0001-01-01T00:00:00+00:01", "0000-12-31T23:59:59Z", "9999-12-31T23:59:59-00:01",
            "9999-12-31T23:30:00-23:59",
        ] {
            for (field, reminder) in [
                ("reminder.completionDate", ["title": "x", "completionDate": .string(text)] as JSONValue),
                ("reminder.alarms[0].absoluteDate", ["title": "x", "alarms": [["absoluteDate": .string(text)]]]),
                (
                    "reminder.recurrenceRules[0].recurrenceEnd.endDate",
                    [
                        "title": "x", "dueDateComponents": ["year": 2027, "month": 1, "day": 1],
                        "recurrenceRules": [["frequency": "daily", "recurrenceEnd": ["endDate": .string(text)]]],
                    ]
                ),
            ] {
                let reply = server.channel.request("saveReminder", ["reminder": reminder])
                XCTAssertEqual(reply.errorField, field, "\(text): \(reply.serialized.prefix(300))")
            }
            let fetch = server.channel.request("fetchReminders", ["predicate": ["kind": "completed", "completionDateStarting": .string(text)]])
            XCTAssertEqual(fetch.errorField, "predicate.completionDateStarting", text)
        }
        // The extremes themselves are fine, and come back as they went in.
        let saved = server.channel.request(
            "saveReminder",
            [
                "reminder": [
                    "title": "extremes", "completionDate": "0001-01-01T00:00:00Z",
                    "alarms": [["absoluteDate": "9999-12-31T23:59:59.999Z"]],
                    "dueDateComponents": ["year": 9999, "month": 12, "day": 1],
                    "recurrenceRules": [["frequency": "daily", "recurrenceEnd": ["endDate": "9999-12-31T23:59:59Z"]]],
                ]
            ]
        ).at("result", "reminder")
        XCTAssertEqual(saved?["completionDate"], "0001-01-01T00:00:00.000Z")
        XCTAssertEqual(saved?.at("alarms", 0, "absoluteDate"), "9999-12-31T23:59:59.999Z")
        XCTAssertEqual(saved?.at("recurrenceRules", 0, "recurrenceEnd", "endDate"), "9999-12-31T23:59:59.000Z")
        let stored = server.channel.request("calendarItem", ["identifier": saved?["calendarItemIdentifier"] ?? .null]).at("result", "reminder")
        XCTAssertEqual(stored, saved, "what was stored reads back the same")
        for key in ["completionDate", "creationDate", "lastModifiedDate"] { assertRFC3339(stored?[key], key) }
        // Sent back as fetched, it is accepted (a client that round-trips what it read never gets an error).
        var object = stored?.objectValue ?? JSONObject()
        object["title"] = "extremes again"
        XCTAssertNotNil(server.channel.request("saveReminder", ["reminder": .object(object)]).result)
        XCTAssertEqual(server.shutDown(), 0)
    }

    func testCompletingARecurringReminderAtTheYear9999EndsTheSeries() throws {
        let server = try Programs.server(store: folder.store, client: "edges")
        for (frequency, day) in [("daily", 31), ("weekly", 28), ("monthly", 15), ("yearly", 1)] {
            let created = server.channel.request(
                "saveReminder",
                [
                    "reminder": [
                        "title": .string("last \(frequency)"),
                        "dueDateComponents": ["year": 9999, "month": 12, "day": .integer(Int64(day)), "hour": 9],
                        "recurrenceRules": [["frequency": .string(frequency)]],
                    ]
                ]
            ).at("result", "reminder")
            let id = created?["calendarItemIdentifier"] ?? .null
            let completed = server.channel.request("saveReminder", ["reminder": ["calendarItemIdentifier": id, "isCompleted": true]])
            XCTAssertNotNil(completed.result, completed.serialized.prefix(300).description)
            // Whatever the server made of it, the reminder as stored still has its due date, and any new due date is a real one.
            let stored = server.channel.request("calendarItem", ["identifier": id]).at("result", "reminder")
            XCTAssertNotNil(stored?["dueDateComponents"]?.objectValue, "\(frequency): the due date was lost: \(stored?.serialized.prefix(400) ?? "")")
            XCTAssertLessThanOrEqual(stored?.at("dueDateComponents", "year")?.integerValue ?? 0, 9999, frequency)
            XCTAssertEqual(
                stored?["dueDateComponents"], completed.at("result", "reminder", "dueDateComponents"),
                "\(frequency): answered one thing, stored another")
            if stored?["isCompleted"] == false {
                XCTAssertNotEqual(completed.at("result", "completedOccurrence"), .null)
            } else {
                XCTAssertEqual(completed.at("result", "completedOccurrence"), .null, "\(frequency): the series ended, so no separate record")
            }
        }
        XCTAssertEqual(server.shutDown(), 0)
    }
}
