import Foundation
import RemindersJSONRPC
import RemindersServerHarness
import RemindersTestSupport
import XCTest

/// saveReminder's update semantics, completion, alarms, lists, and optimistic concurrency.
final class SaveReminderTests: XCTestCase {
    let folder = TemporaryFolder()
    var server: InProcessServer!

    override func setUpWithError() throws {
        server = try InProcessServer.granted("saver", store: folder.store, timeZone: "America/New_York")
    }

    override func tearDown() { server.shutDown() }

    private func save(_ reminder: JSONValue, _ extra: JSONObject = [:]) -> JSONValue {
        var params = extra
        params["reminder"] = reminder
        let response = server.channel.request("saveReminder", .object(params))
        XCTAssertNil(response["error"], "\(response)")
        return response.at("result", "reminder") ?? .null
    }

    func testPresentChangesNullClearsAbsentKeeps() {
        let created = save([
            "title": "t", "notes": "n", "url": "https://a", "priority": 3, "location": "L",
            "dueDateComponents": ["year": 2026, "month": 12, "day": 1], "alarms": [["absoluteDate": "2026-12-01T08:00:00Z"]],
        ])
        let id = created["calendarItemIdentifier"]!
        XCTAssertEqual(created["hasNotes"], true)
        let updated = save(["calendarItemIdentifier": id, "notes": .null, "priority": .null, "alarms": .null, "title": "t2"])
        XCTAssertEqual(updated["title"], "t2")
        XCTAssertEqual(updated["notes"], .null)
        XCTAssertEqual(updated["hasNotes"], false)
        XCTAssertEqual(updated["priority"], 0)
        XCTAssertEqual(updated["alarms"], [])
        XCTAssertEqual(updated["url"], "https://a")
        XCTAssertEqual(updated["location"], "L")
        XCTAssertEqual(updated["dueDateComponents"], ["year": 2026, "month": 12, "day": 1])
        XCTAssertEqual(updated["creationDate"], created["creationDate"])
        XCTAssertEqual(
            server.channel.request("saveReminder", ["reminder": ["calendarItemIdentifier": id, "title": .null]]).errorField, "reminder.title")
        XCTAssertEqual(
            server.channel.request("saveReminder", ["reminder": ["calendarItemIdentifier": id, "calendarIdentifier": .null]]).errorReason,
            "noCalendar")
    }

    func testCompletionIsCoupledToItsDate() throws {
        let id = save(["title": "c"])["calendarItemIdentifier"]!
        let before = Date()
        let completed = save(["calendarItemIdentifier": id, "isCompleted": true])
        XCTAssertEqual(completed["isCompleted"], true)
        let date = try XCTUnwrap(completed["completionDate"]?.stringValue.flatMap { ISO8601DateFormatter.withFractions.date(from: $0) })
        XCTAssertEqual(date.timeIntervalSince(before), 0, accuracy: 5)
        // Completing again keeps the original completion date.
        XCTAssertEqual(save(["calendarItemIdentifier": id, "isCompleted": true])["completionDate"], completed["completionDate"])
        let uncompleted = save(["calendarItemIdentifier": id, "isCompleted": false])
        XCTAssertEqual(uncompleted["completionDate"], .null)
        let dated = save(["calendarItemIdentifier": id, "completionDate": "2026-01-02T03:04:05+02:00"])
        XCTAssertEqual(dated["isCompleted"], true)
        XCTAssertEqual(dated["completionDate"], "2026-01-02T01:04:05.000Z")
        XCTAssertEqual(save(["calendarItemIdentifier": id, "completionDate": .null])["isCompleted"], false)
        XCTAssertEqual(save(["title": "born done", "isCompleted": true])["isCompleted"], true)
    }

    func testFetchedReminderCanBeSentBack() {
        let created = save([
            "title": "round trip", "dueDateComponents": ["year": 2026, "month": 12, "day": 1, "hour": 9],
            "alarms": [["relativeOffset": -300]], "recurrenceRules": [["frequency": "weekly"]],
        ])
        guard case .object(var object) = created else { return XCTFail() }
        object["title"] = "changed"
        let saved = save(.object(object))
        XCTAssertEqual(saved["title"], "changed")
        XCTAssertEqual(saved["alarms"]?.arrayValue?.first?["alarmIdentifier"], created.at("alarms", 0, "alarmIdentifier"))
        XCTAssertEqual(saved["recurrenceRules"], created["recurrenceRules"])
    }

    func testAlarmsAddAndRemove() {
        let id = save(["title": "a", "dueDateComponents": ["year": 2026, "month": 12, "day": 1, "hour": 9]])["calendarItemIdentifier"]!
        let added = server.channel.request("addAlarm", ["identifier": id, "alarm": ["relativeOffset": -900, "alarmIdentifier": "mine"]])
        XCTAssertEqual(added.at("result", "reminder", "alarms", 0, "alarmIdentifier"), "mine")
        let geo = server.channel.request(
            "addAlarm",
            [
                "identifier": id,
                "alarm": [
                    "structuredLocation": ["title": "Radio", "geoLocation": ["latitude": 39.0997, "longitude": -94.5786], "radius": 8045],
                    "proximity": "enter",
                ],
            ])
        XCTAssertEqual(geo.at("result", "reminder", "alarms", 1, "proximity"), "enter")
        XCTAssertEqual(geo.at("result", "reminder", "alarms", 1, "structuredLocation", "radius"), 8045)
        XCTAssertEqual(
            server.channel.request("addAlarm", ["identifier": id, "alarm": ["relativeOffset": -60, "alarmIdentifier": "mine"]]).errorField,
            "alarm.alarmIdentifier")
        let removed = server.channel.request("removeAlarm", ["identifier": id, "alarmIdentifier": "mine"])
        XCTAssertEqual(removed.at("result", "reminder", "alarms")?.arrayValue?.count, 1)
        XCTAssertEqual(removed.at("result", "reminder", "alarms", 0, "structuredLocation", "title"), "Radio")
    }

    func testListsAndTheDefault() {
        let defaultList = server.channel.request("defaultCalendarForNewReminders").at("result", "calendar")!
        XCTAssertEqual(defaultList["title"], "Reminders")
        XCTAssertEqual(defaultList["isDefault"], true)
        let groceries = server.channel.request("saveCalendar", ["calendar": ["title": "Groceries", "color": "#34c759"]]).at("result", "calendar")!
        XCTAssertEqual(groceries["color"], "#34C759")
        XCTAssertEqual(groceries["isDefault"], false)
        let renamed = server.channel.request("saveCalendar", ["calendar": ["calendarIdentifier": groceries["calendarIdentifier"]!, "title": "Food"]])
        XCTAssertEqual(renamed.at("result", "calendar", "title"), "Food")
        XCTAssertEqual(renamed.at("result", "calendar", "color"), "#34C759")
        let inList = save(["title": "apples", "calendarIdentifier": groceries["calendarIdentifier"]!])
        XCTAssertEqual(save(["title": "default"])["calendarIdentifier"], defaultList["calendarIdentifier"])
        // Removing the default list takes its reminders and moves the default to the oldest remaining list.
        XCTAssertEqual(server.channel.request("removeCalendar", ["calendarIdentifier": defaultList["calendarIdentifier"]!]).result, [:])
        XCTAssertEqual(server.channel.request("defaultCalendarForNewReminders").at("result", "calendar", "title"), "Food")
        let remaining = server.channel.request("fetchReminders").at("result", "reminders")?.arrayValue ?? []
        XCTAssertEqual(remaining.map { $0["calendarItemIdentifier"] }, [inList["calendarItemIdentifier"]])
        XCTAssertEqual(server.channel.request("calendars").at("result", "calendars", 0, "isDefault"), true)
    }

    func testLastModifiedDateMakesUpdatesConditional() throws {
        let created = save(["title": "v1"])
        let id = created["calendarItemIdentifier"]!
        let v2 = save(["calendarItemIdentifier": id, "title": "v2", "lastModifiedDate": created["lastModifiedDate"]!])
        XCTAssertNotEqual(v2["lastModifiedDate"], created["lastModifiedDate"])
        let stale = server.channel.request(
            "saveReminder", ["reminder": ["calendarItemIdentifier": id, "title": "v3", "lastModifiedDate": created["lastModifiedDate"]!]])
        XCTAssertEqual(stale.errorCode, -32012)
        XCTAssertEqual(stale.at("error", "data", "current", "title"), "v2")
        XCTAssertEqual(stale.at("error", "data", "current", "lastModifiedDate"), v2["lastModifiedDate"])
        for (method, params) in [
            ("removeReminder", ["identifier": id] as JSONObject),
            ("addAlarm", ["identifier": id, "alarm": ["absoluteDate": "2027-01-01T00:00:00Z"]]),
            ("removeAlarm", ["identifier": id, "alarmIdentifier": "x"]),
        ] {
            var conditional = params
            conditional["lastModifiedDate"] = created["lastModifiedDate"]!
            XCTAssertEqual(server.channel.request(method, .object(conditional)).errorCode, -32012, method)
        }
        // Without a date, the last writer wins; quick successive edits still get distinct stamps.
        var stamps = Set<String>()
        for index in 0..<5 {
            stamps.insert(save(["calendarItemIdentifier": id, "title": .string("quick \(index)")])["lastModifiedDate"]?.stringValue ?? "")
        }
        XCTAssertEqual(stamps.count, 5)
        XCTAssertEqual(server.channel.request("calendarItem", ["identifier": id]).at("result", "reminder", "title"), "quick 4")
    }

    func testConflictAtCommitWritesNothing() throws {
        let a = save(["title": "a"]), b = save(["title": "b"])
        let other = try InProcessServer(store: folder.store)
        other.initialize(client: "saver")
        server.channel.request(
            "saveReminder", ["reminder": ["calendarItemIdentifier": a["calendarItemIdentifier"]!, "title": "a by me"], "commit": false])
        server.channel.request(
            "saveReminder",
            [
                "reminder": [
                    "calendarItemIdentifier": b["calendarItemIdentifier"]!, "title": "b by me",
                    "lastModifiedDate": b["lastModifiedDate"]!,
                ], "commit": false,
            ])
        other.channel.request("saveReminder", ["reminder": ["calendarItemIdentifier": b["calendarItemIdentifier"]!, "title": "b by other"]])
        let commit = server.channel.request("commit")
        XCTAssertEqual(commit.errorCode, -32012)
        XCTAssertEqual(commit.at("error", "data", "current", "title"), "b by other")
        let titles = other.channel.request("fetchReminders").at("result", "reminders")?.arrayValue?.compactMap { $0["title"]?.stringValue }
        XCTAssertEqual(Set(titles ?? []), ["a", "b by other"])
        other.shutDown()
    }
}

extension ISO8601DateFormatter {
    // Only read (`date(from:)`) once made, from test threads.
    nonisolated(unsafe) static let withFractions: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()
}
