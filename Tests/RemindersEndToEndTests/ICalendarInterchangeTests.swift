import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// iCalendar import and export through the real binary: the two methods in both framings, and
/// `remindersd import` / `remindersd export`.
final class ICalendarInterchangeTests: XCTestCase {
    let folder = TemporaryFolder()

    static let file = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Another Client//EN
        BEGIN:VTODO
        UID:parent@example.com
        DTSTAMP:20261101T000000Z
        SUMMARY:Plan the trip
        DUE;VALUE=DATE:20261224
        X-OTHER-CLIENT;X-P=1:kept
        END:VTODO
        BEGIN:VTODO
        UID:child@example.com
        DTSTAMP:20261101T000000Z
        SUMMARY:Book the train
        RELATED-TO;RELTYPE=PARENT:parent@example.com
        CATEGORIES:travel
        END:VTODO
        BEGIN:VTODO
        DTSTAMP:20261101T000000Z
        SUMMARY:No identity
        END:VTODO
        BEGIN:VTODO
        UID:bad-date@example.com
        SUMMARY:Bad date
        DUE:2026-12-24
        END:VTODO
        END:VCALENDAR
        """

    func testImportThenExportThroughTheMethods() throws {
        for framing in [Framing.ndjson, .lsp] {
            let server = try RemindersdProcess.granted("ics", store: folder.path + "/\(framing).sqlite", framing: framing)
            let first = server.channel.request("importICalendar", ["text": .string(Self.file)])
            XCTAssertEqual(first.at("result", "imported"), 2, "\(first)")
            XCTAssertEqual(
                first.at("result", "skipped"),
                [
                    ["line": 18, "message": "a VTODO without a UID"],
                    [
                        "uid": "bad-date@example.com", "line": 25,
                        "message": "DUE: \"2026-12-24\" is not a date (YYYYMMDD) or date-time (YYYYMMDDTHHMMSS)",
                    ],
                ])
            let again = server.channel.request("importICalendar", ["text": .string(Self.file)])
            XCTAssertEqual(again.at("result", "unchanged"), 2, "importing twice changes nothing: \(again)")
            XCTAssertEqual(again.at("result", "imported"), 0)
            let reminders = server.channel.request("fetchReminders", ["predicate": ["kind": "all"]]).at("result", "reminders")?.arrayValue ?? []
            let child = try XCTUnwrap(reminders.first { $0["title"] == "Book the train" })
            let parent = try XCTUnwrap(reminders.first { $0["title"] == "Plan the trip" })
            XCTAssertEqual(child["parentIdentifier"], parent["calendarItemIdentifier"])
            XCTAssertEqual(child["tags"], ["travel"])
            XCTAssertEqual(parent["calendarItemExternalIdentifier"], "parent@example.com")
            XCTAssertEqual(parent["dueDateComponents"], ["year": 2026, "month": 12, "day": 24])

            let text = try XCTUnwrap(server.channel.request("exportICalendar").at("result", "text")?.stringValue)
            XCTAssertTrue(text.contains("X-OTHER-CLIENT;X-P=1:kept\r\n"), text)
            XCTAssertTrue(text.contains("RELATED-TO;RELTYPE=PARENT:parent@example.com\r\n"), text)
            let list = try XCTUnwrap(parent["calendarIdentifier"])
            let other = server.channel.request("saveCalendar", ["calendar": ["title": "Empty"]]).at("result", "calendar", "calendarIdentifier")!
            XCTAssertFalse(
                server.channel.request("exportICalendar", ["calendarIdentifiers": [other]]).at("result", "text")?
                    .stringValue?.contains("BEGIN:VTODO") ?? true)
            XCTAssertTrue(
                server.channel.request("exportICalendar", ["calendarIdentifiers": [list]]).at("result", "text")?
                    .stringValue?.contains("Plan the trip") ?? false)
            XCTAssertEqual(server.channel.request("exportICalendar", ["calendarIdentifiers": ["nope"]]).errorField, "calendarIdentifiers[0]")
            XCTAssertEqual(
                server.channel.request("importICalendar", ["text": "BEGIN:VCALENDAR\nBEGIN:VTODO\n"]).at("result", "skipped"),
                [["line": 2, "message": "BEGIN:VTODO is never ended"]])
            XCTAssertEqual(server.channel.request("importICalendar", ["text": 3]).errorField, "text")
            XCTAssertEqual(server.channel.request("importICalendar", ["text": "", "calendarIdentifier": "nope"])["error"]?["code"], -32602)
            XCTAssertEqual(server.shutDown(), 0)
        }
    }

    func testOnlyFullAccessMayImportOrExport() throws {
        let server = try Programs.server(store: folder.store, client: "writer", status: "writeOnly")
        XCTAssertEqual(server.channel.request("exportICalendar")["error"]?["code"], -32010)
        XCTAssertEqual(server.channel.request("importICalendar", ["text": .string(Self.file)])["error"]?["code"], -32010)
        XCTAssertEqual(server.shutDown(), 0)
    }

    func testTheCommands() throws {
        let file = folder.path + "/in.ics"
        try Data(Self.file.utf8).write(to: URL(fileURLWithPath: file))
        let first = try RemindersdProcess.run(["import", file, "--store", folder.store])
        XCTAssertEqual(first.status, 1, "items were skipped")
        XCTAssertEqual(first.stdout, "imported 2, updated 0, unchanged 0, skipped 2\n")
        XCTAssertTrue(first.stderr.contains("skipped line 18: a VTODO without a UID"), first.stderr)
        XCTAssertTrue(first.stderr.contains("skipped bad-date@example.com: DUE:"), first.stderr)
        let second = try RemindersdProcess.run(["import", "-", "--store", folder.store, "--calendar", "reminders"], stdin: Self.file)
        XCTAssertEqual(second.stdout, "imported 0, updated 0, unchanged 2, skipped 2\n")
        let exported = try RemindersdProcess.run(["export", "--store", folder.store, "--calendar", "Reminders"])
        XCTAssertEqual(exported.status, 0, exported.stderr)
        XCTAssertTrue(exported.stdout.hasPrefix("BEGIN:VCALENDAR\r\n") && exported.stdout.contains("UID:child@example.com\r\n"))
        let output = folder.path + "/out.ics"
        XCTAssertEqual(try RemindersdProcess.run(["export", "--store", folder.store, "--output", output]).status, 0)
        XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8).components(separatedBy: "BEGIN:VTODO").count, 3)
        let missing = try RemindersdProcess.run(["export", "--store", folder.store, "--calendar", "Nope"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("no list \"Nope\""), missing.stderr)
        XCTAssertEqual(try RemindersdProcess.run(["import", "--store", folder.store]).status, 2)
        XCTAssertEqual(try RemindersdProcess.run(["import", folder.path + "/absent.ics", "--store", folder.store]).status, 1)
    }
}
