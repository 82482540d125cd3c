import Foundation
import RemindersJSONRPC
import RemindersProtocol
@testable import RemindersServer
import RemindersTestSupport
import XCTest

/// What the hand-tuned encoders write matches each method's declared result schema: every method,
/// called on the real binary with sample data that sets every member there is.
final class ResultSchemaTests: XCTestCase {
    let folder = TemporaryFolder()

    private static let fullReminder: JSONValue = [
        "title": "every member", "notes": "n", "url": "https://example.com/x", "location": "Office", "priority": 5,
        "startDateComponents": ["year": 2027, "month": 1, "day": 1],
        "dueDateComponents": ["year": 2027, "month": 1, "day": 2, "hour": 9, "minute": 30, "second": 15, "timeZone": "Europe/Berlin"],
        "timeZone": "Europe/Berlin", "tags": ["sample", "schema"], "isFlagged": true,
        "alarms": [
            ["relativeOffset": -900, "alarmIdentifier": "relative"], ["absoluteDate": "2027-01-01T08:00:00Z"],
            [
                "structuredLocation": ["title": "Station", "geoLocation": ["latitude": 52.5, "longitude": 13.4], "radius": 40233],
                "proximity": "enter",
            ],
        ],
        "recurrenceRules": [
            [
                "frequency": "monthly", "interval": 2, "daysOfTheWeek": [["dayOfTheWeek": 2, "weekNumber": 1]], "setPositions": [1],
                "recurrenceEnd": ["occurrenceCount": 3], "firstDayOfTheWeek": 2,
            ]
        ],
    ]

    func testEveryMethodsResultMatchesItsSchema() throws {
        XCTAssertEqual(
            try RemindersdProcess.run(["permissions", "set", "--any-program", "schemas", "fullAccess", "--entity", "event", "--store", folder.store])
                .status, 0)
        let server = try RemindersdProcess.granted("schemas", store: folder.store)
        var checked = Set<String>()
        func call(_ method: String, _ params: JSONValue = [:]) -> JSONValue {
            let reply = server.channel.request(method, params)
            guard let result = reply.result else { XCTFail("\(method): \(reply)"); return .null }
            guard let declared = MethodRegistry.named(method) else { XCTFail("\(method) is not declared"); return result }
            do { try declared.declaration.result.check(result, at: "result") } catch {
                XCTFail("\(method): \(error) in \(result.serialized.prefix(600))")
            }
            checked.insert(method)
            return result
        }
        _ = call("authorizationStatus")
        _ = call("rpc.discover")
        let list = call("saveCalendar", ["calendar": ["title": "Sample", "color": "#aabbcc"]]).at("calendar", "calendarIdentifier")!
        _ = call("calendars")
        _ = call("defaultCalendarForNewReminders")
        let saved = call("saveReminder", ["reminder": Self.fullReminder])
        let identifier = saved.at("reminder", "calendarItemIdentifier")!
        let completed = call("saveReminder", ["reminder": ["calendarItemIdentifier": identifier, "isCompleted": true]])
        XCTAssertNotEqual(completed["completedOccurrence"], .null, "a completed occurrence is written too")
        _ = call("fetchReminders", ["predicate": ["kind": "all"], "limit": 1])
        _ = call("fetchReminders")
        _ = call("calendarItem", ["identifier": identifier])
        _ = call("calendarItem", ["identifier": "none"])
        _ = call("calendarItems", ["externalIdentifier": saved.at("reminder", "calendarItemExternalIdentifier")!])
        let subtask = call("saveReminder", ["reminder": ["title": "subtask", "parentIdentifier": identifier]])
        XCTAssertEqual(subtask.at("reminder", "parentIdentifier"), identifier)
        _ = call("tags")
        let withAlarm = call("addAlarm", ["identifier": identifier, "alarm": ["relativeOffset": -60, "alarmIdentifier": "extra"]])
        XCTAssertEqual(withAlarm.at("reminder", "alarms")?.arrayValue?.count, 4)
        _ = call("removeAlarm", ["identifier": identifier, "alarmIdentifier": "extra"])
        _ = call("saveReminder", ["reminder": ["title": "staged"], "commit": false])
        _ = call("reset")
        _ = call("saveReminder", ["reminder": ["title": "staged"], "commit": false])
        _ = call("commit")
        let ics = call("exportICalendar")["text"]?.stringValue ?? ""
        XCTAssertTrue(ics.contains("BEGIN:VTODO"))
        _ = call("exportICalendar", ["calendarIdentifiers": [list]])
        let imported = call("importICalendar", ["text": .string(ics), "calendarIdentifier": list])
        XCTAssertEqual(imported["skipped"], [], "\(imported)")
        _ = call("importICalendar", ["text": "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:u\nEND:VTODO\nEND:VCALENDAR\n"])
        XCTAssertEqual(call("sync"), ["dryRun": false, "accounts": []])
        let upcoming = call("upcomingAlarms", ["from": "2026-12-31T00:00:00Z", "to": "2027-12-31T00:00:00Z"])
        XCTAssertEqual(upcoming["alarms"]?.arrayValue?.isEmpty, false, "\(upcoming)")
        _ = call("snoozeAlarm", ["identifier": identifier, "alarmIdentifier": "relative", "minutes": 5])
        _ = call("dismissAlarm", ["identifier": identifier, "alarmIdentifier": "relative"])
        _ = call("updateLocation", ["latitude": 52.52, "longitude": 13.405, "horizontalAccuracy": 10])
        _ = call("defaultCalendarForNewEvents")
        let event =
            call(
                "saveEvent",
                [
                    "event": [
                        "title": "Meeting", "startDate": "2027-01-04T09:00:00Z", "endDate": "2027-01-04T10:00:00Z",
                        "recurrenceRules": [["frequency": "weekly"]], "alarms": [["relativeOffset": -600]],
                        "structuredLocation": ["title": "Room 1"],
                    ]
                ])["event"]?["eventIdentifier"] ?? .null
        _ = call(
            "saveEvent", ["event": ["eventIdentifier": event, "occurrenceDate": "2027-01-11T09:00:00Z", "title": "Moved"], "span": "thisEvent"])
        _ = call("event", ["identifier": event, "occurrenceDate": "2027-01-11T09:00:00Z"])
        _ = call("fetchEvents", ["start": "2027-01-01T00:00:00Z", "end": "2032-01-01T00:00:00Z", "limit": 3])
        XCTAssertNotNil(call("calendarItem", ["identifier": event])["event"])
        _ = call("removeEvent", ["identifier": event, "occurrenceDate": "2027-01-18T09:00:00Z", "span": "futureEvents"])
        _ = call("removeReminder", ["identifier": identifier])
        _ = call("removeCalendar", ["calendarIdentifier": list])
        _ = call("changes", ["limit": 20])
        _ = call("trash")
        _ = call("restore", ["identifier": list])
        _ = call("undo", ["client": "schemas", "count": 1])
        XCTAssertEqual(call("interpretDate", ["text": "2026-12-07 09:00"])["text"], "Mon 2026-12-07 09:00 (floating)")
        _ = call("interpretDate", ["text": "in 2 hours"])
        _ = call("interpretRecurrence", ["text": "every month on the 1st"])
        let publisher = try LocalFeedPublisher()
        try publisher.publishFixture("outlook.ics")
        let subscribed = call("addSubscription", ["url": .string(publisher.base.replacingOccurrences(of: "http", with: "webcal") + "/outlook.ics")])
        _ = call("subscriptions")
        _ = call("refreshSubscriptions")
        _ = call("removeSubscription", ["calendarIdentifier": subscribed["subscription"]?["calendarIdentifier"] ?? .null])
        let geocoder = try LocalGeocoder()
        XCTAssertEqual(try RemindersdProcess.run(["geocoder", geocoder.url, "--store", folder.store]).status, 0)
        _ = call("geocode", ["address": "Pariser Platz 1, Berlin"])
        _ = call("reverseGeocode", ["latitude": 37.335, "longitude": -122.01])
        _ = call("requestAccess", ["usageDescription": "schema test"])
        _ = call("shutdown")
        server.channel.notify("exit")
        XCTAssertEqual(server.waitForExit(), 0)
        checked.insert("initialize")  // granted() initialized it; its answer is checked below
        XCTAssertEqual(Set(MethodRegistry.all.map(\.name)).subtracting(checked).sorted(), [], "methods not exercised here")
        let fresh = try RemindersdProcess(store: folder.store)
        let initialized = fresh.initialize(client: "schemas")
        XCTAssertNoThrow(try Initialize.result.check(initialized.result ?? .null, at: "result"))
        fresh.shutDown()
    }
}
