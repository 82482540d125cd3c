import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// What is stored is what was sent, and what cannot be stored is refused: text with NULs kept
/// whole, blank titles and unusable URLs refused, and a default list that is always writable.
final class StoredTextTests: XCTestCase {
    let folder = TemporaryFolder()

    /// Regression: A NUL inside title, notes or location was cut off when stored.
    func testNULInsideTextIsKeptWhole() throws {
        for framing in [Framing.ndjson, .lsp] {
            let store = folder.path + "/nul-\(framing).sqlite"
            var server = try RemindersdProcess.granted("probe", store: store, framing: framing)
            let list = server.channel.request("saveCalendar", ["calendar": ["title": "list\u{0}two"]]).at("result", "calendar")!
            let saved = server.channel.request(
                "saveReminder",
                [
                    "reminder": [
                        "title": "pay\u{0}rent", "notes": "a\u{0}b", "location": "x\u{0}y",
                        "calendarIdentifier": list["calendarIdentifier"]!,
                    ]
                ]
            ).at("result", "reminder")!
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

    /// Regression: Removing the default list could make a read-only list the default.
    func testTheDefaultListIsAlwaysWritable() throws {
        let server = try RemindersdProcess.granted("probe", store: folder.store)
        let original = server.channel.request("defaultCalendarForNewReminders", [:]).at("result", "calendar", "calendarIdentifier")!
        let readOnly = server.channel.request("saveCalendar", ["calendar": ["title": "Subscribed"]]).at("result", "calendar", "calendarIdentifier")!
        XCTAssertNil(
            server.channel.request("saveCalendar", ["calendar": ["calendarIdentifier": readOnly, "allowsContentModifications": false]])["error"])
        let writable = server.channel.request("saveCalendar", ["calendar": ["title": "Work"]]).at("result", "calendar", "calendarIdentifier")!
        XCTAssertNil(server.channel.request("removeCalendar", ["calendarIdentifier": original])["error"])
        XCTAssertEqual(server.channel.request("defaultCalendarForNewReminders", [:]).at("result", "calendar", "calendarIdentifier"), writable)
        let saved = server.channel.request("saveReminder", ["reminder": ["title": "goes somewhere writable"]])
        XCTAssertEqual(saved.at("result", "reminder", "calendarIdentifier"), writable)
        // Making the default read-only moves the default too; with every list read-only there is none.
        XCTAssertNil(
            server.channel.request("saveCalendar", ["calendar": ["calendarIdentifier": writable, "allowsContentModifications": false]])["error"])
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

    func testBlankTitlesHostlessAndScriptURLsAreRefused() throws {
        let server = try RemindersdProcess.granted("probe", store: folder.store)
        for title in ["\u{200B}", "\u{FEFF} \u{2060}", "\u{0}"] {
            let reply = server.channel.request("saveReminder", ["reminder": ["title": .string(title)]])
            XCTAssertEqual(reply.errorField, "reminder.title", "\(title.unicodeScalars.map(\.value))")
        }
        XCTAssertEqual(server.channel.request("saveCalendar", ["calendar": ["title": "\u{200B}"]]).errorField, "calendar.title")
        for url in [
            "https://", "http:///path", "https://user@/x", "javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,<b>", "https:example.com",
        ] {
            let reply = server.channel.request("saveReminder", ["reminder": ["title": "x", "url": .string(url)]])
            XCTAssertEqual(reply.errorField, "reminder.url", url)
        }
        for url in [
            "https://example.com", "https://example.com:8443/a?b#c", "mailto:bob@example.com", "file:///home/me/notes.txt",
            "x-apple-reminderkit://REMCDReminder/1", "obsidian://open?vault=v",
        ] {
            XCTAssertNil(server.channel.request("saveReminder", ["reminder": ["title": "x", "url": .string(url)]])["error"], url)
        }
        XCTAssertEqual(server.shutDown(), 0)
    }
}
