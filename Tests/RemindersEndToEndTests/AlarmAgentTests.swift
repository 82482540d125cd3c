import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// `remindersd agent` through the real binary, in real time (alarms a few seconds ahead): what
/// fires, exactly once, through an --on-alarm program; one agent per store; catch-up.
final class AlarmAgentTests: AgentTestCase {
    func testTimeAlarmsFireOnceEachAndNotForCompletedReminders() throws {
        let soon = try call("saveReminder", ["reminder": ["title": "Tea", "alarms": [["absoluteDate": instant(2), "alarmIdentifier": "tea"]]]])
        _ = try call(
            "saveReminder",
            [
                "reminder": [
                    "title": "Done already", "isCompleted": true,
                    "alarms": [["absoluteDate": instant(2), "alarmIdentifier": "done"]],
                ]
            ])
        let agent = try agent()
        let got = waitForFired(1, within: 10)
        XCTAssertEqual(got.count, 1, "\(got)")
        XCTAssertEqual(got.first?.at("reminder", "calendarItemIdentifier"), soon.at("reminder", "calendarItemIdentifier"))
        XCTAssertEqual(got.first?.at("alarm", "alarmIdentifier"), "tea")
        XCTAssertEqual(got.first?["reason"], "time")
        XCTAssertEqual(got.first?["late"], false)
        XCTAssertEqual(got.first?["occurrenceDate"], .null, "no due date")
        usleep(1_500_000)
        XCTAssertEqual(fired().count, 1, "a completed reminder does not remind")
        XCTAssertEqual(stop(agent), 0, "SIGTERM ends it cleanly")

        // Restarted: what was delivered is not delivered again.
        let again = try self.agent()
        usleep(2_000_000)
        XCTAssertEqual(stop(again), 0)
        XCTAssertEqual(fired().count, 1)
    }

    /// The agent follows the store: a change made while it sleeps moves or cancels what it waits for.
    func testChangesMadeWhileItWaitsMoveOrCancelAlarms() throws {
        let later = try call(
            "saveReminder", ["reminder": ["title": "Moved sooner", "alarms": [["absoluteDate": instant(120), "alarmIdentifier": "m"]]]])
        let cancelled = try call(
            "saveReminder", ["reminder": ["title": "Completed first", "alarms": [["absoluteDate": instant(3), "alarmIdentifier": "c"]]]])
        // A relative alarm 15 minutes before a due date just over 15 minutes ahead, in the agent's zone.
        let due = Date().addingTimeInterval(15 * 60 + 3)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: due)
        _ = try call(
            "saveReminder",
            [
                "reminder": [
                    "title": "Floating, relative",
                    "dueDateComponents": [
                        "year": .integer(Int64(parts.year!)), "month": .integer(Int64(parts.month!)), "day": .integer(Int64(parts.day!)),
                        "hour": .integer(Int64(parts.hour!)), "minute": .integer(Int64(parts.minute!)), "second": .integer(Int64(parts.second!)),
                    ],
                    "alarms": [["relativeOffset": -900, "alarmIdentifier": "r"]],
                ]
            ])
        let agent = try agent()
        usleep(500_000)
        _ = try call(
            "saveReminder", ["reminder": ["calendarItemIdentifier": cancelled.at("reminder", "calendarItemIdentifier")!, "isCompleted": true]])
        _ = try call(
            "saveReminder",
            [
                "reminder": [
                    "calendarItemIdentifier": later.at("reminder", "calendarItemIdentifier")!,
                    "alarms": [["absoluteDate": instant(1.5), "alarmIdentifier": "m"]],
                ]
            ])
        let got = waitForFired(2, within: 10)
        usleep(1_500_000)
        XCTAssertEqual(stop(agent), 0)
        XCTAssertEqual(Set(fired().compactMap { $0.at("alarm", "alarmIdentifier")?.stringValue }), ["m", "r"], "\(got)")
    }

    func testOneAgentPerStore() throws {
        let first = try agent()
        usleep(500_000)
        let second = try RemindersdProcess.run(["agent", "--store", folder.store, "--notify", "none"])
        XCTAssertEqual(second.status, 1)
        XCTAssertTrue(second.stderr.contains("another agent is running for \(folder.store) (pid \(first.processIdentifier))"), second.stderr)
        XCTAssertEqual(stop(first), 0)
        XCTAssertEqual(try RemindersdProcess.run(["agent", "--catch-up", "soon"]).status, 2)
        XCTAssertEqual(try RemindersdProcess.run(["agent", "--notify", "loud"]).status, 2)
    }

    /// What came due while no agent ran: delivered late within --catch-up, recorded as missed beyond it.
    func testMissedAlarmsAreCaughtUpWithinTheWindow() throws {
        _ = try call(
            "saveReminder", ["reminder": ["title": "A minute ago", "alarms": [["absoluteDate": instant(-60), "alarmIdentifier": "recent"]]]])
        _ = try call(
            "saveReminder", ["reminder": ["title": "Hours ago", "alarms": [["absoluteDate": instant(-3 * 3600), "alarmIdentifier": "old"]]]])
        let agent = try agent(["--catch-up", "1h"])
        let got = waitForFired(1, within: 10)
        usleep(1_000_000)
        XCTAssertEqual(stop(agent), 0)
        XCTAssertEqual(fired().count, 1, "\(got)")
        XCTAssertEqual(got.first?.at("alarm", "alarmIdentifier"), "recent")
        XCTAssertEqual(got.first?["late"], true)
        // Restarted with a wider window: the missed one stays missed, nothing comes twice.
        let again = try self.agent(["--catch-up", "24h"])
        usleep(1_500_000)
        XCTAssertEqual(stop(again), 0)
        XCTAssertEqual(fired().count, 1)
    }

    /// Clients list what comes, snooze it and dismiss it; the agent honours both.
    func testUpcomingSnoozedAndDismissedAlarms() throws {
        let dismissed = try call(
            "saveReminder", ["reminder": ["title": "Dismissed", "alarms": [["absoluteDate": instant(1.5), "alarmIdentifier": "d"]]]])
        let snoozed = try call(
            "saveReminder", ["reminder": ["title": "Snoozed", "alarms": [["absoluteDate": instant(2.5), "alarmIdentifier": "s"]]]])
        _ = try call("saveReminder", ["reminder": ["title": "Later", "alarms": [["absoluteDate": instant(3600), "alarmIdentifier": "l"]]]])
        let listed = try call("upcomingAlarms", ["to": instant(7200)])
        XCTAssertEqual(listed["alarms"]?.arrayValue?.compactMap { $0["title"]?.stringValue }, ["Dismissed", "Snoozed", "Later"])
        XCTAssertEqual(listed.at("alarms", 0, "snoozed"), false)

        _ = try call("dismissAlarm", ["identifier": dismissed.at("reminder", "calendarItemIdentifier")!, "alarmIdentifier": "d"])
        _ = try call(
            "snoozeAlarm",
            [
                "identifier": snoozed.at("reminder", "calendarItemIdentifier")!, "alarmIdentifier": "s",
                "until": instant(4.5),
            ])
        let after = try call("upcomingAlarms", ["to": instant(7200)])
        XCTAssertEqual(after["alarms"]?.arrayValue?.compactMap { $0["title"]?.stringValue }, ["Snoozed", "Later"])
        XCTAssertEqual(after.at("alarms", 0, "snoozed"), true)

        let agent = try agent()
        let got = waitForFired(1, within: 10)
        usleep(1_500_000)
        XCTAssertEqual(stop(agent), 0)
        XCTAssertEqual(fired().count, 1, "\(fired())")
        XCTAssertEqual(got.first?.at("reminder", "title"), "Snoozed")
        XCTAssertEqual(got.first?["reason"], "snooze")

        let lines = try RemindersdProcess.run(["alarms", "--days", "1", "--store", folder.store], environment: ["TZ": "UTC"])
        XCTAssertEqual(lines.status, 0, lines.stderr)
        XCTAssertEqual(lines.stdout.split(separator: "\n").count, 1, lines.stdout)
        XCTAssertTrue(lines.stdout.hasSuffix("  Later\n"), lines.stdout)

        let id = dismissed.at("reminder", "calendarItemIdentifier")!
        XCTAssertEqual(try callError("snoozeAlarm", ["identifier": id, "alarmIdentifier": "nope"])["code"], -32011)
        XCTAssertEqual(
            try callError("snoozeAlarm", ["identifier": id, "alarmIdentifier": "d", "minutes": 5, "until": instant(60)]).at("data", "field"),
            "minutes")
        XCTAssertEqual(try callError("upcomingAlarms", ["from": instant(60), "to": instant(0)]).at("data", "field"), "to")
        let completed = try call(
            "saveReminder",
            [
                "reminder": [
                    "title": "Done", "isCompleted": true,
                    "alarms": [["absoluteDate": instant(60), "alarmIdentifier": "c"]],
                ]
            ])
        XCTAssertEqual(
            try callError("dismissAlarm", ["identifier": completed.at("reminder", "calendarItemIdentifier")!, "alarmIdentifier": "c"])
                .at("data", "field"), "alarmIdentifier", "a completed reminder's alarms do not fire")
    }

    /// Served clients that asked for alarms (and have full access) hear each one the agent delivers.
    func testServedClientsThatAskHearAlarmFired() throws {
        for client in ["asks", "does-not-ask", "write-only"] {
            let status = client == "write-only" ? "writeOnly" : "fullAccess"
            XCTAssertEqual(try RemindersdProcess.run(["permissions", "set", "--any-program", client, status, "--store", folder.store]).status, 0)
        }
        var servers: [String: RemindersdProcess] = [:]
        for (client, framing) in [("asks", Framing.lsp), ("does-not-ask", .ndjson), ("write-only", .ndjson)] {
            let server = try RemindersdProcess(store: folder.store, framing: framing)
            var params: JSONObject = ["clientInfo": ["name": .string(client)]]
            if client != "does-not-ask" { params["capabilities"] = ["alarms": true] }
            XCTAssertNotNil(server.channel.request("initialize", .object(params)).result)
            server.channel.notify("initialized", [:])
            servers[client] = server
        }
        let saved = try call(
            "saveReminder", ["reminder": ["title": "Stand up", "alarms": [["absoluteDate": instant(1.5), "alarmIdentifier": "up"]]]])
        let agent = try agent()
        let heard = servers["asks"]!.channel.notification("alarmFired", timeout: 10)
        XCTAssertEqual(stop(agent), 0)
        XCTAssertEqual(heard?.at("params", "reminder", "calendarItemIdentifier"), saved.at("reminder", "calendarItemIdentifier"))
        XCTAssertEqual(heard?.at("params", "alarm", "alarmIdentifier"), "up")
        XCTAssertEqual(heard?.at("params", "reason"), "time")
        XCTAssertEqual(heard?.at("params", "late"), false)
        usleep(500_000)
        XCTAssertEqual(servers["does-not-ask"]!.channel.drainNotifications("alarmFired"), [])
        XCTAssertEqual(servers["write-only"]!.channel.drainNotifications("alarmFired"), [], "a person's alarms are full access only")
        for server in servers.values { XCTAssertEqual(server.shutDown(), 0) }
    }

    /// An event's alarms fire too: -15 minutes before an occurrence, and an absolute one.
    func testEventAlarmsFireForTheirOccurrence() throws {
        XCTAssertEqual(
            try RemindersdProcess.run([
                "permissions", "set", "--any-program", "agent-test", "fullAccess", "--entity", "event", "--store", folder.store,
            ]).status, 0)
        let start = Date().addingTimeInterval(15 * 60 + 2)
        let formatter = ISO8601DateFormatter()
        _ = try call(
            "saveEvent",
            [
                "event": [
                    "title": "Dentist", "startDate": .string(formatter.string(from: start)),
                    "endDate": .string(formatter.string(from: start.addingTimeInterval(1800))), "location": "Main Street",
                    "alarms": [
                        ["relativeOffset": -900, "alarmIdentifier": "before"],
                        ["absoluteDate": instant(3600), "alarmIdentifier": "later"],
                    ],
                ]
            ])
        let listener = try servedClient("calendar-listener")
        XCTAssertEqual(
            try RemindersdProcess.run([
                "permissions", "set", "--any-program", "calendar-listener", "fullAccess", "--entity", "event", "--store", folder.store,
            ]).status, 0)
        let agent = try agent()
        let got = waitForFired(1, within: 10)
        let heard = listener.channel.notification("alarmFired", timeout: 10)
        usleep(1_000_000)
        XCTAssertEqual(stop(agent), 0)
        XCTAssertEqual(fired().count, 1, "\(got)")
        XCTAssertEqual(got.first?.at("event", "title"), "Dentist")
        XCTAssertEqual(got.first?.at("alarm", "alarmIdentifier"), "before")
        XCTAssertEqual(got.first?["occurrenceDate"], got.first?.at("event", "startDate"))
        XCTAssertEqual(heard?.at("params", "event", "title"), "Dentist", "a client with access to events hears it")
        XCTAssertEqual(listener.shutDown(), 0)
        // Restarted: delivered once.
        let again = try self.agent()
        usleep(1_500_000)
        XCTAssertEqual(stop(again), 0)
        XCTAssertEqual(fired().count, 1)
    }
}
