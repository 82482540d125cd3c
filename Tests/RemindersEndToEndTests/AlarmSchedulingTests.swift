import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// `upcomingAlarms`, `snoozeAlarm` and `dismissAlarm` know every alarm the agent fires: events'
/// as well as reminders', location alarms as well as time alarms.
final class AlarmSchedulingTests: AgentTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        XCTAssertEqual(
            try RemindersdProcess.run([
                "permissions", "set", "--any-program", "agent-test", "fullAccess", "--entity", "event", "--store", folder.store,
            ]).status, 0)
    }

    private func event(_ title: String, startsIn seconds: TimeInterval, alarmBefore: Double) throws -> JSONValue {
        try call(
            "saveEvent",
            [
                "event": [
                    "title": .string(title), "startDate": instant(seconds), "endDate": instant(seconds + 1800),
                    "alarms": [["relativeOffset": .double(-alarmBefore), "alarmIdentifier": "ev"]],
                ]
            ])["event"] ?? .null
    }

    func testUpcomingAlarmsListsEventsAsWellAsReminders() throws {
        _ = try call("saveReminder", ["reminder": ["title": "Tea", "alarms": [["absoluteDate": instant(3600), "alarmIdentifier": "tea"]]]])
        let meeting = try event("Meeting", startsIn: 7200, alarmBefore: 600)
        let upcoming = try call("upcomingAlarms", ["to": instant(86_400)])["alarms"]?.arrayValue ?? []
        XCTAssertEqual(upcoming.map { $0["title"] }, ["Tea", "Meeting"])
        XCTAssertEqual(upcoming.map { $0["entityType"] }, ["reminder", "event"])
        XCTAssertEqual(upcoming.last?["identifier"], meeting["eventIdentifier"])
        XCTAssertEqual(upcoming.last?["occurrenceDate"], meeting["startDate"])
        // A client without access to events hears of reminders' alarms only.
        XCTAssertEqual(
            try RemindersdProcess.run(["permissions", "set", "--any-program", "reminders-only", "fullAccess", "--store", folder.store]).status, 0)
        let limited = try RemindersdProcess.run([
            "call", "upcomingAlarms", (["to": instant(86_400)] as JSONValue).serialized, "--store", folder.store,
            "--client", "reminders-only",
        ])
        XCTAssertEqual(try JSONParser.parse(limited.stdout)["alarms"]?.arrayValue?.map { $0["title"] }, ["Tea"])
        let cli = try RemindersdProcess.run(["alarms", "--store", folder.store])
        XCTAssertTrue(cli.stdout.contains("  Meeting") && cli.stdout.contains("  Tea"), cli.stdout)
    }

    func testAnEventsAlarmIsSnoozedAndDismissed() throws {
        let meeting = try event("Meeting", startsIn: 7200, alarmBefore: 600)
        let identifier = meeting["eventIdentifier"]!
        let until = instant(9000)
        XCTAssertNotNil(try call("snoozeAlarm", ["identifier": identifier, "alarmIdentifier": "ev", "until": until]))
        var upcoming = try call("upcomingAlarms", ["to": instant(86_400)])["alarms"]?.arrayValue ?? []
        XCTAssertEqual(upcoming.first?["snoozed"], true)
        XCTAssertEqual(upcoming.first?["fireDate"]?.stringValue?.prefix(19), until.stringValue?.prefix(19))
        XCTAssertNotNil(try call("dismissAlarm", ["identifier": identifier, "alarmIdentifier": "ev", "occurrenceDate": meeting["startDate"]!]))
        upcoming = try call("upcomingAlarms", ["to": instant(86_400)])["alarms"]?.arrayValue ?? []
        XCTAssertEqual(upcoming, [], "dismissed")
        let wrong = try callError("dismissAlarm", ["identifier": identifier, "alarmIdentifier": "ev", "occurrenceDate": instant(3)])
        XCTAssertEqual(wrong["data"]?["field"], "occurrenceDate")
    }

    /// A location alarm snoozed from a client fires again at its new time, as the notification's Snooze makes it.
    func testALocationAlarmIsSnoozedAndTheAgentFiresItAgain() throws {
        let reminder = try call(
            "saveReminder",
            [
                "reminder": [
                    "title": "Buy stamps",
                    "alarms": [
                        [
                            "alarmIdentifier": "post", "proximity": "enter",
                            "structuredLocation": ["title": "Post office", "geoLocation": ["latitude": 52.52, "longitude": 13.405], "radius": 100],
                        ]
                    ],
                ]
            ])
        let identifier = reminder.at("reminder", "calendarItemIdentifier")!
        let agent = try agent()
        XCTAssertNotNil(try call("snoozeAlarm", ["identifier": identifier, "alarmIdentifier": "post", "until": instant(1.5)]))
        let got = waitForFired(1, within: 10)
        XCTAssertEqual(stop(agent), 0)
        XCTAssertEqual(got.first?.at("alarm", "alarmIdentifier"), "post", "\(got)")
        XCTAssertEqual(got.first?["reason"], "snooze")
    }
}
