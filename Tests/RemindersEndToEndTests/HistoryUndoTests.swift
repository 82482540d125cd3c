import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// `changes`, `undo`, `trash` and `restore` through the binary (issue 38): two clients, each
/// change in the history by its name; a list removed by one restored with its reminders; an undo
/// refused naming the field another client changed; a write-only client limited to its own; an
/// event's removal restored, and seen only by a client with access to events.
final class HistoryUndoTests: XCTestCase {
    let folder = TemporaryFolder()

    func testAListRemovedByOneClientIsRestoredWithItsRemindersAndAnUndoRefusesALaterEdit() throws {
        let editor = try RemindersdProcess.granted("editor", store: folder.store)
        let script = try RemindersdProcess.granted("script", store: folder.store)
        let work =
            editor.channel.request("saveCalendar", ["calendar": ["title": "Work"]]).at("result", "calendar", "calendarIdentifier")?
            .stringValue ?? ""
        let report =
            editor.channel.request("saveReminder", ["reminder": ["title": "Report", "calendarIdentifier": .string(work)]])
            .at("result", "reminder", "calendarItemIdentifier")?.stringValue ?? ""
        XCTAssertEqual(script.channel.request("removeCalendar", ["calendarIdentifier": .string(work)]).result, [:])

        let trash = editor.channel.request("trash", [:])
        XCTAssertEqual(trash.at("result", "changes", 0, "kind"), "list", "\(trash)")
        XCTAssertEqual(trash.at("result", "changes", 0, "client"), "script")
        XCTAssertEqual(trash.at("result", "changes", 0, "before", "title"), "Work")
        let restored = editor.channel.request("restore", ["identifier": .string(work)])
        XCTAssertEqual(restored.at("result", "changes", 0, "action"), "restored", "\(restored)")
        XCTAssertEqual(editor.channel.request("calendarItem", ["identifier": .string(report)]).at("result", "reminder", "title"), "Report")
        XCTAssertEqual(editor.channel.request("trash", [:]).at("result", "changes"), [])

        // The editor renames it; the script renames it again; undoing the editor's is refused.
        _ = editor.channel.request("saveReminder", ["reminder": ["calendarItemIdentifier": .string(report), "title": "Q4 report"]])
        let renamed = editor.channel.request("changes", ["itemIdentifier": .string(report), "limit": 1])
        let change = renamed.at("result", "changes", 0, "changeIdentifier") ?? .null
        XCTAssertEqual(renamed.at("result", "changes", 0, "before", "title"), "Report")
        _ = script.channel.request("saveReminder", ["reminder": ["calendarItemIdentifier": .string(report), "notes": "draft in the wiki"]])
        let refused = editor.channel.request("undo", ["changeIdentifier": change])
        XCTAssertEqual(refused.at("error", "code"), -32012, "\(refused)")
        XCTAssertEqual(refused.at("error", "data", "fields"), ["notes"])
        XCTAssertEqual(editor.channel.request("calendarItem", ["identifier": .string(report)]).at("result", "reminder", "title"), "Q4 report")

        // The script undoes its own last change, then the editor's undo goes through.
        let undone = script.channel.request("undo", ["client": "script", "count": 1])
        XCTAssertNotEqual(undone.at("result", "changes", 0, "undoes"), .null, "\(undone)")
        XCTAssertEqual(editor.channel.request("undo", ["changeIdentifier": change])["error"], nil)
        XCTAssertEqual(editor.channel.request("calendarItem", ["identifier": .string(report)]).at("result", "reminder", "title"), "Report")

        XCTAssertEqual(editor.channel.request("undo", [:]).errorField, "changeIdentifier")
        XCTAssertEqual(editor.channel.request("undo", ["changeIdentifier": "41", "client": "x"]).errorField, "client")
        XCTAssertEqual(editor.channel.request("undo", ["changeIdentifier": "999999"]).at("error", "code"), -32011)
        XCTAssertEqual(editor.channel.request("changes", ["limit": 0]).errorField, "limit")
        XCTAssertEqual(editor.shutDown(), 0)
        XCTAssertEqual(script.shutDown(), 0)
    }

    func testAWriteOnlyClientSeesAndUndoesOnlyItsOwn() throws {
        let owner = try RemindersdProcess.granted("owner", store: folder.store)
        let ownerTea = owner.channel.request("saveReminder", ["reminder": ["title": "Tea"]])
        XCTAssertNotNil(ownerTea.result)
        XCTAssertEqual(
            try RemindersdProcess.run(["permissions", "set", "--any-program", "adder", "writeOnly", "--store", folder.store]).status, 0)
        let adder = try RemindersdProcess(store: folder.store)
        adder.initialize(client: "adder")
        _ = adder.channel.request("saveReminder", ["reminder": ["title": "Milk"]])
        let seen = adder.channel.request("changes", [:])
        XCTAssertEqual(seen.at("result", "changes")?.arrayValue?.compactMap { $0["client"]?.stringValue }, ["adder"], "\(seen)")
        XCTAssertEqual(adder.channel.request("changes", ["client": "owner"]).errorField, "client")
        let others = owner.channel.request("changes", ["client": "owner", "limit": 1]).at("result", "changes", 0, "changeIdentifier") ?? .null
        XCTAssertEqual(adder.channel.request("undo", ["changeIdentifier": others]).errorField, "changeIdentifier")
        XCTAssertNotNil(adder.channel.request("undo", ["client": "adder"]).result)
        XCTAssertEqual(adder.shutDown(), 0)
        XCTAssertEqual(owner.shutDown(), 0)
    }

    func testAnEventRemovedIsRestoredAndOnlyAClientWithAccessToEventsSeesIt() throws {
        XCTAssertEqual(
            try RemindersdProcess.run(["permissions", "set", "--any-program", "planner", "fullAccess", "--entity", "event", "--store", folder.store])
                .status, 0)
        let planner = try RemindersdProcess.granted("planner", store: folder.store)
        let remindersOnly = try RemindersdProcess.granted("tasks", store: folder.store)
        let event = planner.channel.request(
            "saveEvent", ["event": ["title": "Dentist", "startDate": "2026-12-09T08:00:00.000Z", "endDate": "2026-12-09T09:00:00.000Z"]])
        let identifier = event.at("result", "event", "eventIdentifier") ?? .null
        XCTAssertEqual(planner.channel.request("removeEvent", ["identifier": identifier]).result, [:])
        let trash = planner.channel.request("trash", [:])
        XCTAssertEqual(trash.at("result", "changes", 0, "kind"), "event", "\(trash)")
        XCTAssertEqual(trash.at("result", "changes", 0, "before", "title"), "Dentist")
        XCTAssertEqual(trash.at("result", "changes", 0, "before", "startDate"), "2026-12-09T08:00:00.000Z")
        XCTAssertEqual(remindersOnly.channel.request("trash", [:]).at("result", "changes"), [], "no access to events, none of theirs")
        XCTAssertEqual(remindersOnly.channel.request("changes", [:]).at("result", "changes"), [])
        XCTAssertEqual(
            remindersOnly.channel.request("restore", ["identifier": identifier]).at("error", "code"), -32011,
            "a removal it could not undo is as none (issue 49)")
        let restored = planner.channel.request("restore", ["identifier": identifier])
        XCTAssertEqual(restored.at("result", "changes", 0, "kind"), "event", "\(restored)")
        XCTAssertEqual(planner.channel.request("event", ["identifier": identifier]).at("result", "event", "title"), "Dentist")
        XCTAssertEqual(planner.shutDown(), 0)
        XCTAssertEqual(remindersOnly.shutDown(), 0)
    }
}
