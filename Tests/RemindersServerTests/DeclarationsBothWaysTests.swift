import Foundation
import RemindersJSONRPC
import RemindersModel
import RemindersProtocol
import RemindersServerHarness
import RemindersStore
import RemindersTestSupport
import XCTest

@testable import RemindersServer

/// Every method's declaration goes both ways (issue 53): what a client sends, read by the
/// method's `Params` and written again, says what was sent (nothing lost, and a second round says
/// it in the same bytes); what the server answers, read back by its `Result` and written again,
/// is the same answer. A session that calls every method with the members EventKit, RFC 5545 and
/// the other clients fill — every kind of alarm and rule, events in a zone, floating and all day,
/// a detached occurrence, attendees, the history's `before` of each kind — and fails when a method
/// is added that it does not call.
final class DeclarationsBothWaysTests: XCTestCase {
    let folder = TemporaryFolder()
    /// The methods whose params went both ways, and those whose result did.
    private var covered: Set<String> = []
    private var answered: Set<String> = []
    private var zone = TimeZone(identifier: "UTC")!
    private var server: InProcessServer!

    func testEveryMethodsParamsAndResultGoBothWays() throws {
        try EventStore(path: folder.store).write { store throws(StoreError) in
            for entityType in EntityType.allCases {
                try store.setAuthorizationStatus(.fullAccess, client: "both-ways", program: nil, entityType: entityType, scope: nil)
            }
        }
        server = InProcessServer(store: folder.store)
        let initialized = call(
            "initialize",
            ["clientInfo": ["name": "both-ways", "version": "1.0"], "timeZone": "Europe/Berlin", "capabilities": ["alarms": true]])
        zone = TimeZone(identifier: initialized["timeZone"]?.stringValue ?? "UTC")!
        server.channel.notify("initialized", [:])

        try access()
        let (work, meetings) = try calendars()
        let reminders = try reminders(in: work)
        try events(in: meetings)
        try alarms(of: reminders.rich)
        try interchange(work: work, meetings: meetings)
        try history(of: reminders.plain, work: work)
        try subscriptions()
        call("interpretDate", ["text": "tomorrow 9am"])
        call("interpretRecurrence", ["text": "every monday 7am"])
        call("rpc.discover")
        call("shutdown")

        let every = Set(MethodRegistry.all.map(\.name))
        XCTAssertEqual(every.subtracting(covered), [], "methods whose params this session did not send")
        // reverseGeocode answers only with a geocoder: HelperServiceTests reads its result back from the
        // real helper, and it is geocode's Placemarks, read back here too.
        XCTAssertEqual(every.subtracting(answered), ["reverseGeocode"], "methods this session did not call with success")
    }

    private func access() throws {
        call("authorizationStatus", [:])
        call("authorizationStatus", ["entityType": "event"])
        call("requestAccess", ["entityType": "reminder", "level": "full", "usageDescription": "to test both ways"])
        call("requestAccess", ["entityType": "event", "usageDescription": "to test both ways", "lists": ["Calendar"]])
    }

    private func calendars() throws -> (work: String, meetings: String) {
        call("calendars", [:])
        call("calendars", ["entityType": "event"])
        call("defaultCalendarForNewReminders")
        call("defaultCalendarForNewEvents")
        let work = try XCTUnwrap(call("saveCalendar", ["calendar": ["title": "Work", "color": "#FF0000"]]).at("calendar", "calendarIdentifier"))
        let meetings = try XCTUnwrap(
            call("saveCalendar", ["calendar": ["title": "Meetings", "allowedEntityTypes": ["event"], "allowsContentModifications": true]])
                .at("calendar", "calendarIdentifier"))
        call("saveCalendar", ["calendar": ["calendarIdentifier": work, "title": "Work things"]])
        let spare = try XCTUnwrap(call("saveCalendar", ["calendar": ["title": "Spare"]]).at("calendar", "calendarIdentifier"))
        call("removeCalendar", ["calendarIdentifier": spare])
        return (try XCTUnwrap(work.stringValue), try XCTUnwrap(meetings.stringValue))
    }

    private func reminders(in work: String) throws -> (rich: String, plain: String) {
        let office: JSONValue = ["title": "Office", "geoLocation": ["latitude": 52.52, "longitude": 13.405], "radius": 150]
        let rich = call(
            "saveReminder",
            [
                "reminder": [
                    "title": "Quarterly report", "notes": "Numbers\nand words", "url": "https://example.com/q", "location": "Desk",
                    "priority": 1, "calendarIdentifier": .string(work),
                    "startDateComponents": ["year": 2031, "month": 3, "day": 2],
                    "dueDateComponents": ["year": 2031, "month": 3, "day": 4, "hour": 9, "minute": 30, "timeZone": "Europe/Berlin"],
                    "alarms": [
                        ["relativeOffset": -900], ["absoluteDate": "2031-03-03T08:00:00Z"],
                        ["structuredLocation": office, "proximity": "enter"], ["relativeOffset": 3600, "relativeTo": "start"],
                    ],
                    "recurrenceRules": [
                        [
                            "frequency": "monthly", "interval": 2,
                            "daysOfTheWeek": [["dayOfTheWeek": 2, "weekNumber": 1], ["dayOfTheWeek": 6, "weekNumber": -1]],
                            "recurrenceEnd": ["occurrenceCount": 5],
                        ]
                    ],
                    "tags": ["home", "urgent"], "isFlagged": true, "sortOrder": 3,
                ],
                "alarmAtDueTime": true,
            ])
        let richID = try XCTUnwrap(rich.at("reminder", "calendarItemIdentifier")?.stringValue)
        let plain = try XCTUnwrap(call("saveReminder", ["reminder": ["title": "Milk"]]).at("reminder", "calendarItemIdentifier")?.stringValue)
        call("saveReminder", ["reminder": ["title": "Sub-step", "parentIdentifier": .string(richID), "calendarIdentifier": .string(work)]])
        call(
            "saveReminder",
            [
                "reminder": [
                    "title": "Daily", "dueDateComponents": ["year": 2031, "month": 1, "day": 1, "hour": 7, "minute": 0],
                    "recurrenceRules": [["rrule": "FREQ=DAILY;COUNT=3"]],
                    "timeZone": "America/New_York",
                ]
            ])
        call(
            "saveReminder",
            ["reminder": ["title": "Done long ago", "isCompleted": true, "completionDate": "2030-05-05T10:00:00Z", "url": .null]])
        let lastModified = try XCTUnwrap(call("calendarItem", ["identifier": .string(richID)]).at("reminder", "lastModifiedDate"))
        call("saveReminder", ["reminder": ["calendarItemIdentifier": .string(richID), "notes": .null, "lastModifiedDate": lastModified]])
        // Completing an occurrence of a repeating reminder records the one done.
        let completed = call("saveReminder", ["reminder": ["calendarItemIdentifier": .string(richID), "isCompleted": true]])
        XCTAssertNotEqual(completed["completedOccurrence"], .null, "\(completed)")

        call("fetchReminders", [:])
        let page = call(
            "fetchReminders",
            [
                "predicate": [
                    "kind": "incomplete", "calendarIdentifiers": [.string(work)], "dueDateStarting": "2031-01-01T00:00:00Z",
                    "dueDateEnding": "2032-01-01T00:00:00Z", "tags": ["home"], "isFlagged": true, "hasDueDate": true,
                ],
                "order": "sortOrder", "limit": 1,
            ])
        XCTAssertEqual(page["reminders"]?.arrayValue?.count, 1, "\(page)")
        call("fetchReminders", ["predicate": ["kind": "completed", "completionDateStarting": "2030-01-01T00:00:00Z"], "limit": 1])
        call("fetchReminders", ["predicate": ["kind": "all", "matching": "milk", "parentIdentifier": .string(richID)]])
        call("calendarItem", ["identifier": .string(plain)])
        call("calendarItem", ["identifier": "no-such-item"])
        call("calendarItems", ["externalIdentifier": .string(plain)])
        call("tags")
        // Staged, then committed; staged, then forgotten.
        call("saveReminder", ["reminder": ["title": "Staged"], "commit": false])
        call("commit")
        call("saveReminder", ["reminder": ["title": "Forgotten"], "commit": false])
        call("reset")
        return (richID, plain)
    }

    private func events(in meetings: String) throws {
        let series = call(
            "saveEvent",
            [
                "event": [
                    "title": "Stand-up", "calendarIdentifier": .string(meetings), "startDate": "2031-03-03T14:00:00Z",
                    "endDate": "2031-03-03T14:15:00Z", "isAllDay": false, "timeZone": "America/New_York",
                    "structuredLocation": ["title": "Room 4", "geoLocation": ["latitude": 40.7, "longitude": -74.0], "radius": 50],
                    "availability": "free", "status": "confirmed", "url": "https://example.com/standup", "notes": "Be brief",
                    "alarms": [["relativeOffset": -600], ["relativeOffset": -300, "relativeTo": "end"]],
                    "recurrenceRules": [["frequency": "daily", "recurrenceEnd": ["endDate": "2031-03-20T00:00:00Z"]]],
                ]
            ])
        let seriesID = try XCTUnwrap(series.at("event", "eventIdentifier")?.stringValue)
        call(
            "saveEvent",
            ["event": ["title": "Holiday", "startDate": "2031-07-01T00:00:00+02:00", "endDate": "2031-07-03T00:00:00+02:00", "isAllDay": true]])
        call(
            "saveEvent",
            ["event": ["title": "Lunch, wherever I am", "startDate": "2031-03-05T12:00:00Z", "endDate": "2031-03-05T13:00:00Z", "timeZone": .null]])
        call(
            "saveEvent",
            [
                "event": ["eventIdentifier": .string(seriesID), "occurrenceDate": "2031-03-05T14:00:00Z", "title": "Stand-up (moved)"],
                "span": "thisEvent",
            ])
        call("saveEvent", ["event": ["eventIdentifier": .string(seriesID), "notes": "Be very brief"], "span": "futureEvents"])
        call("event", ["identifier": .string(seriesID)])
        call("event", ["identifier": .string(seriesID), "occurrenceDate": "2031-03-05T14:00:00Z"])
        call("calendarItem", ["identifier": .string(seriesID)])
        let page = call(
            "fetchEvents",
            ["start": "2031-03-01T00:00:00Z", "end": "2031-08-01T00:00:00Z", "calendarIdentifiers": [.string(meetings)], "limit": 2])
        let cursor = try XCTUnwrap(page["nextCursor"], "\(page)")
        call("fetchEvents", ["start": "2031-03-01T00:00:00Z", "end": "2031-08-01T00:00:00Z", "limit": 2, "cursor": cursor])
        call("fetchEvents", ["start": "2031-01-01T00:00:00Z", "end": "2036-01-01T00:00:00Z"])
        call("removeEvent", ["identifier": .string(seriesID), "occurrenceDate": "2031-03-07T14:00:00Z", "span": "futureEvents"])
    }

    private func alarms(of reminder: String) throws {
        let upcoming = call("upcomingAlarms", ["from": "2031-03-01T00:00:00Z", "to": "2031-04-01T00:00:00Z"])
        let first = try XCTUnwrap(upcoming["alarms"]?.arrayValue?.first { $0["entityType"] == "reminder" }, "\(upcoming)")
        let alarm = try XCTUnwrap(first["alarmIdentifier"])
        call("snoozeAlarm", ["identifier": .string(reminder), "alarmIdentifier": alarm, "minutes": 5])
        call("snoozeAlarm", ["identifier": .string(reminder), "alarmIdentifier": alarm, "until": "2031-03-04T09:00:00Z"])
        call("dismissAlarm", ["identifier": .string(reminder), "alarmIdentifier": alarm])
        let added = call("addAlarm", ["identifier": .string(reminder), "alarm": ["relativeOffset": -7200, "alarmIdentifier": "mine-1"]])
        XCTAssertNotNil(added["reminder"], "\(added)")
        call("removeAlarm", ["identifier": .string(reminder), "alarmIdentifier": "mine-1"])
        call("updateLocation", ["latitude": 48.1, "longitude": 11.6, "horizontalAccuracy": 20, "timestamp": "2031-03-02T08:00:00Z"])
        let entered = call(
            "updateLocation", ["latitude": 52.52, "longitude": 13.405, "horizontalAccuracy": 10.5, "timestamp": "2031-03-02T09:00:00Z"])
        // Without a timestamp the fix is the server's now (2026 here), older than the fences' last: ignored.
        call("updateLocation", ["latitude": 52.52, "longitude": 13.405, "horizontalAccuracy": 10.5])
        XCTAssertEqual(entered["transitions"]?.arrayValue?.count, 1, "\(entered)")
        call("geocode", ["address": "Office"])
        // Without a geocoder nothing is known at a point: the params are read all the same.
        call("reverseGeocode", ["latitude": 52.52, "longitude": 13.405], failing: true)
        call("sync", ["dryRun": true, "forceDelete": ["Work things"]])
    }

    private func subscriptions() throws {
        let publisher = try LocalFeedPublisher()
        try publisher.publishFixture("holidays.ics")
        let added = call(
            "addSubscription", ["url": .string(publisher.base + "/holidays.ics"), "title": "Holidays", "every": 3600, "alarms": "keep"])
        let calendar = try XCTUnwrap(added.at("subscription", "calendarIdentifier"))
        XCTAssertEqual(added.at("refresh", "added"), 4, "\(added)")
        call("subscriptions")
        call("refreshSubscriptions", ["calendarIdentifier": calendar, "dueOnly": false])
        call("refreshSubscriptions", ["dueOnly": true])
        call("removeSubscription", ["calendarIdentifier": calendar])
    }

    private func interchange(work: String, meetings: String) throws {
        call("exportICalendar", [:])
        call("exportICalendar", ["calendarIdentifiers": [.string(work)]])
        let invitation = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Both ways//EN",
            "BEGIN:VEVENT", "UID:invite-1@example.com", "DTSTAMP:20310101T000000Z", "DTSTART:20310310T150000Z", "DTEND:20310310T160000Z",
            "SUMMARY:Review", "ORGANIZER;CN=Ada:mailto:ada@example.com",
            "ATTENDEE;CN=Bob;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;CUTYPE=INDIVIDUAL:mailto:bob@example.com",
            "ATTENDEE;ROLE=OPT-PARTICIPANT;PARTSTAT=NEEDS-ACTION;CUTYPE=ROOM:mailto:room@example.com", "END:VEVENT",
            // A rule EventKit would not let a client make (Outlook's yearly birthday by BYMONTHDAY), read back all the same.
            "BEGIN:VEVENT", "UID:birthday-1@example.com", "DTSTAMP:20310101T000000Z", "DTSTART;VALUE=DATE:20310310",
            "DTEND;VALUE=DATE:20310311", "SUMMARY:Ana's birthday", "RRULE:FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=10", "END:VEVENT",
            "BEGIN:VEVENT", "SUMMARY:No UID and no start", "END:VEVENT",
            "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
        let report = call("importICalendar", ["text": .string(invitation), "calendarIdentifier": .string(meetings)])
        XCTAssertEqual(report["imported"], 2, "\(report)")
        let todo = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Both ways//EN", "BEGIN:VTODO", "UID:todo-1@example.com", "DTSTAMP:20310101T000000Z",
            "SUMMARY:Imported task", "END:VTODO", "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
        call("importICalendar", ["text": .string(todo)])
        let found = call("fetchEvents", ["start": "2031-03-10T00:00:00Z", "end": "2031-03-11T00:00:00Z", "calendarIdentifiers": [.string(meetings)]])
        XCTAssertTrue(found["events"]?.arrayValue?.contains { !($0["attendees"]?.arrayValue ?? []).isEmpty } ?? false, "\(found)")
        XCTAssertTrue(
            found["events"]?.arrayValue?.contains { $0["recurrenceRules"]?.arrayValue?.first?["daysOfTheMonth"] == [10] } ?? false, "\(found)")
    }

    private func history(of reminder: String, work: String) throws {
        call("saveReminder", ["reminder": ["calendarItemIdentifier": .string(reminder), "calendarIdentifier": .string(work)]])
        let page = call("changes", ["limit": 3])
        let cursor = try XCTUnwrap(page["nextCursor"]?.stringValue, "\(page)")
        call(
            "changes",
            ["client": "both-ways", "itemIdentifier": .string(reminder), "since": "2020-01-01T00:00:00Z", "until": "2100-01-01T00:00:00Z"])
        call("changes", ["cursor": .string(cursor)])
        call("undo", ["client": "both-ways", "count": 2])
        let latest = try XCTUnwrap(call("changes", ["limit": 1]).at("changes", 0, "changeIdentifier")?.stringValue)
        call("undo", ["changeIdentifier": .string(latest)])
        call("removeReminder", ["identifier": .string(reminder)])
        call("trash", ["limit": 10])
        call("restore", ["identifier": .string(reminder)])
        // Changes to a list and to an event, with their `before`.
        let page2 = call("changes", ["limit": 200])
        let kinds = Set(page2["changes"]?.arrayValue?.compactMap { $0["before"] != .null ? $0["kind"]?.stringValue : nil } ?? [])
        XCTAssertTrue(kinds.isSuperset(of: ["reminder", "list", "event"]), "\(kinds)")
    }

    /// Calls `method` and checks its declaration both ways; its result, or null after an error
    /// (which fails the test: every call here is one that succeeds).
    /// `failing`: a call that fails here (its params are checked, and its error is expected).
    @discardableResult
    private func call(_ method: String, _ params: JSONObject? = nil, failing: Bool = false) -> JSONValue {
        let response = server.channel.request(method, params.map(JSONValue.object))
        guard let registered = MethodRegistry.named(method) else {
            XCTFail("\(method) is not registered")
            return .null
        }
        covered.insert(method)
        let result = response["result"]
        if result == nil, !failing { XCTFail("\(method) failed: \(response.serialized)") }
        if result != nil, failing { XCTFail("\(method) was to fail: \(response.serialized)") }
        if result != nil { answered.insert(method) }
        checkBothWays(registered.declaration, params: params ?? JSONObject(), result: result)
        return result ?? .null
    }

    private func checkBothWays<M: RemindersMethod>(_ method: M.Type, params: JSONObject, result: JSONValue?) {
        var sent = params
        sent[CommitParam.name] = nil  // the dispatcher's, for every method that stages
        do {
            let read = try M.params(of: .object(sent))
            var writer = JSONWriter()
            read.write(to: &writer)
            let written = try JSONParser.parse(writer.bytes)
            Self.assert(.object(sent), holdsIn: written, at: "\(M.name) params")
            var again = JSONWriter()
            try M.params(of: written).write(to: &again)
            XCTAssertEqual(String(decoding: again.bytes, as: UTF8.self), String(decoding: writer.bytes, as: UTF8.self), "\(M.name) params")
        } catch {
            XCTFail("\(M.name): the params could not be read, written and read again: \(error)")
        }
        guard let result else { return }
        do {
            let rewritten = try JSONParser.parse(try M.Result(reading: result, zone: zone).json)
            if rewritten != result {
                XCTFail("\(M.name): the result read back writes\n\(rewritten.serialized)\nnot\n\(result.serialized)")
            }
        } catch {
            XCTFail("\(M.name): the result could not be read back: \(error)\n\(result.serialized)")
        }
    }

    /// Every member `sent` has is in `written` with the same value (a number by its value):
    /// written params may add the defaults the reader applied, never lose or change a member.
    private static func assert(_ sent: JSONValue, holdsIn written: JSONValue?, at path: String) {
        switch (sent, written) {
        case (.object(let object), .object(let other)?):
            for member in object.members { assert(member.value, holdsIn: other[member.key], at: "\(path).\(member.key)") }
        case (.array(let elements), .array(let others)?):
            guard elements.count == others.count else { return XCTFail("\(path): \(others.count) elements written for \(elements.count) sent") }
            for (index, element) in elements.enumerated() { assert(element, holdsIn: others[index], at: "\(path)[\(index)]") }
        default:
            if let number = sent.doubleValue, let other = written?.doubleValue, number == other { return }
            // An instant by the instant it names, however its offset and fraction were written.
            if let text = sent.stringValue, let instant = Timestamp(rfc3339: text), let other = written?.stringValue,
                Timestamp(rfc3339: other) == instant
            {
                return
            }
            if sent != written { XCTFail("\(path): sent \(sent.serialized), written \(written?.serialized ?? "nothing")") }
        }
    }
}
