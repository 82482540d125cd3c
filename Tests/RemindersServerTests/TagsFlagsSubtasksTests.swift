import Foundation
import RemindersJSONRPC
import RemindersServerHarness
import RemindersTestSupport
import XCTest

/// Tags, flags and subtasks (beyond EventKit, as the Reminders app has them), in both framings.
final class TagsFlagsSubtasksTests: XCTestCase {
    let folder = TemporaryFolder()

    private func save(_ server: InProcessServer, _ reminder: JSONValue, _ context: String = "") -> JSONValue {
        let reply = server.channel.request("saveReminder", ["reminder": reminder])
        XCTAssertNil(reply["error"], "\(context) \(reply)")
        return reply.at("result", "reminder") ?? .null
    }

    func testTagsAreNormalizedCheckedAndKept() throws {
        for framing in [Framing.ndjson, .lsp] {
            let server = try InProcessServer.granted("tags", store: folder.path + "/\(framing).sqlite", framing: framing)
            let saved = save(server, ["title": "tagged", "tags": [" #Home ", "errands", "home", "#Errands", "ünïcode"]], "\(framing)")
            XCTAssertEqual(saved["tags"], ["Home", "errands", "ünïcode"], "trimmed, # dropped, first spelling kept (\(framing))")
            XCTAssertEqual(saved["isFlagged"], false)
            XCTAssertEqual(saved["parentIdentifier"], .null)
            let id = saved["calendarItemIdentifier"]!
            // Absent keeps, a value replaces, null clears.
            XCTAssertEqual(save(server, ["calendarItemIdentifier": id, "notes": "n"])["tags"], ["Home", "errands", "ünïcode"])
            XCTAssertEqual(save(server, ["calendarItemIdentifier": id, "tags": ["work"]])["tags"], ["work"])
            XCTAssertEqual(save(server, ["calendarItemIdentifier": id, "tags": .null])["tags"], [])
            for (tags, field) in [
                (["a", "b", "c", "two words"], "reminder.tags[3]"), (["#"], "reminder.tags[0]"), (["  "], "reminder.tags[0]"),
                ([String(repeating: "x", count: 65)], "reminder.tags[0]"), (["tab\tinside"], "reminder.tags[0]"),
                ((0..<33).map { "t\($0)" }, "reminder.tags"),
            ] {
                let reply = server.channel.request("saveReminder", ["reminder": ["title": "bad", "tags": .array(tags.map(JSONValue.string))]])
                XCTAssertEqual(reply.errorField, field, "\(tags.prefix(5)) (\(framing))")
            }
            XCTAssertEqual(server.channel.request("saveReminder", ["reminder": ["title": "bad", "tags": [1]]]).errorField, "reminder.tags[0]")
            XCTAssertEqual(save(server, ["title": "64", "tags": [.string(String(repeating: "é", count: 64))]])["tags"]?.arrayValue?.count, 1)
            // Flags: default false, set, null clears.
            XCTAssertEqual(save(server, ["calendarItemIdentifier": id, "isFlagged": true])["isFlagged"], true)
            XCTAssertEqual(save(server, ["calendarItemIdentifier": id, "isFlagged": .null])["isFlagged"], false)
            XCTAssertEqual(server.shutDown(), 0)
        }
    }

    func testTagCountsCountOpenRemindersByNameIgnoringCase() throws {
        let server = try InProcessServer.granted("tags", store: folder.store)
        _ = save(server, ["title": "a", "tags": ["home", "errands"]])
        _ = save(server, ["title": "b", "tags": ["Home"]])
        _ = save(server, ["title": "c", "tags": ["home"]])
        let done = save(server, ["title": "d", "tags": ["garden"]])
        _ = save(server, ["calendarItemIdentifier": done["calendarItemIdentifier"]!, "isCompleted": true])
        let tags = server.channel.request("tags").at("result", "tags")
        XCTAssertEqual(tags, [["name": "errands", "count": 1], ["name": "garden", "count": 0], ["name": "home", "count": 3]])
        XCTAssertEqual(server.shutDown(), 0)
    }

    func testSubtasksLiveInTheirParentsListOneLevelDeep() throws {
        for framing in [Framing.ndjson, .lsp] {
            let server = try InProcessServer.granted("subtasks", store: folder.path + "/\(framing).sqlite", framing: framing)
            let work = server.channel.request("saveCalendar", ["calendar": ["title": "Work"]]).at("result", "calendar", "calendarIdentifier")!
            let home = server.channel.request("saveCalendar", ["calendar": ["title": "Home"]]).at("result", "calendar", "calendarIdentifier")!
            let parent = save(server, ["title": "Move house", "calendarIdentifier": work])
            let parentID = parent["calendarItemIdentifier"]!
            let child = save(server, ["title": "Pack books", "parentIdentifier": parentID])
            XCTAssertEqual(child["calendarIdentifier"], work, "a subtask goes to its parent's list (\(framing))")
            XCTAssertEqual(child["parentIdentifier"], parentID)
            let childID = child["calendarItemIdentifier"]!
            func refused(_ reminder: JSONValue, _ field: String, _ what: String) {
                let reply = server.channel.request("saveReminder", ["reminder": reminder])
                XCTAssertEqual(reply.errorCode, -32602, "\(what) (\(framing)): \(reply)")
                XCTAssertEqual(reply.errorField, field, "\(what) (\(framing))")
            }
            refused(["title": "x", "parentIdentifier": parentID, "calendarIdentifier": home], "reminder.calendarIdentifier", "another list")
            refused(["title": "x", "parentIdentifier": childID], "reminder.parentIdentifier", "a subtask of a subtask")
            refused(["calendarItemIdentifier": parentID, "parentIdentifier": childID], "reminder.parentIdentifier", "a parent becoming a subtask")
            refused(["calendarItemIdentifier": parentID, "parentIdentifier": parentID], "reminder.parentIdentifier", "its own subtask")
            refused(["title": "x", "parentIdentifier": "no-such-reminder"], "reminder.parentIdentifier", "an unknown parent")
            refused(["calendarItemIdentifier": childID, "calendarIdentifier": home], "reminder.calendarIdentifier", "a subtask moved alone")
            // The parent's subtasks, by predicate.
            let subtasks = server.channel.request("fetchReminders", ["predicate": ["parentIdentifier": parentID]]).at("result", "reminders")
            XCTAssertEqual(subtasks?.arrayValue?.compactMap { $0["title"] }, ["Pack books"])
            // Moving the parent moves its subtasks, in one commit.
            _ = save(server, ["calendarItemIdentifier": parentID, "calendarIdentifier": home])
            XCTAssertEqual(server.channel.request("calendarItem", ["identifier": childID]).at("result", "reminder", "calendarIdentifier"), home)
            // Completing the parent leaves them open; removing it removes them.
            _ = save(server, ["calendarItemIdentifier": parentID, "isCompleted": true])
            XCTAssertEqual(server.channel.request("calendarItem", ["identifier": childID]).at("result", "reminder", "isCompleted"), false)
            // A subtask may leave its parent (null) and come back.
            XCTAssertEqual(save(server, ["calendarItemIdentifier": childID, "parentIdentifier": .null])["parentIdentifier"], .null)
            _ = save(server, ["calendarItemIdentifier": childID, "parentIdentifier": parentID])
            let staged = server.channel.request("removeReminder", ["identifier": parentID, "commit": false])
            XCTAssertNil(staged["error"])
            XCTAssertEqual(server.channel.request("calendarItem", ["identifier": childID]).at("result", "reminder"), .null, "staged with its parent")
            server.channel.request("commit")
            let left = server.channel.request("fetchReminders").at("result", "reminders")?.arrayValue ?? []
            XCTAssertFalse(left.contains { $0["calendarItemIdentifier"] == childID }, "\(framing)")
            XCTAssertEqual(server.shutDown(), 0)
        }
    }

    func testRemovingAListTakesItsSubtasksAndWriteOnlyClientsCannotMakeThem() throws {
        let server = try InProcessServer.granted("subtasks", store: folder.store)
        let parent = save(server, ["title": "parent"])
        _ = save(server, ["title": "child", "parentIdentifier": parent["calendarItemIdentifier"]!])
        _ = try RemindersdProcess.run(["permissions", "set", "--any-program", "capture", "writeOnly", "--store", folder.store])
        let capture = try InProcessServer(store: folder.store)
        capture.initialize(client: "capture")
        let refused = capture.channel.request(
            "saveReminder", ["reminder": ["title": "sneaky", "parentIdentifier": parent["calendarItemIdentifier"]!]])
        XCTAssertEqual(refused.errorCode, -32010)
        XCTAssertNil(capture.channel.request("saveReminder", ["reminder": ["title": "plain", "tags": ["inbox"], "isFlagged": true]])["error"])
        XCTAssertEqual(capture.shutDown(), 0)
        XCTAssertEqual(server.channel.request("fetchReminders", ["predicate": ["isFlagged": true]]).at("result", "reminders", 0, "title"), "plain")
        XCTAssertEqual(server.shutDown(), 0)
    }
}
