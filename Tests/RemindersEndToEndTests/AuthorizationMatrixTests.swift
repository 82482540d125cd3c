import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// Every method under every authorization status, through the real binary.
final class AuthorizationMatrixTests: XCTestCase {
    let folder = TemporaryFolder()

    private func setStatus(_ client: String, _ status: String) throws {
        let result = try RemindersdProcess.run(["permissions", "set", "--any-program", client, status, "--store", folder.store])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// A reminder made by a full-access client, for the others to try to read and change.
    private func existingReminder() throws -> JSONValue {
        try setStatus("owner", "fullAccess")
        let owner = try RemindersdProcess(store: folder.store)
        owner.initialize(client: "owner")
        let saved = owner.channel.request(
            "saveReminder", ["reminder": ["title": "existing", "dueDateComponents": ["year": 2027, "month": 1, "day": 2]]])
        XCTAssertEqual(owner.shutDown(), 0)
        return saved.at("result", "reminder")!
    }

    func testEveryMethodUnderEveryStatus() throws {
        let existing = try existingReminder()
        let id = existing["calendarItemIdentifier"]!
        let calls: [(method: String, params: JSONValue, allowed: Set<String>)] = [
            ("authorizationStatus", [:], ["notDetermined", "restricted", "denied", "writeOnly", "fullAccess"]),
            ("rpc.discover", [:], ["notDetermined", "restricted", "denied", "writeOnly", "fullAccess"]),
            ("requestAccess", ["usageDescription": "matrix"], ["notDetermined", "restricted", "denied", "writeOnly", "fullAccess"]),
            ("calendars", [:], ["writeOnly", "fullAccess"]),
            ("defaultCalendarForNewReminders", [:], ["writeOnly", "fullAccess"]),
            ("saveCalendar", ["calendar": ["title": "New list"]], ["fullAccess"]),
            ("removeCalendar", ["calendarIdentifier": "missing"], ["fullAccess"]),
            ("fetchReminders", [:], ["fullAccess"]),
            ("calendarItem", ["identifier": id], ["fullAccess"]),
            ("calendarItems", ["externalIdentifier": id], ["fullAccess"]),
            ("saveReminder", ["reminder": ["title": "created"]], ["writeOnly", "fullAccess"]),
            ("saveReminder", ["reminder": ["calendarItemIdentifier": id, "title": "changed"], "commit": false], ["fullAccess"]),
            ("removeReminder", ["identifier": "missing"], ["fullAccess"]),
            ("addAlarm", ["identifier": id, "alarm": ["absoluteDate": "2027-01-01T08:00:00Z"], "commit": false], ["fullAccess"]),
            ("removeAlarm", ["identifier": id, "alarmIdentifier": "missing"], ["fullAccess"]),
            ("tags", [:], ["fullAccess"]),
            ("exportICalendar", [:], ["fullAccess"]),
            ("importICalendar", ["text": "BEGIN:VCALENDAR\nEND:VCALENDAR\n"], ["fullAccess"]),
            ("sync", ["dryRun": true], ["fullAccess"]),
            ("upcomingAlarms", ["to": "2100-01-01T00:00:00Z"], ["fullAccess"]),
            ("snoozeAlarm", ["identifier": "missing", "alarmIdentifier": "a"], ["fullAccess"]),
            ("dismissAlarm", ["identifier": "missing", "alarmIdentifier": "a"], ["fullAccess"]),
            ("updateLocation", ["latitude": 0, "longitude": 0, "horizontalAccuracy": 5], ["fullAccess"]),
            ("reset", [:], ["writeOnly", "fullAccess"]),
            ("commit", [:], ["writeOnly", "fullAccess"]),
        ]
        for status in ["notDetermined", "restricted", "denied", "writeOnly", "fullAccess"] {
            let client = "matrix-\(status)"
            if status != "notDetermined" { try setStatus(client, status) }
            let server = try RemindersdProcess(store: folder.store)
            server.initialize(client: client)
            check(calls, as: status, on: server)
            server.channel.request("reset")
            XCTAssertEqual(server.shutDown(), 0)
        }
        // Nothing a refused call tried was written.
        let check = try RemindersdProcess(store: folder.store)
        check.initialize(client: "owner")
        let stored = check.channel.request("calendarItem", ["identifier": id]).at("result", "reminder")
        XCTAssertEqual(stored?["title"], "existing")
        XCTAssertEqual(stored?["alarms"], [])
        let lists = check.channel.request("calendars").at("result", "calendars")?.arrayValue ?? []
        XCTAssertEqual(lists.map { $0["title"] }, ["Reminders", "New list"])
        check.shutDown()
    }

    /// Every event method under every event status, with reminders always granted in full: the
    /// event status alone decides (granting one entity type grants nothing for the other).
    func testEveryEventMethodUnderEveryEventStatus() throws {
        try setStatus("owner", "fullAccess")
        XCTAssertEqual(
            try RemindersdProcess.run(["permissions", "set", "--any-program", "owner", "fullAccess", "--entity", "event", "--store", folder.store])
                .status, 0)
        let owner = try RemindersdProcess(store: folder.store)
        owner.initialize(client: "owner")
        let existing = owner.channel.request(
            "saveEvent",
            [
                "event": [
                    "title": "existing", "startDate": "2027-01-04T09:00:00Z",
                    "endDate": "2027-01-04T10:00:00Z",
                ]
            ]
        ).at("result", "event", "eventIdentifier")!
        let eventCalendar = owner.channel.request("defaultCalendarForNewEvents").at("result", "calendar", "calendarIdentifier")!
        XCTAssertEqual(owner.shutDown(), 0)
        let every: Set<String> = ["notDetermined", "restricted", "denied", "writeOnly", "fullAccess"]
        let calls: [(method: String, params: JSONValue, allowed: Set<String>)] = [
            ("authorizationStatus", ["entityType": "event"], every),
            ("requestAccess", ["entityType": "event", "usageDescription": "matrix"], every),
            ("calendars", ["entityType": "event"], ["writeOnly", "fullAccess"]),
            ("defaultCalendarForNewEvents", [:], ["writeOnly", "fullAccess"]),
            (
                "saveEvent", ["event": ["title": "created", "startDate": "2027-02-01T09:00:00Z", "endDate": "2027-02-01T10:00:00Z"]],
                ["writeOnly", "fullAccess"]
            ),
            ("saveEvent", ["event": ["eventIdentifier": existing, "title": "changed"]], ["fullAccess"]),
            ("event", ["identifier": existing], ["fullAccess"]),
            ("fetchEvents", ["start": "2027-01-01T00:00:00Z", "end": "2027-03-01T00:00:00Z"], ["fullAccess"]),
            ("calendarItem", ["identifier": existing], ["fullAccess"]),
            ("saveCalendar", ["calendar": ["title": "Events", "allowedEntityTypes": ["event"]]], ["fullAccess"]),
            ("saveCalendar", ["calendar": ["calendarIdentifier": eventCalendar, "color": "#112233"]], ["fullAccess"]),
            ("removeCalendar", ["calendarIdentifier": eventCalendar], ["fullAccess"]),
            ("removeEvent", ["identifier": "missing"], ["fullAccess"]),
            ("subscriptions", [:], ["fullAccess"]),
            ("addSubscription", ["url": "ftp://nowhere.invalid/x.ics"], ["fullAccess"]),
            ("refreshSubscriptions", ["calendarIdentifier": "missing"], ["fullAccess"]),
        ]
        // Full access last: its removeCalendar takes the calendar the others try.
        for status in ["notDetermined", "restricted", "denied", "writeOnly", "fullAccess"] {
            let client = "events-\(status)"
            try setStatus(client, "fullAccess")
            if status != "notDetermined" {
                XCTAssertEqual(
                    try RemindersdProcess.run(["permissions", "set", "--any-program", client, status, "--entity", "event", "--store", folder.store])
                        .status, 0)
            }
            let server = try RemindersdProcess(store: folder.store)
            server.initialize(client: client)
            check(calls, as: status, on: server)
            XCTAssertNil(server.channel.request("fetchReminders").errorCode, "reminders stay granted")
            XCTAssertEqual(server.shutDown(), 0)
        }
    }

    /// Each call allowed to `status` is not refused; each other one is, naming the status.
    private func check(_ calls: [(method: String, params: JSONValue, allowed: Set<String>)], as status: String, on server: RemindersdProcess) {
        for call in calls {
            let response = server.channel.request(call.method, call.params)
            if call.allowed.contains(status) {
                XCTAssertNotEqual(response.errorCode, -32010, "\(call.method) \(call.params) as \(status): \(response)")
            } else {
                XCTAssertEqual(response.errorCode, -32010, "\(call.method) \(call.params) as \(status): \(response)")
                XCTAssertEqual(response.errorReason, "eventStoreNotAuthorized")
                XCTAssertEqual(response.at("error", "data", "status"), .string(status))
            }
        }
    }

    func testWriteOnlyLimits() throws {
        let existing = try existingReminder()
        try setStatus("capture", "writeOnly")
        let owner = try RemindersdProcess(store: folder.store)
        owner.initialize(client: "owner")
        let other = owner.channel.request("saveCalendar", ["calendar": ["title": "Other"]]).at("result", "calendar", "calendarIdentifier")!
        owner.shutDown()

        let capture = try RemindersdProcess(store: folder.store)
        capture.initialize(client: "capture")
        let lists = capture.channel.request("calendars").at("result", "calendars")?.arrayValue
        XCTAssertEqual(lists?.count, 1)
        XCTAssertEqual(lists?.first?["isDefault"], true)
        let created = capture.channel.request(
            "saveReminder", ["reminder": ["title": "captured", "dueDateComponents": ["year": 2027, "month": 3, "day": 1]]])
        let createdID = created.at("result", "reminder", "calendarItemIdentifier")!
        XCTAssertEqual(capture.channel.request("saveReminder", ["reminder": ["title": "elsewhere", "calendarIdentifier": other]]).errorCode, -32010)
        XCTAssertEqual(
            capture.channel.request("saveReminder", ["reminder": ["calendarItemIdentifier": createdID, "title": "edit"]]).errorCode, -32010)
        let alarm = capture.channel.request("addAlarm", ["identifier": createdID, "alarm": ["relativeOffset": -600]])
        XCTAssertEqual(alarm.at("result", "reminder", "hasAlarms"), true)
        XCTAssertEqual(
            capture.channel.request("addAlarm", ["identifier": existing["calendarItemIdentifier"]!, "alarm": ["relativeOffset": -600]]).errorCode,
            -32010)
        XCTAssertEqual(capture.channel.request("fetchReminders").errorCode, -32010)
        XCTAssertEqual(capture.shutDown(), 0)

        // Alarms on what it created are allowed only within the session that created it.
        let later = try RemindersdProcess(store: folder.store)
        later.initialize(client: "capture")
        XCTAssertEqual(later.channel.request("addAlarm", ["identifier": createdID, "alarm": ["relativeOffset": -60]]).errorCode, -32010)
        later.shutDown()
    }

    func testBatchMixingAllowedAndForbiddenCalls() throws {
        try setStatus("mixed", "writeOnly")
        let server = try RemindersdProcess(store: folder.store)
        server.initialize(client: "mixed")
        server.channel.send(
            json: """
                [{"jsonrpc":"2.0","id":1,"method":"saveReminder","params":{"reminder":{"title":"ok"}}},
                 {"jsonrpc":"2.0","id":2,"method":"fetchReminders","params":{}},
                 {"jsonrpc":"2.0","id":3,"method":"removeReminder","params":{"identifier":"x"}},
                 {"jsonrpc":"2.0","id":4,"method":"authorizationStatus"}]
                """.replacingOccurrences(of: "\n", with: ""))
        guard case .array(let replies)? = server.channel.next() else { return XCTFail("no batch reply") }
        XCTAssertEqual(replies.map { $0.errorCode }, [nil, -32010, -32010, nil])
        XCTAssertEqual(replies[3].at("result", "status"), "writeOnly")
        server.shutDown()
    }

    func testPermissionsSetReachesARunningSession() throws {
        let server = try RemindersdProcess(store: folder.store)
        server.initialize(client: "live")
        XCTAssertEqual(server.channel.request("fetchReminders").errorCode, -32010)
        try setStatus("live", "fullAccess")
        XCTAssertNotNil(server.channel.request("fetchReminders").at("result", "reminders"))
        try setStatus("live", "denied")
        XCTAssertEqual(server.channel.request("fetchReminders").at("error", "data", "status"), "denied")
        try setStatus("live", "notDetermined")
        XCTAssertEqual(server.channel.request("authorizationStatus").at("result", "status"), "notDetermined")
        server.shutDown()
    }
}
