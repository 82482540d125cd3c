import Foundation
import JSONRPC
import TestSupport
import XCTest

/// The defects a new user's probe found (issue 16), each through the real binary.
final class ProbeDefectTests: XCTestCase {
    let folder = TemporaryFolder()

    private func frame(_ json: String) -> String { "Content-Length: \(json.utf8.count)\r\n\r\n\(json)" }

    // 1. A valid LSP frame after garbage on the same line was never answered.
    func testAFrameAfterGarbageOnItsLineIsAnswered() throws {
        let server = try RemindersdProcess.granted("probe", store: folder.store, framing: .lsp)
        let three = #"{"jsonrpc":"2.0","id":3,"method":"authorizationStatus"}"#
        let four = #"{"jsonrpc":"2.0","id":4,"method":"authorizationStatus"}"#
        server.channel.sendRaw("garbage}" + frame(three) + frame(four))
        XCTAssertEqual(server.channel.next()?.errorCode, -32700)
        XCTAssertEqual(server.channel.response(id: 3, timeout: 10)?.at("result", "status"), "fullAccess")
        XCTAssertEqual(server.channel.response(id: 4, timeout: 10)?.at("result", "status"), "fullAccess")
        // A client that counts characters: the body with "café" is one byte longer than it says.
        let cafe = #"{"jsonrpc":"2.0","id":5,"method":"saveReminder","params":{"reminder":{"title":"café"}}}"#
        server.channel.sendRaw("Content-Length: \(cafe.count)\r\n\r\n" + cafe + frame(#"{"jsonrpc":"2.0","id":6,"method":"authorizationStatus"}"#))
        XCTAssertEqual(server.channel.response(id: 6, timeout: 10)?.at("result", "status"), "fullAccess")
        XCTAssertEqual(server.shutDown(), 0)
    }

    // 2. A NUL inside title, notes or location was cut off when stored.
    func testNULInsideTextIsKeptWhole() throws {
        for framing in [Framing.ndjson, .lsp] {
            let store = folder.path + "/nul-\(framing).sqlite"
            var server = try RemindersdProcess.granted("probe", store: store, framing: framing)
            let list = server.channel.request("saveCalendar", ["calendar": ["title": "list\u{0}two"]]).at("result", "calendar")!
            let saved = server.channel.request("saveReminder", ["reminder": [
                "title": "pay\u{0}rent", "notes": "a\u{0}b", "location": "x\u{0}y",
                "calendarIdentifier": list["calendarIdentifier"]!]]).at("result", "reminder")!
            let identifier = saved["calendarItemIdentifier"]!
            func check(_ reminder: JSONValue?, _ when: String) {
                XCTAssertEqual(reminder?["title"], "pay\u{0}rent", "\(when) \(framing)")
                XCTAssertEqual(reminder?["notes"], "a\u{0}b", "\(when) \(framing)")
                XCTAssertEqual(reminder?["location"], "x\u{0}y", "\(when) \(framing)")
            }
            check(server.channel.request("calendarItem", ["identifier": identifier]).at("result", "reminder"), "calendarItem")
            check(server.channel.request("fetchReminders", [:]).at("result", "reminders", 0), "fetch")
            XCTAssertEqual(server.shutDown(), 0)
            server = try RemindersdProcess.granted("probe", store: store, framing: framing)
            check(server.channel.request("calendarItem", ["identifier": identifier]).at("result", "reminder"), "after a restart")
            let titles = server.channel.request("calendars", [:]).at("result", "calendars")?.arrayValue?.compactMap { $0["title"] }
            XCTAssertEqual(titles?.contains("list\u{0}two"), true, "\(framing)")
            XCTAssertEqual(server.shutDown(), 0)
        }
    }

    private func titles(_ server: RemindersdProcess, from start: String, to end: String) -> [String] {
        let response = server.channel.request("fetchReminders", ["predicate": ["kind": "incomplete", "dueDateStarting": .string(start),
                                                                               "dueDateEnding": .string(end)]])
        return response.at("result", "reminders")?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
    }

    // 3. An all-day date saved with a time zone was read in that zone, not the reader's.
    func testAnAllDayDateIsTheReadersDayWhateverZoneItCarries() throws {
        let writer = try RemindersdProcess.granted("probe", store: folder.store, timeZone: "UTC")
        let saved = writer.channel.request("saveReminder", ["reminder": ["title": "all day", "dueDateComponents": [
            "year": 2026, "month": 6, "day": 15, "timeZone": "Pacific/Kiritimati"]]]).at("result", "reminder")
        XCTAssertEqual(saved?["dueDateComponents"], ["year": 2026, "month": 6, "day": 15], "an all-day date keeps no zone")
        // An unknown zone is still refused, all-day or not.
        let bad = writer.channel.request("saveReminder", ["reminder": ["title": "x", "dueDateComponents": [
            "year": 2026, "month": 6, "day": 15, "timeZone": "Nope/Zone"]]])
        XCTAssertEqual(bad.errorField, "reminder.dueDateComponents.timeZone")
        writer.shutDown()
        let pagoPago = try RemindersdProcess.granted("probe", store: folder.store, timeZone: "Pacific/Pago_Pago")
        XCTAssertEqual(titles(pagoPago, from: "2026-06-15T00:00:00-11:00", to: "2026-06-16T00:00:00-11:00"), ["all day"])
        XCTAssertEqual(titles(pagoPago, from: "2026-06-13T00:00:00-11:00", to: "2026-06-14T00:00:00-11:00"), [])
        pagoPago.shutDown()
    }

    // 4. A series' end date was compared with floating occurrences as if they were UTC.
    func testAFloatingSeriesEndsWhereTheClientsZonePutsItsEndDate() throws {
        let berlin = try RemindersdProcess.granted("probe", store: folder.store, timeZone: "Europe/Berlin")
        let created = berlin.channel.request("saveReminder", ["reminder": [
            "title": "daily", "dueDateComponents": ["year": 2026, "month": 1, "day": 2, "hour": 9],
            "recurrenceRules": [["frequency": "daily", "recurrenceEnd": ["endDate": "2026-01-03T08:00:00Z"]]]]]).at("result", "reminder")!
        let completed = berlin.channel.request("saveReminder", ["reminder": [
            "calendarItemIdentifier": created["calendarItemIdentifier"]!, "isCompleted": true]]).result
        XCTAssertEqual(completed?.at("reminder", "dueDateComponents"), ["year": 2026, "month": 1, "day": 3, "hour": 9])
        XCTAssertEqual(completed?.at("reminder", "isCompleted"), false)
        XCTAssertNotEqual(completed?["completedOccurrence"], .null)
        // The last occurrence ends the series.
        let last = berlin.channel.request("saveReminder", ["reminder": [
            "calendarItemIdentifier": created["calendarItemIdentifier"]!, "isCompleted": true]]).result
        XCTAssertEqual(last?.at("reminder", "isCompleted"), true)
        XCTAssertEqual(last?["completedOccurrence"], .null)
        berlin.shutDown()
    }

    // 5. A POSIX TZ was not understood and the server silently used UTC.
    func testTheServerReadsTZAsTheCLibraryDoes() throws {
        let cases: [(tz: String, zone: String, log: String?)] = [
            ("CET-1CEST,M3.5.0,M10.5.0/3", "CET", "is a POSIX rule; using CET"),
            (":Europe/Berlin", "Europe/Berlin", nil),
            ("UTC0", "UTC", "is a POSIX rule; using UTC"),
            ("/usr/share/zoneinfo/Asia/Tokyo", "Asia/Tokyo", nil),
            ("Nope/Zone", "UTC", "TZ=Nope/Zone is not a time zone this system knows; using UTC"),
        ]
        for (tz, zone, log) in cases {
            let store = folder.path + "/tz.sqlite"
            _ = try RemindersdProcess.run(["permissions", "set", "--any-program", "probe", "fullAccess", "--store", store])
            let server = try RemindersdProcess(store: store, environment: ["TZ": tz])
            let reply = server.initialize(client: "probe")
            XCTAssertEqual(reply.at("result", "timeZone"), .string(zone), tz)
            XCTAssertEqual(server.shutDown(), 0)
            if let log { XCTAssertTrue(server.stderr.contains(log), "\(tz): \(server.stderr)") }
        }
    }

    // 6. Removing the default list could make a read-only list the default.
    func testTheDefaultListIsAlwaysWritable() throws {
        let server = try RemindersdProcess.granted("probe", store: folder.store)
        let original = server.channel.request("defaultCalendarForNewReminders", [:]).at("result", "calendar", "calendarIdentifier")!
        let readOnly = server.channel.request("saveCalendar", ["calendar": ["title": "Subscribed"]]).at("result", "calendar", "calendarIdentifier")!
        XCTAssertNil(server.channel.request("saveCalendar", ["calendar": ["calendarIdentifier": readOnly, "allowsContentModifications": false]])["error"])
        let writable = server.channel.request("saveCalendar", ["calendar": ["title": "Work"]]).at("result", "calendar", "calendarIdentifier")!
        XCTAssertNil(server.channel.request("removeCalendar", ["calendarIdentifier": original])["error"])
        XCTAssertEqual(server.channel.request("defaultCalendarForNewReminders", [:]).at("result", "calendar", "calendarIdentifier"), writable)
        let saved = server.channel.request("saveReminder", ["reminder": ["title": "goes somewhere writable"]])
        XCTAssertEqual(saved.at("result", "reminder", "calendarIdentifier"), writable)
        // Making the default read-only moves the default too; with every list read-only there is none.
        XCTAssertNil(server.channel.request("saveCalendar", ["calendar": ["calendarIdentifier": writable, "allowsContentModifications": false]])["error"])
        XCTAssertEqual(server.channel.request("defaultCalendarForNewReminders", [:]).at("result", "calendar"), .null)
        let refused = server.channel.request("saveReminder", ["reminder": ["title": "nowhere to go"]])
        XCTAssertEqual(refused.errorCode, -32602)
        XCTAssertEqual(refused.errorField, "reminder.calendarIdentifier")
        XCTAssertEqual(refused.errorReason, "noCalendar")
        let isDefault = server.channel.request("calendars", [:]).at("result", "calendars")?.arrayValue?.filter { $0["isDefault"] == true }
        XCTAssertEqual(isDefault?.count, 0)
        // A read-only list may itself be removed (its reminders go with it), as unsubscribing does.
        XCTAssertNil(server.channel.request("removeCalendar", ["calendarIdentifier": readOnly])["error"])
        XCTAssertEqual(server.shutDown(), 0)
    }

    // 7. A UTF-8 byte-order mark at the start broke the session.
    func testALeadingByteOrderMarkIsSkipped() throws {
        _ = try RemindersdProcess.run(["permissions", "set", "--any-program", "probe", "fullAccess", "--store", folder.store])
        for framing in [Framing.ndjson, .lsp] {
            let server = try RemindersdProcess(store: folder.store, framing: framing)
            var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
            framing.frame(Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"name":"probe"}}}"#.utf8), into: &bytes)
            server.channel.sendRaw(bytes)
            XCTAssertEqual(server.channel.response(id: 1, timeout: 10)?.at("result", "serverInfo", "name"), "remindersd", "\(framing)")
            XCTAssertEqual(server.channel.request("authorizationStatus", [:]).at("result", "status"), "fullAccess", "\(framing)")
            XCTAssertEqual(server.shutDown(), 0)
        }
    }

    // 9. Small validation gaps.
    func testBlankTitlesHostlessAndScriptURLsAreRefused() throws {
        let server = try RemindersdProcess.granted("probe", store: folder.store)
        for title in ["\u{200B}", "\u{FEFF} \u{2060}", "\u{0}"] {
            let reply = server.channel.request("saveReminder", ["reminder": ["title": .string(title)]])
            XCTAssertEqual(reply.errorField, "reminder.title", "\(title.unicodeScalars.map(\.value))")
        }
        XCTAssertEqual(server.channel.request("saveCalendar", ["calendar": ["title": "\u{200B}"]]).errorField, "calendar.title")
        for url in ["https://", "http:///path", "https://user@/x", "javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,<b>", "https:example.com"] {
            let reply = server.channel.request("saveReminder", ["reminder": ["title": "x", "url": .string(url)]])
            XCTAssertEqual(reply.errorField, "reminder.url", url)
        }
        for url in ["https://example.com", "https://example.com:8443/a?b#c", "mailto:bob@example.com", "file:///home/me/notes.txt",
                    "x-apple-reminderkit://REMCDReminder/1", "obsidian://open?vault=v"] {
            XCTAssertNil(server.channel.request("saveReminder", ["reminder": ["title": "x", "url": .string(url)]])["error"], url)
        }
        XCTAssertEqual(server.shutDown(), 0)
    }

    func testTwoContentLengthsAreRefusedAndTheSessionGoesOn() throws {
        let server = try RemindersdProcess.granted("probe", store: folder.store, framing: .lsp)
        let body = #"{"jsonrpc":"2.0","id":8,"method":"authorizationStatus"}"#
        server.channel.sendRaw("Content-Length: 5\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
                               + frame(#"{"jsonrpc":"2.0","id":9,"method":"authorizationStatus"}"#))
        let refusal = server.channel.next()
        XCTAssertEqual(refusal?.errorCode, -32700)
        XCTAssertTrue(refusal?.at("error", "message")?.stringValue?.contains("second Content-Length") == true, "\(String(describing: refusal))")
        XCTAssertEqual(server.channel.response(id: 9, timeout: 10)?.at("result", "status"), "fullAccess")
        XCTAssertNil(server.channel.response(id: 8, timeout: 0.5), "the refused frame is not read")
        XCTAssertEqual(server.shutDown(), 0)
    }

    func testAnIDOfMinusZeroIsRefusedNotAnsweredAsZero() throws {
        for framing in [Framing.ndjson, .lsp] {
            let server = try RemindersdProcess.granted("probe", store: folder.store, framing: framing)
            server.channel.send(json: #"{"jsonrpc":"2.0","id":-0,"method":"authorizationStatus"}"#)
            let reply = server.channel.next()
            XCTAssertEqual(reply?.errorCode, -32600, "\(framing)")
            XCTAssertEqual(reply?["id"], .null, "\(framing)")
            XCTAssertEqual(server.shutDown(), 0)
        }
    }
}
