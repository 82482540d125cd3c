import Foundation
import JSONRPC
import TestSupport
import XCTest

/// A grant for chosen lists (issue 39) through the binary: `permissions set --lists` and
/// `--read-only-lists`; the client so granted sees those lists and nothing else in every method —
/// lists, fetches, items by identifier, saves, removals, tags, history, trash, export — reads but
/// cannot change a read-only one, and a list removed later drops out of its scope.
final class ScopedGrantTests: XCTestCase {
    let folder = TemporaryFolder()

    private func id(_ response: JSONValue, _ path: Any...) -> JSONValue {
        var value: JSONValue? = response
        for step in path {
            if let key = step as? String { value = value?[key] } else if let index = step as? Int { value = value?.arrayValue?[index] }
        }
        return value ?? .null
    }

    func testAScopedClientSeesAndChangesItsListsOnlyAndReadsAReadOnlyOne() throws {
        let owner = try RemindersdProcess.granted("owner", store: folder.store)
        func list(_ title: String) -> JSONValue {
            id(owner.channel.request("saveCalendar", ["calendar": ["title": .string(title)]]), "result", "calendar", "calendarIdentifier")
        }
        let work = list("Work"), health = list("Health"), family = list("Family")
        func add(_ title: String, _ calendar: JSONValue, tags: [JSONValue] = []) -> JSONValue {
            id(
                owner.channel.request(
                    "saveReminder", ["reminder": ["title": .string(title), "calendarIdentifier": calendar, "tags": .array(tags)]]),
                "result", "reminder", "calendarItemIdentifier")
        }
        let report = add("Report", work, tags: ["office"])
        let pills = add("Pills", health, tags: ["meds"])
        _ = add("Dinner", family)
        _ = owner.channel.request("removeReminder", ["identifier": add("Old prescription", health)])

        let refused = try RemindersdProcess.run([
            "permissions", "set", "--any-program", "assistant", "fullAccess", "--lists", "Nope", "--store", folder.store,
        ])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stderr.contains("Nope"), refused.stderr)
        let granted = try RemindersdProcess.run([
            "permissions", "set", "--any-program", "assistant", "fullAccess", "--lists", "work", "--read-only-lists", "Family", "--store",
            folder.store,
        ])
        XCTAssertEqual(granted.status, 0, granted.stderr)
        let listed = try RemindersdProcess.run(["permissions", "list", "--store", folder.store])
        XCTAssertTrue(listed.stdout.contains(#""scope":{"lists":["#), listed.stdout)

        let assistant = try RemindersdProcess(store: folder.store)
        assistant.initialize(client: "assistant")
        let status = assistant.channel.request("authorizationStatus", [:])
        XCTAssertEqual(status.at("result", "status"), "fullAccess")
        XCTAssertEqual(
            status.at("result", "scope", "lists")?.arrayValue?.compactMap { $0["title"]?.stringValue }.sorted(), ["Family", "Work"], "\(status)")
        let calendars = assistant.channel.request("calendars", [:]).at("result", "calendars")?.arrayValue ?? []
        XCTAssertEqual(calendars.compactMap { $0["title"]?.stringValue }.sorted(), ["Family", "Work"])
        XCTAssertEqual(calendars.first { $0["title"] == "Family" }?["allowsContentModifications"], false, "read-only for it")

        // Nothing of Health, whichever way it asks.
        for (method, params) in [
            ("fetchReminders", ["predicate": ["kind": "all"]]), ("tags", [:]), ("changes", [:]), ("trash", [:]), ("exportICalendar", [:]),
            ("calendarItem", ["identifier": pills]), ("fetchReminders", ["predicate": ["kind": "all", "calendarIdentifiers": [health]]]),
        ] as [(String, JSONValue)] {
            let answer = assistant.channel.request(method, params).serialized
            for secret in ["Pills", "Health", "meds", "Old prescription"] {
                XCTAssertFalse(answer.contains(secret), "\(method) shows \(secret): \(answer)")
            }
        }
        XCTAssertEqual(
            assistant.channel.request("fetchReminders", ["predicate": ["kind": "all"]]).at("result", "reminders")?.arrayValue?.compactMap {
                $0["title"]?.stringValue
            }.sorted(), ["Dinner", "Report"])
        XCTAssertEqual(
            assistant.channel.request("saveReminder", ["reminder": ["title": "x", "calendarIdentifier": health]]).errorField,
            "reminder.calendarIdentifier")
        XCTAssertEqual(assistant.channel.request("saveReminder", ["reminder": ["calendarItemIdentifier": pills, "title": "x"]]).errorCode, -32011)
        XCTAssertEqual(assistant.channel.request("removeReminder", ["identifier": pills]).errorCode, -32011)
        XCTAssertEqual(assistant.channel.request("removeCalendar", ["calendarIdentifier": health]).errorCode, -32011)
        XCTAssertNotNil(assistant.channel.request("saveCalendar", ["calendar": ["title": "Mine"]])["error"], "makes no new list")
        let intoFamily = assistant.channel.request("saveReminder", ["reminder": ["title": "x", "calendarIdentifier": family]])
        XCTAssertEqual(intoFamily.errorReason, "calendarReadOnly", "\(intoFamily)")
        let made = assistant.channel.request("saveReminder", ["reminder": ["title": "Slides"]])
        XCTAssertEqual(made.at("result", "reminder", "calendarIdentifier"), work, "a new reminder goes to a list it may write")
        XCTAssertEqual(
            assistant.channel.request("saveReminder", ["reminder": ["calendarItemIdentifier": report, "calendarIdentifier": health]]).errorField,
            "reminder.calendarIdentifier", "nor moves one out")
        XCTAssertEqual(owner.channel.request("calendarItem", ["identifier": pills]).at("result", "reminder", "title"), "Pills", "untouched")

        // Work removed by the owner drops out of the scope; the client does not see every list then.
        _ = owner.channel.request("removeCalendar", ["calendarIdentifier": work])
        let after = assistant.channel.request("calendars", [:]).at("result", "calendars")?.arrayValue ?? []
        XCTAssertEqual(after.compactMap { $0["title"]?.stringValue }, ["Family"])
        XCTAssertEqual(owner.shutDown(), 0)
        XCTAssertEqual(assistant.shutDown(), 0)
    }
}
