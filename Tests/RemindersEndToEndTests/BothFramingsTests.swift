import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// Recurrence, dates and paging hold the same whichever framing the client speaks.
final class BothFramingsTests: XCTestCase {
    let folder = TemporaryFolder()

    func testRecurrenceDatesAndPagingInEachFraming() throws {
        for framing in [Framing.ndjson, .lsp] {
            let store = folder.path + "/\(framing).sqlite"
            let server = try RemindersdProcess.granted("framings", store: store, framing: framing, timeZone: "Pacific/Kiritimati")
            // A rule given as RRULE text, stored with its fields; completing it records the occurrence and moves on.
            let created = server.channel.request(
                "saveReminder",
                [
                    "reminder": [
                        "title": "pay rent", "dueDateComponents": ["year": 2026, "month": 1, "day": 31],
                        "recurrenceRules": [["rrule": "FREQ=MONTHLY;COUNT=3"]],
                    ]
                ]
            ).at("result", "reminder")!
            XCTAssertEqual(created.at("recurrenceRules", 0, "frequency"), "monthly", "\(framing)")
            let completed = server.channel.request(
                "saveReminder",
                [
                    "reminder": [
                        "calendarItemIdentifier": created["calendarItemIdentifier"]!,
                        "isCompleted": true,
                    ]
                ]
            ).result!
            XCTAssertEqual(completed.at("reminder", "dueDateComponents"), ["year": 2026, "month": 3, "day": 31], "\(framing)")
            XCTAssertEqual(completed.at("reminder", "recurrenceRules", 0, "rrule"), "FREQ=MONTHLY;COUNT=2", "\(framing)")
            XCTAssertEqual(completed.at("completedOccurrence", "isCompleted"), true, "\(framing)")
            // The live all-day reminder is 31 March in Kiritimati (UTC+14): 30 March 10:00 UTC.
            let window = server.channel.request(
                "fetchReminders",
                [
                    "predicate": [
                        "kind": "incomplete", "dueDateStarting": "2026-03-31T00:00:00+14:00", "dueDateEnding": "2026-03-30T10:00:00.001Z",
                    ]
                ])
            XCTAssertEqual(window.at("result", "reminders")?.arrayValue?.count, 1, "\(framing)")
            // Paging: two pages of one, the second ending the fetch.
            let first = server.channel.request("fetchReminders", ["limit": 1]).result!
            let second = server.channel.request("fetchReminders", ["limit": 1, "cursor": first["nextCursor"]!]).result!
            XCTAssertEqual(second["nextCursor"], .null, "\(framing)")
            XCTAssertNotEqual(first.at("reminders", 0, "calendarItemIdentifier"), second.at("reminders", 0, "calendarItemIdentifier"))
            // Rule errors name their field.
            let bad = server.channel.request(
                "saveReminder",
                [
                    "reminder": [
                        "title": "x", "dueDateComponents": ["year": 2026, "month": 1, "day": 1],
                        "recurrenceRules": [["frequency": "daily", "daysOfTheMonth": [1]]],
                    ]
                ])
            XCTAssertEqual(bad.errorField, "reminder.recurrenceRules[0].daysOfTheMonth", "\(framing)")
            XCTAssertEqual(server.shutDown(), 0)
        }
    }
}
