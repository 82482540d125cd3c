import Foundation
import RemindersJSONRPC
import RemindersTestSupport
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
        // Alarms, items by external identifier, the alarms to come, an import over its UID.
        let pillsUID =
            owner.channel.request("calendarItem", ["identifier": pills]).at("result", "reminder", "calendarItemExternalIdentifier") ?? .null
        _ = owner.channel.request("addAlarm", ["identifier": pills, "alarm": ["absoluteDate": "2031-01-02T08:00:00.000Z"]])
        XCTAssertEqual(
            assistant.channel.request("addAlarm", ["identifier": pills, "alarm": ["absoluteDate": "2031-01-02T08:00:00.000Z"]]).errorCode, -32011)
        XCTAssertEqual(assistant.channel.request("calendarItems", ["externalIdentifier": pillsUID]).at("result", "reminders"), [])
        let upcoming = assistant.channel.request("upcomingAlarms", ["to": "2031-12-31T00:00:00.000Z"]).serialized
        XCTAssertTrue(upcoming.contains("result") && !upcoming.contains("Pills"), upcoming)
        let ics =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VTODO\r\nUID:\(pillsUID.stringValue ?? "")\r\nSUMMARY:Overwritten\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        _ = assistant.channel.request("importICalendar", ["text": .string(ics)])
        XCTAssertEqual(owner.channel.request("calendarItem", ["identifier": pills]).at("result", "reminder", "title"), "Pills", "not written over")
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

    /// `storeChanged` is told to a client granted chosen lists when something in them changed,
    /// not when something elsewhere did.
    func testAScopedClientIsToldOfChangesInItsListsOnly() throws {
        let owner = try RemindersdProcess.granted("owner", store: folder.store)
        func list(_ title: String) -> JSONValue {
            id(owner.channel.request("saveCalendar", ["calendar": ["title": .string(title)]]), "result", "calendar", "calendarIdentifier")
        }
        let work = list("Work"), health = list("Health")
        XCTAssertEqual(
            try RemindersdProcess.run(["permissions", "set", "--any-program", "assistant", "fullAccess", "--lists", "Work", "--store", folder.store])
                .status, 0)
        let assistant = try RemindersdProcess(store: folder.store)
        assistant.initialize(client: "assistant")
        _ = assistant.channel.request("calendars", [:])
        Thread.sleep(forTimeInterval: 0.5)
        _ = assistant.channel.drainNotifications("storeChanged")
        _ = owner.channel.request("saveReminder", ["reminder": ["title": "Pills", "calendarIdentifier": health]])
        XCTAssertNil(assistant.channel.notification("storeChanged", timeout: 1.5), "a change in Health is not told")
        _ = owner.channel.request("saveReminder", ["reminder": ["title": "Report", "calendarIdentifier": work]])
        XCTAssertNotNil(assistant.channel.notification("storeChanged", timeout: 5), "a change in Work is")
        XCTAssertEqual(owner.shutDown(), 0)
        XCTAssertEqual(assistant.shutDown(), 0)
    }

    /// `requestAccess {lists}`: the consent agent is told which lists, and the grant is for them.
    func testRequestAccessForChosenListsTellsTheAgentAndGrantsThoseOnly() throws {
        let owner = try RemindersdProcess.granted("owner", store: folder.store)
        _ = owner.channel.request("saveCalendar", ["calendar": ["title": "Work"]])
        _ = owner.channel.request("saveCalendar", ["calendar": ["title": "Health"]])
        let told = folder.path + "/told"
        let agent = folder.script("agent", "printf '%s' \"$REMINDERSD_REQUESTED_LISTS\" > '\(told)'\nexit 0")
        let app = try RemindersdProcess(store: folder.store, arguments: ["--consent-agent", agent])
        app.initialize(client: "app")
        XCTAssertEqual(
            app.channel.request("requestAccess", ["usageDescription": "Plans your work", "lists": ["Nope"]]).errorField, "lists",
            "a list that is not there is refused before anybody is asked")
        XCTAssertFalse(FileManager.default.fileExists(atPath: told))
        // The grant and a fetch pipelined behind it, in one write: the fetch already keeps to the scope.
        app.channel.sendRaw(
            #"{"jsonrpc":"2.0","id":901,"method":"requestAccess","params":{"usageDescription":"Plans your work","lists":["work"]}}"# + "\n"
                + #"{"jsonrpc":"2.0","id":902,"method":"calendars","params":{}}"# + "\n")
        let asked = app.channel.response(id: 901) ?? .null
        XCTAssertEqual(asked.at("result", "status"), "fullAccess", "\(asked)")
        let pipelined = app.channel.response(id: 902) ?? .null
        XCTAssertEqual(pipelined.at("result", "calendars")?.arrayValue?.compactMap { $0["title"]?.stringValue }, ["Work"], "\(pipelined)")
        XCTAssertEqual(try String(contentsOfFile: told, encoding: .utf8), "Work", "the agent is told the lists asked for")
        let status = app.channel.request("authorizationStatus", [:])
        XCTAssertEqual(status.at("result", "scope", "lists", 0, "title"), "Work", "\(status)")
        XCTAssertEqual(app.channel.request("calendars", [:]).at("result", "calendars")?.arrayValue?.count, 1)
        XCTAssertEqual(owner.shutDown(), 0)
        XCTAssertEqual(app.shutDown(), 0)
    }
}
