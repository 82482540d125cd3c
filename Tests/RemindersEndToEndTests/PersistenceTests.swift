import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// What survives a restart, and what commit/reset do.
final class PersistenceTests: XCTestCase {
    let folder = TemporaryFolder()

    private func session(_ client: String = "persist", _ framing: Framing = .ndjson) throws -> RemindersdProcess {
        try RemindersdProcess.granted(client, store: folder.store, framing: framing)
    }

    func testCommittedWritesSurviveARestart() throws {
        let first = try session()
        let list = first.channel.request("saveCalendar", ["calendar": ["title": "Work", "color": "#ff0000"]]).at("result", "calendar")!
        let saved = first.channel.request(
            "saveReminder",
            [
                "reminder": [
                    "title": "Report", "notes": "Q4", "url": "https://example.com/q4", "location": "Office", "priority": 5,
                    "calendarIdentifier": list["calendarIdentifier"]!, "timeZone": "Europe/Berlin",
                    "startDateComponents": ["year": 2026, "month": 12, "day": 1],
                    "dueDateComponents": ["year": 2026, "month": 12, "day": 3, "hour": 17, "minute": 30, "timeZone": "Europe/Berlin"],
                    "alarms": [
                        ["relativeOffset": -3600], ["absoluteDate": "2026-12-03T08:00:00+01:00"],
                        [
                            "structuredLocation": ["title": "Office", "geoLocation": ["latitude": 52.52, "longitude": 13.405], "radius": 150],
                            "proximity": "enter",
                        ],
                    ],
                    "recurrenceRules": [["rrule": "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=10"]],
                ]
            ]
        ).at("result", "reminder")!
        XCTAssertEqual(first.shutDown(), 0)

        let second = try session()
        let stored = second.channel.request("calendarItem", ["identifier": saved["calendarItemIdentifier"]!]).at("result", "reminder")
        XCTAssertEqual(stored, saved)
        XCTAssertEqual(stored?["alarms"]?.arrayValue?.count, 3)
        XCTAssertEqual(stored?.at("alarms", 1, "absoluteDate"), "2026-12-03T07:00:00.000Z")
        XCTAssertEqual(stored?.at("recurrenceRules", 0, "rrule"), "FREQ=WEEKLY;INTERVAL=2;COUNT=10;BYDAY=MO,WE")
        XCTAssertEqual(second.channel.request("calendars").at("result", "calendars", 1, "color"), "#FF0000")
        XCTAssertEqual(second.shutDown(), 0)
    }

    func testUncommittedChangesAreInvisibleToOthersAndLostAtExit() throws {
        let writer = try session("writer")
        let reader = try session("reader")
        let draft = writer.channel.request("saveReminder", ["reminder": ["title": "draft"], "commit": false]).at("result", "reminder")!
        let id = draft["calendarItemIdentifier"]!
        // The writer sees its own staged reminder by identifier, but fetches return committed ones only.
        XCTAssertEqual(writer.channel.request("calendarItem", ["identifier": id]).at("result", "reminder", "title"), "draft")
        XCTAssertEqual(writer.channel.request("fetchReminders").at("result", "reminders"), [])
        XCTAssertEqual(reader.channel.request("calendarItem", ["identifier": id]).at("result", "reminder"), .null)
        writer.channel.closeInput()
        XCTAssertEqual(writer.waitForExit(), 0)
        XCTAssertEqual(reader.channel.request("fetchReminders").at("result", "reminders"), [])
        reader.shutDown()
    }

    func testCommitWritesEverythingStagedAndResetForgets() throws {
        let server = try session()
        let a = server.channel.request("saveReminder", ["reminder": ["title": "a"], "commit": false]).at(
            "result", "reminder", "calendarItemIdentifier")!
        server.channel.request("saveReminder", ["reminder": ["title": "b"], "commit": false])
        server.channel.request("saveReminder", ["reminder": ["calendarItemIdentifier": a, "title": "a2"], "commit": false])
        XCTAssertEqual(server.channel.request("commit").result, [:])
        let titles = server.channel.request("fetchReminders").at("result", "reminders")?.arrayValue?.compactMap { $0["title"]?.stringValue }
        XCTAssertEqual(Set(titles ?? []), ["a2", "b"])

        server.channel.request("saveReminder", ["reminder": ["title": "c"], "commit": false])
        server.channel.request("removeReminder", ["identifier": a, "commit": false])
        XCTAssertEqual(server.channel.request("calendarItem", ["identifier": a]).at("result", "reminder"), .null)
        XCTAssertEqual(server.channel.request("reset").result, [:])
        XCTAssertEqual(server.channel.request("calendarItem", ["identifier": a]).at("result", "reminder", "title"), "a2")
        XCTAssertEqual(server.channel.request("fetchReminders").at("result", "reminders")?.arrayValue?.count, 2)
        server.shutDown()
    }

    func testCommitTrueAlsoCommitsWhatWasStaged() throws {
        let server = try session()
        server.channel.request("saveReminder", ["reminder": ["title": "staged"], "commit": false])
        server.channel.request("saveReminder", ["reminder": ["title": "now"]])
        XCTAssertEqual(server.channel.request("fetchReminders").at("result", "reminders")?.arrayValue?.count, 2)
        server.shutDown()
    }

    func testStoreFileModes() throws {
        let nested = folder.path + "/a/b/store.sqlite"
        _ = try RemindersdProcess.run(["permissions", "set", "--any-program", "x", "fullAccess", "--store", nested])
        let attributes = try FileManager.default.attributesOfItem(atPath: nested)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        for dir in [folder.path + "/a", folder.path + "/a/b"] {
            XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: dir)[.posixPermissions] as? NSNumber)?.intValue, 0o700)
        }
    }

    func testDefaultStoreLocationFollowsXDG() throws {
        let environment = ["XDG_DATA_HOME": folder.path + "/xdg", "HOME": folder.path + "/home"]
        XCTAssertEqual(try RemindersdProcess.run(["permissions", "set", "--any-program", "x", "denied"], environment: environment).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path + "/xdg/remindersd/reminders.sqlite"))
        XCTAssertEqual(
            try RemindersdProcess.run(
                ["permissions", "set", "--any-program", "x", "denied"], environment: ["HOME": folder.path + "/home", "XDG_DATA_HOME": ""]
            ).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path + "/home/.local/share/remindersd/reminders.sqlite"))
        XCTAssertEqual(try RemindersdProcess.run(["permissions", "list"], environment: ["REMINDERSD_STORE": folder.path + "/env.sqlite"]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path + "/env.sqlite"))
    }

    func testForeignFilesAreRefusedAndLeftAlone() throws {
        let text = folder.path + "/notes.txt"
        try "my precious notes".write(toFile: text, atomically: true, encoding: .utf8)
        let server = try RemindersdProcess(store: text)
        let response = server.initialize(client: "x")
        XCTAssertEqual(response.errorCode, -32013, "\(response)")
        server.channel.notify("exit")
        _ = server.waitForExit()
        XCTAssertEqual(try String(contentsOfFile: text, encoding: .utf8), "my precious notes")
        XCTAssertEqual(try RemindersdProcess.run(["permissions", "list", "--store", text]).status, 1)
    }
}
