import RemindersJSONRPC
import RemindersServerHarness
import RemindersTestSupport
import XCTest

/// Every rule of EventKit's that remindersd enforces, each with its code, field and reason.
final class ValidationTests: XCTestCase {
    let folder = TemporaryFolder()
    var server: InProcessServer!

    override func setUpWithError() throws {
        server = try InProcessServer.granted("rules", store: folder.store, timeZone: "Europe/Berlin")
    }

    override func tearDown() { server.shutDown() }

    private func expect(
        _ method: String, _ params: JSONValue, code: Int64 = -32602, field: String? = nil, reason: String? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let response = server.channel.request(method, params)
        XCTAssertEqual(response.errorCode, code, "\(params) → \(response)", file: file, line: line)
        if let field { XCTAssertEqual(response.errorField, field, "\(params)", file: file, line: line) }
        XCTAssertEqual(response.errorReason, reason, "\(params)", file: file, line: line)
        if let message = response["error"]?["message"]?.stringValue { XCTAssertFalse(message.isEmpty) }
    }

    private func save(_ reminder: JSONValue, field: String, reason: String? = nil, file: StaticString = #filePath, line: UInt = #line) {
        expect("saveReminder", ["reminder": reminder], field: field, reason: reason, file: file, line: line)
    }

    func testReminderFields() {
        save([:], field: "reminder.title")
        save(["title": ""], field: "reminder.title")
        save(["title": "   "], field: "reminder.title")
        save(["title": 5], field: "reminder.title")
        save(["title": .string(String(repeating: "t", count: 65537))], field: "reminder.title")
        save(["title": "x", "priority": 10], field: "reminder.priority", reason: "priorityIsInvalid")
        save(["title": "x", "priority": -1], field: "reminder.priority", reason: "priorityIsInvalid")
        save(["title": "x", "priority": "high"], field: "reminder.priority")
        save(["title": "x", "priority": 1.5], field: "reminder.priority")
        save(["title": "x", "calendarIdentifier": "nope"], field: "reminder.calendarIdentifier", reason: "noCalendar")
        save(["title": "x", "url": "not a url"], field: "reminder.url")
        save(["title": "x", "timeZone": "Nowhere/Land"], field: "reminder.timeZone")
        save(["title": "x", "isCompleted": "yes"], field: "reminder.isCompleted")
        save(["title": "x", "completionDate": "yesterday"], field: "reminder.completionDate")
        save(["title": "x", "isCompleted": false, "completionDate": "2026-01-01T00:00:00Z"], field: "reminder.completionDate")
        save(["title": "x", "dueDate": "2026-01-01"], field: "reminder.dueDate")
        save(["title": "x", "notes": ["a"]], field: "reminder.notes")
        expect("saveReminder", [:], field: "reminder")
        expect("saveReminder", ["reminder": ["title": "x"], "commit": "yes"], field: "commit")
        expect("saveReminder", ["reminder": ["title": "x"], "extra": 1], field: "extra")
        expect("saveReminder", .array([]), field: "params")
    }

    func testDateComponents() {
        let cases: [(JSONValue, String)] = [
            (["year": 2026, "month": 2, "day": 30], "day"),
            (["year": 2026, "month": 13, "day": 1], "month"),
            (["year": 0, "month": 1, "day": 1], "year"),
            (["year": 2026, "month": 1, "day": 1, "hour": 24], "hour"),
            (["year": 2026, "month": 1, "day": 1, "minute": 5], "minute"),
            (["year": 2026, "month": 1, "day": 1, "hour": 5, "second": 5], "second"),
            (["year": 2026, "month": 1, "day": 1, "hour": 5, "minute": 60], "minute"),
            (["year": 2026, "month": 1, "day": 1, "timeZone": "Mars/Base"], "timeZone"),
            (["year": 2026, "month": 1], "day"),
            (["year": 2026, "month": 1, "day": 1, "week": 2], "week"),
            (["year": "2026", "month": 1, "day": 1], "year"),
        ]
        for (components, field) in cases {
            save(["title": "x", "dueDateComponents": components], field: "reminder.dueDateComponents." + field)
            save(["title": "x", "startDateComponents": components], field: "reminder.startDateComponents." + field)
        }
        save(["title": "x", "dueDateComponents": "2026-01-01"], field: "reminder.dueDateComponents")
    }

    func testAlarms() {
        let due: JSONValue = ["year": 2026, "month": 12, "day": 24]
        save(["title": "x", "alarms": [["relativeOffset": -60]]], field: "reminder.alarms[0].relativeOffset")
        save(
            ["title": "x", "dueDateComponents": due, "alarms": [["relativeOffset": -60, "absoluteDate": "2026-12-24T08:00:00Z"]]],
            field: "reminder.alarms[0].absoluteDate")
        save(["title": "x", "alarms": [[:]]], field: "reminder.alarms[0]")
        save(
            ["title": "x", "alarms": [["absoluteDate": "2026-12-24T08:00:00Z", "emailAddress": "a@b.c"]]],
            field: "reminder.alarms[0].emailAddress", reason: "reminderAlarmContainsEmailOrUrl")
        save(
            ["title": "x", "alarms": [["absoluteDate": "2026-12-24T08:00:00Z", "url": "https://x"]]],
            field: "reminder.alarms[0].url", reason: "reminderAlarmContainsEmailOrUrl")
        save(
            ["title": "x", "alarms": [["absoluteDate": "2026-12-24T08:00:00Z", "proximity": "enter"]]],
            field: "reminder.alarms[0].proximity", reason: "alarmProximityNotSupported")
        save(
            ["title": "x", "alarms": [["structuredLocation": ["title": "Home"], "proximity": "enter"]]],
            field: "reminder.alarms[0].structuredLocation.geoLocation", reason: "alarmProximityNotSupported")
        let home: (Double, Double, Double) -> JSONValue = { lat, lon, radius in
            [
                "structuredLocation": [
                    "title": "Home", "geoLocation": ["latitude": .double(lat), "longitude": .double(lon)], "radius": .double(radius),
                ], "proximity": "leave",
            ]
        }
        save(["title": "x", "alarms": [home(91, 0, 10)]], field: "reminder.alarms[0].structuredLocation.geoLocation.latitude")
        save(["title": "x", "alarms": [home(0, -181, 10)]], field: "reminder.alarms[0].structuredLocation.geoLocation.longitude")
        save(["title": "x", "alarms": [home(0, 0, -1)]], field: "reminder.alarms[0].structuredLocation.radius")
        save(
            ["title": "x", "alarms": [["structuredLocation": ["title": "Home", "geoLocation": ["latitude": 1, "longitude": 1]]]]],
            field: "reminder.alarms[0].proximity")
        save(["title": "x", "alarms": [["absoluteDate": "2026-12-24T08:00:00Z", "proximity": "sideways"]]], field: "reminder.alarms[0].proximity")
        save(
            [
                "title": "x",
                "alarms": [
                    ["absoluteDate": "2026-12-24T08:00:00Z", "alarmIdentifier": "a"],
                    ["absoluteDate": "2026-12-25T08:00:00Z", "alarmIdentifier": "a"],
                ],
            ],
            field: "reminder.alarms[1].alarmIdentifier")
        save(["title": "x", "alarms": "none"], field: "reminder.alarms")
    }

    func testRecurrenceRules() {
        let due: JSONValue = ["year": 2026, "month": 12, "day": 24]
        save(
            ["title": "x", "recurrenceRules": [["frequency": "daily"]]], field: "reminder.recurrenceRules", reason: "recurringReminderRequiresDueDate"
        )
        let cases: [(JSONValue, String)] = [
            (["frequency": "daily", "interval": 0], "interval"),
            (["frequency": "hourly"], "frequency"),
            ([:], "frequency"),
            (["frequency": "weekly", "daysOfTheMonth": [1]], "daysOfTheMonth"),
            (["frequency": "monthly", "daysOfTheMonth": [32]], "daysOfTheMonth[0]"),
            (["frequency": "monthly", "daysOfTheMonth": [0]], "daysOfTheMonth[0]"),
            (["frequency": "monthly", "monthsOfTheYear": [1]], "monthsOfTheYear"),
            (["frequency": "yearly", "monthsOfTheYear": [13]], "monthsOfTheYear[0]"),
            (["frequency": "yearly", "weeksOfTheYear": [54]], "weeksOfTheYear[0]"),
            (["frequency": "yearly", "daysOfTheYear": [-367]], "daysOfTheYear[0]"),
            (["frequency": "daily", "daysOfTheWeek": [["dayOfTheWeek": 2]]], "daysOfTheWeek"),
            (["frequency": "weekly", "daysOfTheWeek": [["dayOfTheWeek": 8]]], "daysOfTheWeek[0].dayOfTheWeek"),
            (["frequency": "weekly", "daysOfTheWeek": [["dayOfTheWeek": 2, "weekNumber": 1]]], "daysOfTheWeek[0].weekNumber"),
            (["frequency": "monthly", "daysOfTheWeek": [["dayOfTheWeek": 2, "weekNumber": 54]]], "daysOfTheWeek[0].weekNumber"),
            (["frequency": "monthly", "setPositions": [1]], "setPositions"),
            (["frequency": "daily", "recurrenceEnd": ["occurrenceCount": 0]], "recurrenceEnd.occurrenceCount"),
            (["frequency": "daily", "recurrenceEnd": ["occurrenceCount": 2, "endDate": "2027-01-01T00:00:00Z"]], "recurrenceEnd"),
            (["frequency": "daily", "recurrenceEnd": [:]], "recurrenceEnd"),
            (["frequency": "daily", "firstDayOfTheWeek": 9], "firstDayOfTheWeek"),
            (["rrule": "FREQ=SECONDLY"], "rrule"),
            (["rrule": "INTERVAL=2"], "rrule"),
            (["rrule": "FREQ=DAILY;COUNT=2;UNTIL=20270101"], "rrule"),
            (["rrule": "FREQ=WEEKLY;BYMONTHDAY=3"], "daysOfTheMonth"),
        ]
        for (rule, field) in cases {
            save(["title": "x", "dueDateComponents": due, "recurrenceRules": [rule]], field: "reminder.recurrenceRules[0]." + field)
        }
    }

    func testIdentifiersThatDoNotExist() {
        expect("saveReminder", ["reminder": ["calendarItemIdentifier": "nope", "title": "x"]], code: -32011)
        expect("removeReminder", ["identifier": "nope"], code: -32011)
        expect("addAlarm", ["identifier": "nope", "alarm": ["absoluteDate": "2026-12-24T08:00:00Z"]], code: -32011)
        expect("removeAlarm", ["identifier": "nope", "alarmIdentifier": "a"], code: -32011)
        expect("removeCalendar", ["calendarIdentifier": "nope"], code: -32011)
        expect("saveCalendar", ["calendar": ["calendarIdentifier": "nope", "title": "x"]], code: -32011)
        let id = server.channel.request("saveReminder", ["reminder": ["title": "x"]]).at("result", "reminder", "calendarItemIdentifier")!
        let missingAlarm = server.channel.request("removeAlarm", ["identifier": id, "alarmIdentifier": "a"])
        XCTAssertEqual(missingAlarm.errorCode, -32011)
        XCTAssertEqual(missingAlarm.at("error", "data", "kind"), "alarm")
        expect("addAlarm", ["identifier": id, "alarm": ["relativeOffset": -60]], field: "alarm.relativeOffset")
        expect("addAlarm", ["identifier": id], field: "alarm")
        XCTAssertEqual(server.channel.request("calendarItem", ["identifier": "nope"]).at("result", "reminder"), .null)
        XCTAssertEqual(server.channel.request("calendarItems", ["externalIdentifier": "nope"]).at("result", "reminders"), [])
    }

    func testPredicates() {
        expect("fetchReminders", ["predicate": ["kind": "soon"]], field: "predicate.kind")
        expect("fetchReminders", ["predicate": ["dueDateStarting": "tomorrow"]], field: "predicate.dueDateStarting")
        expect("fetchReminders", ["predicate": ["dueDateEnding": "2026-01-01"]], field: "predicate.dueDateEnding")
        expect("fetchReminders", ["predicate": ["dueDateStarting": "2026-01-01T25:00:00Z"]], field: "predicate.dueDateStarting")
        expect(
            "fetchReminders", ["predicate": ["kind": "incomplete", "completionDateStarting": "2026-01-01T00:00:00Z"]],
            field: "predicate.completionDateStarting")
        expect(
            "fetchReminders", ["predicate": ["dueDateStarting": "2026-02-01T00:00:00Z", "dueDateEnding": "2026-01-01T00:00:00Z"]],
            field: "predicate.dueDateEnding")
        expect("fetchReminders", ["predicate": ["calendarIdentifiers": "all"]], field: "predicate.calendarIdentifiers")
        expect("fetchReminders", ["predicate": ["calendarIdentifiers": [1]]], field: "predicate.calendarIdentifiers[0]")
        expect("fetchReminders", ["predicate": ["calendars": []]], field: "predicate.calendars")
    }

    func testCalendars() {
        expect("saveCalendar", ["calendar": [:]], field: "calendar.title")
        expect("saveCalendar", ["calendar": ["title": " "]], field: "calendar.title")
        expect("saveCalendar", ["calendar": ["title": "x", "color": "red"]], field: "calendar.color")
        expect("saveCalendar", ["calendar": ["title": "x", "type": "calDAV"]], field: "calendar.type")
        expect("calendars", ["entityType": "task"], field: "entityType")
        let only = server.channel.request("calendars").at("result", "calendars", 0, "calendarIdentifier")!
        expect("removeCalendar", ["calendarIdentifier": only], field: "calendarIdentifier")
        let readOnly = server.channel.request("saveCalendar", ["calendar": ["title": "Holidays", "allowsContentModifications": false]])
            .at("result", "calendar", "calendarIdentifier")!
        save(["title": "x", "calendarIdentifier": readOnly], field: "reminder.calendarIdentifier", reason: "calendarReadOnly")
    }

    func testUnknownMethod() {
        let response = server.channel.request("fetchTasks", [:])
        XCTAssertEqual(response.errorCode, -32601)
        XCTAssertEqual(response.at("error", "data", "method"), "fetchTasks")
    }
}
