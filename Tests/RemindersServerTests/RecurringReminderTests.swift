import RemindersJSONRPC
import RemindersServerHarness
import RemindersTestSupport
import XCTest

/// Recurrence rules through the binary, and what completing a recurring reminder does.
final class RecurringReminderTests: XCTestCase {
    let folder = TemporaryFolder()
    var server: InProcessServer!

    override func setUpWithError() throws {
        server = try InProcessServer.granted("repeat", store: folder.store, timeZone: "Europe/Berlin")
    }

    override func tearDown() { server.shutDown() }

    private func save(_ reminder: JSONValue) -> JSONValue {
        let response = server.channel.request("saveReminder", ["reminder": reminder])
        XCTAssertNil(response["error"], "\(response)")
        return response["result"] ?? .null
    }

    func testRulesAreStoredAsGivenAndCarryTheirRRULE() {
        let rules: JSONValue = [
            [
                "frequency": "monthly", "interval": 2, "daysOfTheWeek": [["dayOfTheWeek": 6, "weekNumber": -1]],
                "recurrenceEnd": ["occurrenceCount": 5],
            ],
            [
                "frequency": "yearly", "monthsOfTheYear": [2, 8], "daysOfTheWeek": [["dayOfTheWeek": 2, "weekNumber": 1]],
                "recurrenceEnd": ["endDate": "2030-12-31T23:59:59Z"], "firstDayOfTheWeek": 1,
            ],
            ["rrule": "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=10"],
        ]
        let saved = save(["title": "rules", "dueDateComponents": ["year": 2026, "month": 12, "day": 1], "recurrenceRules": rules])
        let stored = saved.at("reminder", "recurrenceRules")?.arrayValue ?? []
        guard stored.count == 3 else { return XCTFail("\(saved)") }
        XCTAssertEqual(
            stored.map { $0["rrule"] },
            [
                "FREQ=MONTHLY;INTERVAL=2;COUNT=5;BYDAY=-1FR",
                "FREQ=YEARLY;UNTIL=20301231T235959Z;BYDAY=1MO;BYMONTH=2,8;WKST=SU",
                "FREQ=WEEKLY;INTERVAL=2;COUNT=10;BYDAY=MO,WE",
            ])
        XCTAssertEqual(stored[0]["daysOfTheWeek"], [["dayOfTheWeek": 6, "weekNumber": -1]])
        XCTAssertEqual(stored[1]["recurrenceEnd"], ["endDate": "2030-12-31T23:59:59.000Z"])
        XCTAssertEqual(stored[2]["daysOfTheWeek"], [["dayOfTheWeek": 2], ["dayOfTheWeek": 4]])
        XCTAssertEqual(saved.at("reminder", "hasRecurrenceRules"), true)
    }

    func testCompletingAnOccurrenceRecordsItAndMovesTheSeriesOn() {
        let created = save([
            "title": "Water the plants", "notes": "balcony", "priority": 5,
            "startDateComponents": ["year": 2026, "month": 12, "day": 6, "hour": 9],
            "dueDateComponents": ["year": 2026, "month": 12, "day": 7, "hour": 9],
            "alarms": [["relativeOffset": -900], ["absoluteDate": "2026-12-07T07:00:00Z"]],
            "recurrenceRules": [["frequency": "weekly", "recurrenceEnd": ["occurrenceCount": 2]]],
        ]).at("reminder")!
        let id = created["calendarItemIdentifier"]!
        let result = server.channel.request("saveReminder", ["reminder": ["calendarItemIdentifier": id, "isCompleted": true]]).result!
        let live = result["reminder"]!, record = result["completedOccurrence"]!
        XCTAssertEqual(live["calendarItemIdentifier"], id)
        XCTAssertEqual(live["isCompleted"], false)
        XCTAssertEqual(live["completionDate"], .null)
        XCTAssertEqual(live["dueDateComponents"], ["year": 2026, "month": 12, "day": 14, "hour": 9])
        XCTAssertEqual(live["startDateComponents"], ["year": 2026, "month": 12, "day": 13, "hour": 9])
        XCTAssertEqual(live.at("recurrenceRules", 0, "recurrenceEnd"), ["occurrenceCount": 1])
        XCTAssertEqual(live.at("alarms", 0), created.at("alarms", 0), "a relative alarm follows the due date by itself")
        XCTAssertEqual(live.at("alarms", 1, "absoluteDate"), "2026-12-14T07:00:00.000Z", "an absolute one moves as far as the due date")
        XCTAssertEqual(live.at("alarms", 1, "alarmIdentifier"), created.at("alarms", 1, "alarmIdentifier"))
        XCTAssertNotEqual(record["calendarItemIdentifier"], id)
        XCTAssertEqual(record["isCompleted"], true)
        XCTAssertNotEqual(record["completionDate"], .null)
        XCTAssertEqual(record["recurrenceRules"], [])
        XCTAssertEqual(record["title"], "Water the plants")
        XCTAssertEqual(record["notes"], "balcony")
        XCTAssertEqual(record["calendarIdentifier"], created["calendarIdentifier"])
        XCTAssertEqual(record["dueDateComponents"], ["year": 2026, "month": 12, "day": 7, "hour": 9])
        XCTAssertEqual(record["alarms"]?.arrayValue?.map { $0["relativeOffset"] ?? $0["absoluteDate"] }, [-900, "2026-12-07T07:00:00.000Z"])

        let completed = server.channel.request("fetchReminders", ["predicate": ["kind": "completed"]]).at("result", "reminders")?.arrayValue
        XCTAssertEqual(completed?.map { $0["calendarItemIdentifier"] }, [record["calendarItemIdentifier"]])

        // The last occurrence: no next one, so the reminder itself is completed and nothing new is made.
        let last = server.channel.request("saveReminder", ["reminder": ["calendarItemIdentifier": id, "isCompleted": true]]).result!
        XCTAssertEqual(last.at("reminder", "isCompleted"), true)
        XCTAssertEqual(last["completedOccurrence"], .null)
        XCTAssertEqual(server.channel.request("fetchReminders", ["predicate": ["kind": "completed"]]).at("result", "reminders")?.arrayValue?.count, 2)
    }

    func testCompletingByCompletionDateAndStaged() {
        let created = save([
            "title": "monthly", "dueDateComponents": ["year": 2026, "month": 1, "day": 31],
            "recurrenceRules": [["rrule": "FREQ=MONTHLY"]],
        ]).at("reminder")!
        let id = created["calendarItemIdentifier"]!
        let staged = server.channel.request(
            "saveReminder",
            [
                "reminder": ["calendarItemIdentifier": id, "completionDate": "2026-01-31T18:00:00Z"],
                "commit": false,
            ]
        ).result!
        XCTAssertEqual(staged.at("reminder", "dueDateComponents"), ["year": 2026, "month": 3, "day": 31], "February has no 31st: skipped")
        XCTAssertEqual(staged.at("completedOccurrence", "completionDate"), "2026-01-31T18:00:00.000Z")
        XCTAssertEqual(server.channel.request("fetchReminders", ["predicate": ["kind": "completed"]]).at("result", "reminders"), [])
        XCTAssertEqual(server.channel.request("commit").result, [:])
        XCTAssertEqual(server.channel.request("fetchReminders", ["predicate": ["kind": "completed"]]).at("result", "reminders")?.arrayValue?.count, 1)
    }

    /// The all-day occurrence of 31 December starts at 23:00 UTC in this Berlin session: after an
    /// end of 22:59:59 UTC (and it would still be in the series with an end of 23:59:59 UTC).
    func testAnEndDateEndsTheSeries() {
        let created = save([
            "title": "until", "dueDateComponents": ["year": 2026, "month": 12, "day": 30],
            "recurrenceRules": [["rrule": "FREQ=DAILY;UNTIL=20261230T225959Z"]],
        ]).at("reminder")!
        let done = server.channel.request(
            "saveReminder", ["reminder": ["calendarItemIdentifier": created["calendarItemIdentifier"]!, "isCompleted": true]]
        ).result!
        XCTAssertEqual(done.at("reminder", "isCompleted"), true)
        XCTAssertEqual(done["completedOccurrence"], .null)
    }
}

extension RecurringReminderTests {
    /// The answer to a save is what is stored: an end date is kept to the second in both.
    func testEndDateAnswerMatchesTheStore() {
        let saved = save([
            "title": "d", "dueDateComponents": ["year": 2026, "month": 12, "day": 1],
            "recurrenceRules": [["frequency": "monthly", "recurrenceEnd": ["endDate": "2027-01-01T10:00:00.123Z"]]],
        ]).at("reminder")!
        XCTAssertEqual(saved.at("recurrenceRules", 0, "recurrenceEnd"), ["endDate": "2027-01-01T10:00:00.000Z"])
        let stored = server.channel.request("calendarItem", ["identifier": saved["calendarItemIdentifier"]!]).at("result", "reminder")
        XCTAssertEqual(stored, saved)
    }
}
