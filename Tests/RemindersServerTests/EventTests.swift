import Foundation
import RemindersJSONRPC
import RemindersServerHarness
import RemindersTestSupport
import XCTest

/// Events through the real binary: the seed's scenarios (the modern EventKit guide), spans,
/// write-only access, dates in two zones, the four-year cap.
final class EventTests: XCTestCase {
    let folder = TemporaryFolder()

    private func server(_ client: String = "calendar-app", zone: String = "Europe/Berlin", status: String = "fullAccess") throws -> InProcessServer {
        XCTAssertEqual(
            try RemindersdProcess.run(["permissions", "set", "--any-program", client, status, "--entity", "event", "--store", folder.store]).status, 0
        )
        let server = try InProcessServer(store: folder.store)
        server.initialize(client: client, timeZone: zone)
        return server
    }

    @discardableResult
    private func save(_ server: InProcessServer, _ event: JSONValue, span: String? = nil) -> JSONValue {
        var params: JSONObject = ["event": event]
        if let span { params["span"] = .string(span) }
        return server.channel.request("saveEvent", .object(params))
    }

    private func fetch(_ server: InProcessServer, _ start: String, _ end: String) -> [JSONValue] {
        server.channel.request("fetchEvents", ["start": .string(start), "end": .string(end)]).at("result", "events")?.arrayValue ?? []
    }

    private func starts(_ events: [JSONValue]) -> [String] { events.compactMap { $0["startDate"]?.stringValue } }

    func testCreateInTheDefaultCalendarWithAPlaceAndAlarms() throws {
        let app = try server()
        let calendars = app.channel.request("calendars", ["entityType": "event"]).at("result", "calendars")?.arrayValue ?? []
        XCTAssertEqual(calendars.map { $0["title"] }, ["Calendar"])
        XCTAssertEqual(calendars.first?["allowedEntityTypes"], ["event"])
        let defaultCalendar = app.channel.request("defaultCalendarForNewEvents").at("result", "calendar")
        XCTAssertEqual(defaultCalendar?["calendarIdentifier"], calendars.first?["calendarIdentifier"])
        let writable = calendars.filter { $0["allowsContentModifications"] == true }
        XCTAssertEqual(writable.count, 1, "writable event calendars")

        let saved = save(
            app,
            [
                "title": "WWDC keynote", "startDate": "2027-06-07T10:00:00-07:00", "endDate": "2027-06-07T12:00:00-07:00",
                "timeZone": "America/Los_Angeles", "location": "Apple Park",
                "structuredLocation": ["title": "Apple Park", "geoLocation": ["latitude": 37.3349, "longitude": -122.0090]],
                "alarms": [["relativeOffset": -900], ["absoluteDate": "2027-06-06T16:00:00Z"]], "availability": "busy",
            ])
        let event = try XCTUnwrap(saved.at("result", "event"), "\(saved)")
        XCTAssertEqual(event["calendarIdentifier"], defaultCalendar?["calendarIdentifier"])
        XCTAssertEqual(event["startDate"], "2027-06-07T17:00:00.000Z")
        XCTAssertEqual(event["endDate"], "2027-06-07T19:00:00.000Z")
        XCTAssertEqual(event["timeZone"], "America/Los_Angeles")
        XCTAssertEqual(event["location"], "Apple Park")
        XCTAssertEqual(event.at("structuredLocation", "geoLocation", "latitude"), 37.3349)
        XCTAssertEqual(event["alarms"]?.arrayValue?.count, 2)
        XCTAssertEqual(event["hasAlarms"], true)
        let identifier = try XCTUnwrap(event["eventIdentifier"]?.stringValue)
        XCTAssertEqual(app.channel.request("event", ["identifier": .string(identifier)]).at("result", "event", "title"), "WWDC keynote")
        XCTAssertEqual(app.channel.request("event", ["identifier": "missing"]).at("result", "event"), .null)
        XCTAssertEqual(
            app.channel.request("calendarItem", ["identifier": .string(identifier)]).at("result", "event", "title"), "WWDC keynote",
            "calendarItem gives either kind")
        // A reminder list holds no events, and an event calendar no reminders.
        XCTAssertEqual(
            try RemindersdProcess.run(["permissions", "set", "--any-program", "calendar-app", "fullAccess", "--store", folder.store]).status, 0)
        let list = app.channel.request("calendars").at("result", "calendars", 0, "calendarIdentifier")
        XCTAssertEqual(
            save(
                app,
                [
                    "title": "x", "calendarIdentifier": list ?? .null, "startDate": "2027-01-01T10:00:00Z",
                    "endDate": "2027-01-01T11:00:00Z",
                ]
            ).errorReason, "calendarDoesNotAllowEvents")
        let reminder = app.channel.request(
            "saveReminder", ["reminder": ["title": "x", "calendarIdentifier": defaultCalendar?["calendarIdentifier"] ?? .null]])
        XCTAssertEqual(reminder.errorReason, "calendarDoesNotAllowReminders")
        XCTAssertEqual(app.shutDown(), 0)
    }

    /// Evolution's "before the end" (`relativeTo: "end"`): kept, moved with the end, and refused
    /// for a reminder, which has no end.
    func testAnAlarmThatFollowsTheEndMovesWithIt() throws {
        let app = try server()
        let saved = save(
            app,
            [
                "title": "Talk", "startDate": "2027-01-12T10:00:00Z", "endDate": "2027-01-12T11:00:00Z",
                "alarms": [["relativeOffset": 3000, "relativeTo": "end"], ["relativeOffset": -600]],
            ])
        let identifier = try XCTUnwrap(saved.at("result", "event", "eventIdentifier")?.stringValue, "\(saved)")
        XCTAssertEqual(saved.at("result", "event", "alarms", 0, "relativeTo"), "end")
        XCTAssertNil(saved.at("result", "event", "alarms", 1, "relativeTo"))
        save(app, ["eventIdentifier": .string(identifier), "endDate": "2027-01-12T12:00:00Z"])
        let moved = app.channel.request("event", ["identifier": .string(identifier)]).at("result", "event", "alarms")
        XCTAssertEqual(moved?.arrayValue?[0]["relativeOffset"], 6600, "ten minutes before the new end")
        XCTAssertEqual(moved?.arrayValue?[0]["relativeTo"], "end")
        XCTAssertEqual(moved?.arrayValue?[1]["relativeOffset"], -600, "one from the start stays")

        XCTAssertEqual(
            try RemindersdProcess.run(["permissions", "set", "--any-program", "calendar-app", "fullAccess", "--store", folder.store]).status, 0)
        let reminder = app.channel.request(
            "saveReminder",
            [
                "reminder": [
                    "title": "x", "dueDateComponents": ["year": 2027, "month": 1, "day": 12], "alarms": [["relativeOffset": 0, "relativeTo": "end"]],
                ]
            ])
        XCTAssertEqual(reminder.errorField, "reminder.alarms[0].relativeTo", "\(reminder)")
        let odd = save(app, ["eventIdentifier": .string(identifier), "alarms": [["relativeOffset": 0, "relativeTo": "middle"]]])
        XCTAssertEqual(odd.errorField, "event.alarms[0].relativeTo", "\(odd)")
    }

    func testTheRulesNameTheirReason() throws {
        let app = try server()
        XCTAssertEqual(save(app, ["title": "x", "endDate": "2027-01-01T11:00:00Z"]).errorReason, "noStartDate")
        XCTAssertEqual(save(app, ["title": "x", "startDate": "2027-01-01T11:00:00Z"]).errorReason, "noEndDate")
        XCTAssertEqual(
            save(app, ["title": "x", "startDate": "2027-01-01T11:00:00Z", "endDate": "2027-01-01T10:00:00Z"]).errorReason, "datesInverted")
        XCTAssertEqual(
            save(
                app,
                [
                    "title": "x", "startDate": "2027-01-01T10:00:00Z", "endDate": "2027-01-03T10:00:00Z",
                    "recurrenceRules": [["frequency": "daily"]],
                ]
            ).errorReason, "durationGreaterThanRecurrence")
        XCTAssertEqual(
            save(
                app,
                [
                    "title": "x", "startDate": "2027-01-01T10:00:00Z", "endDate": "2027-01-01T11:00:00Z",
                    "calendarIdentifier": "nowhere",
                ]
            ).errorReason, "noCalendar")
        XCTAssertEqual(
            save(
                app,
                [
                    "title": "x", "startDate": "2027-01-01T10:00:00Z", "endDate": "2027-01-01T11:00:00Z",
                    "recurrenceRules": [["frequency": "daily"], ["frequency": "weekly"]],
                ]
            ).errorField, "event.recurrenceRules")
        let readOnly = app.channel.request(
            "saveCalendar",
            [
                "calendar": [
                    "title": "Holidays", "allowedEntityTypes": ["event"],
                    "allowsContentModifications": false,
                ]
            ])
        XCTAssertEqual(readOnly.at("result", "calendar", "allowedEntityTypes"), ["event"])
        XCTAssertEqual(
            save(
                app,
                [
                    "title": "x", "startDate": "2027-01-01T10:00:00Z", "endDate": "2027-01-01T11:00:00Z",
                    "calendarIdentifier": readOnly.at("result", "calendar", "calendarIdentifier") ?? .null,
                ]
            ).errorReason, "calendarReadOnly")
        let single = save(app, ["title": "one", "startDate": "2027-01-01T10:00:00Z", "endDate": "2027-01-01T11:00:00Z"]).at("result", "event")
        let stale = app.channel.request(
            "saveEvent",
            [
                "event": [
                    "eventIdentifier": single?["eventIdentifier"] ?? .null, "title": "stale",
                    "lastModifiedDate": "2020-01-01T00:00:00Z",
                ]
            ])
        XCTAssertEqual(stale.errorCode, -32012)
        // The stored event, whole, as a fetch gives it: the client can show what it would overwrite.
        XCTAssertEqual(stale.at("error", "data", "current", "title"), "one")
        XCTAssertEqual(stale.at("error", "data", "current", "startDate"), single?["startDate"])
        XCTAssertEqual(app.shutDown(), 0)
    }

    /// Weekly; every 2 weeks × 10; monthly until a date; Monday and Wednesday — fetched in order.
    func testRecurringEventsAreExpandedAndSorted() throws {
        let app = try server()
        save(
            app,
            [
                "title": "Weekly", "startDate": "2027-01-04T09:00:00Z", "endDate": "2027-01-04T10:00:00Z", "timeZone": "UTC",
                "recurrenceRules": [["frequency": "weekly"]],
            ])
        save(
            app,
            [
                "title": "Fortnightly", "startDate": "2027-01-05T09:00:00Z", "endDate": "2027-01-05T10:00:00Z", "timeZone": "UTC",
                "recurrenceRules": [["frequency": "weekly", "interval": 2, "recurrenceEnd": ["occurrenceCount": 10]]],
            ])
        save(
            app,
            [
                "title": "Monthly", "startDate": "2027-01-15T12:00:00Z", "endDate": "2027-01-15T13:00:00Z", "timeZone": "UTC",
                "recurrenceRules": [["frequency": "monthly", "recurrenceEnd": ["endDate": "2027-04-30T00:00:00Z"]]],
            ])
        save(
            app,
            [
                "title": "Mon+Wed", "startDate": "2027-01-04T18:00:00Z", "endDate": "2027-01-04T19:00:00Z", "timeZone": "UTC",
                "recurrenceRules": [["frequency": "weekly", "daysOfTheWeek": [["dayOfTheWeek": 2], ["dayOfTheWeek": 4]]]],
            ])
        let january = fetch(app, "2027-01-01T00:00:00Z", "2027-02-01T00:00:00Z")
        XCTAssertEqual(starts(january), starts(january).sorted(), "sorted by startDate")
        func count(_ title: String, _ events: [JSONValue]) -> Int { events.filter { $0["title"]?.stringValue == title }.count }
        XCTAssertEqual(count("Weekly", january), 4)
        XCTAssertEqual(count("Fortnightly", january), 2)
        XCTAssertEqual(count("Monthly", january), 1)
        XCTAssertEqual(count("Mon+Wed", january), 8)
        let year = fetch(app, "2027-01-01T00:00:00Z", "2028-01-01T00:00:00Z")
        XCTAssertEqual(count("Fortnightly", year), 10)
        XCTAssertEqual(count("Monthly", year), 4, "until the end of April")
        // Each occurrence says which one it is.
        let weekly = january.filter { $0["title"] == "Weekly" }
        XCTAssertEqual(weekly.map { $0["occurrenceDate"] }, weekly.map { $0["startDate"] })
        XCTAssertEqual(Set(weekly.compactMap { $0["eventIdentifier"]?.stringValue }).count, 1)
        // An event that started before the range but overlaps it is in it.
        save(app, ["title": "Long", "startDate": "2027-02-27T20:00:00Z", "endDate": "2027-03-02T08:00:00Z"])
        XCTAssertEqual(count("Long", fetch(app, "2027-03-01T00:00:00Z", "2027-03-01T01:00:00Z")), 1)
        XCTAssertEqual(app.shutDown(), 0)
    }

    /// thisEvent and futureEvents, on a weekly series of ten: what later fetches return.
    func testSpansOnAWeeklySeries() throws {
        let app = try server()
        let series = save(
            app,
            [
                "title": "Standup", "startDate": "2027-01-04T09:00:00Z", "endDate": "2027-01-04T09:15:00Z", "timeZone": "UTC",
                "recurrenceRules": [["frequency": "weekly", "recurrenceEnd": ["occurrenceCount": 10]]],
            ]
        ).at("result", "event")!
        let id = series["eventIdentifier"]!
        let all = { self.fetch(app, "2027-01-01T00:00:00Z", "2027-06-01T00:00:00Z") }
        XCTAssertEqual(all().count, 10)

        // thisEvent: the third occurrence moves an hour; it is detached and keeps its occurrenceDate.
        let moved = save(
            app,
            [
                "eventIdentifier": id, "occurrenceDate": "2027-01-18T09:00:00Z", "startDate": "2027-01-18T10:00:00Z",
                "endDate": "2027-01-18T10:15:00Z",
            ], span: "thisEvent"
        ).at("result", "event")!
        XCTAssertEqual(moved["isDetached"], true)
        XCTAssertEqual(moved["occurrenceDate"], "2027-01-18T09:00:00.000Z")
        XCTAssertEqual(moved["eventIdentifier"], id)
        var events = all()
        XCTAssertEqual(events.count, 10)
        XCTAssertEqual(events[2]["startDate"], "2027-01-18T10:00:00.000Z")
        XCTAssertEqual(
            app.channel.request("event", ["identifier": id, "occurrenceDate": "2027-01-18T09:00:00Z"]).at("result", "event", "isDetached"), true)
        XCTAssertEqual(
            save(app, ["eventIdentifier": moved["calendarItemIdentifier"]!, "title": "x"], span: "futureEvents").errorReason, "invalidSpan")

        // removeEvent thisEvent: the fifth occurrence goes.
        XCTAssertNotNil(app.channel.request("removeEvent", ["identifier": id, "occurrenceDate": "2027-02-01T09:00:00Z", "span": "thisEvent"]).result)
        events = all()
        XCTAssertEqual(events.count, 9)
        XCTAssertFalse(starts(events).contains("2027-02-01T09:00:00.000Z"))

        // futureEvents from the seventh: a new series of the four left, renamed.
        let split = save(
            app, ["eventIdentifier": id, "occurrenceDate": "2027-02-15T09:00:00Z", "title": "Standup (new room)"],
            span: "futureEvents"
        ).at("result", "event")!
        XCTAssertNotEqual(split["eventIdentifier"], id)
        events = all()
        XCTAssertEqual(events.count, 9)
        XCTAssertEqual(events.filter { $0["title"] == "Standup (new room)" }.count, 4)
        XCTAssertEqual(events.filter { $0["title"] == "Standup" }.count, 5, "four of the old series and its detached one")

        // removeEvent futureEvents from the second: the old series keeps only its first.
        XCTAssertNotNil(
            app.channel.request("removeEvent", ["identifier": id, "occurrenceDate": "2027-01-11T09:00:00Z", "span": "futureEvents"]).result)
        events = all()
        XCTAssertEqual(events.filter { $0["eventIdentifier"] == id }.count, 1)
        XCTAssertEqual(events.count, 5)
        // futureEvents on the first occurrence changes the whole series.
        save(app, ["eventIdentifier": split["eventIdentifier"]!, "occurrenceDate": "2027-02-15T09:00:00Z", "title": "Renamed"], span: "futureEvents")
        XCTAssertEqual(all().filter { $0["title"] == "Renamed" }.count, 4)
        XCTAssertNotNil(app.channel.request("removeEvent", ["identifier": split["eventIdentifier"]!]).result)
        XCTAssertEqual(all().count, 1)
        XCTAssertEqual(app.channel.request("removeEvent", ["identifier": "missing"]).errorCode, -32011)
        XCTAssertEqual(app.shutDown(), 0)
    }

    /// iOS 17's write-only access for events: it adds, sees the default calendar, reads nothing.
    func testWriteOnlyCreatesButCannotRead() throws {
        let owner = try server("owner")
        let other = owner.channel.request("saveCalendar", ["calendar": ["title": "Work", "allowedEntityTypes": ["event"]]]).at(
            "result", "calendar", "calendarIdentifier")!
        XCTAssertEqual(owner.shutDown(), 0)
        let booker = try server("booking-app", status: "writeOnly")
        let calendars = booker.channel.request("calendars", ["entityType": "event"]).at("result", "calendars")?.arrayValue ?? []
        XCTAssertEqual(calendars.map { $0["title"] }, ["Calendar"], "only the default one")
        let made = save(booker, ["title": "Dentist", "startDate": "2027-03-01T08:00:00Z", "endDate": "2027-03-01T08:30:00Z"])
        let id = try XCTUnwrap(made.at("result", "event", "eventIdentifier"), "\(made)")
        for (method, params) in [
            ("fetchEvents", ["start": "2027-01-01T00:00:00Z", "end": "2027-12-01T00:00:00Z"] as JSONValue),
            ("event", ["identifier": id]), ("removeEvent", ["identifier": id]),
        ] {
            let refused = booker.channel.request(method, params)
            XCTAssertEqual(refused.errorCode, -32010, method)
            XCTAssertEqual(refused.at("error", "data", "status"), "writeOnly", method)
        }
        XCTAssertEqual(save(booker, ["eventIdentifier": id, "title": "Changed"]).errorCode, -32010, "not even its own")
        XCTAssertEqual(
            save(
                booker,
                [
                    "title": "Elsewhere", "calendarIdentifier": other, "startDate": "2027-03-01T08:00:00Z",
                    "endDate": "2027-03-01T08:30:00Z",
                ]
            ).errorCode, -32010)
        XCTAssertEqual(booker.channel.request("fetchReminders").errorCode, -32010, "events access grants nothing for reminders")
        XCTAssertEqual(booker.shutDown(), 0)
        let check = try server("owner")
        XCTAssertEqual(fetch(check, "2027-01-01T00:00:00Z", "2027-12-01T00:00:00Z").map { $0["title"] }, ["Dentist"])
        XCTAssertEqual(check.shutDown(), 0)
    }

    /// All-day and floating events read in two zones; a series across a DST change; the cap.
    func testDatesInTwoZonesAcrossDSTAndTheFourYearCap() throws {
        let berlin = try server("berlin", zone: "Europe/Berlin")
        save(berlin, ["title": "Christmas", "isAllDay": true, "startDate": "2026-12-24T00:00:00+01:00", "endDate": "2026-12-25T00:00:00+01:00"])
        save(berlin, ["title": "Breakfast", "timeZone": .null, "startDate": "2026-12-24T08:00:00+01:00", "endDate": "2026-12-24T09:00:00+01:00"])
        save(
            berlin,
            [
                "title": "Call", "timeZone": "Europe/Berlin", "startDate": "2026-03-23T09:00:00+01:00", "endDate": "2026-03-23T09:30:00+01:00",
                "recurrenceRules": [["frequency": "weekly", "recurrenceEnd": ["occurrenceCount": 2]]],
            ])
        let here = fetch(berlin, "2026-12-23T00:00:00Z", "2026-12-26T00:00:00Z")
        XCTAssertEqual(here.first { $0["title"] == "Christmas" }?["startDate"], "2026-12-23T23:00:00.000Z", "00:00 in Berlin")
        XCTAssertEqual(here.first { $0["title"] == "Christmas" }?["endDate"], "2026-12-24T22:59:59.000Z", "23:59:59 of its one day")
        XCTAssertEqual(here.first { $0["title"] == "Breakfast" }?["timeZone"], .null)
        XCTAssertEqual(berlin.shutDown(), 0)

        let tokyo = try server("tokyo", zone: "Asia/Tokyo")
        let there = fetch(tokyo, "2026-12-22T00:00:00Z", "2026-12-26T00:00:00Z")
        XCTAssertEqual(there.first { $0["title"] == "Christmas" }?["startDate"], "2026-12-23T15:00:00.000Z", "the same day, in Tokyo")
        XCTAssertEqual(there.first { $0["title"] == "Breakfast" }?["startDate"], "2026-12-23T23:00:00.000Z", "08:00 on Tokyo's clock")
        // 09:00 Berlin before and after the clocks go forward (29 March): 08:00Z, then 07:00Z.
        let calls = fetch(tokyo, "2026-03-01T00:00:00Z", "2026-05-01T00:00:00Z").filter { $0["title"] == "Call" }
        XCTAssertEqual(starts(calls), ["2026-03-23T08:00:00.000Z", "2026-03-30T07:00:00.000Z"])
        let capped = tokyo.channel.request("fetchEvents", ["start": "2026-01-01T00:00:00Z", "end": "2036-01-01T00:00:00Z"])
        XCTAssertEqual(capped.at("result", "truncatedEnd"), "2030-01-01T00:00:00.000Z")
        XCTAssertNil(
            tokyo.channel.request("fetchEvents", ["start": "2026-01-01T00:00:00Z", "end": "2027-01-01T00:00:00Z"]).at("result", "truncatedEnd"))
        XCTAssertEqual(tokyo.channel.request("fetchEvents", ["start": "2027-01-01T00:00:00Z", "end": "2026-01-01T00:00:00Z"]).errorField, "end")
        XCTAssertEqual(tokyo.shutDown(), 0)
    }

    /// Events out as VEVENTs and back: a series with an override and an exception, an all-day one;
    /// importing twice changes nothing; a list refuses them, naming why.
    func testICalendarExportAndImportOfEvents() throws {
        let app = try server()
        XCTAssertEqual(
            try RemindersdProcess.run(["permissions", "set", "--any-program", "calendar-app", "fullAccess", "--store", folder.store]).status, 0)
        let calendar = app.channel.request("defaultCalendarForNewEvents").at("result", "calendar", "calendarIdentifier")!
        let series = save(
            app,
            [
                "title": "Team sync", "startDate": "2026-12-07T09:00:00+01:00", "endDate": "2026-12-07T10:00:00+01:00",
                "timeZone": "Europe/Berlin", "location": "Room 1",
                "structuredLocation": ["title": "Room 1", "geoLocation": ["latitude": 52.5, "longitude": 13.4]],
                "recurrenceRules": [["frequency": "weekly", "recurrenceEnd": ["occurrenceCount": 5]]],
                "alarms": [["relativeOffset": -900]], "status": "confirmed", "availability": "free",
            ]
        ).at("result", "event", "eventIdentifier")!
        save(
            app,
            [
                "eventIdentifier": series, "occurrenceDate": "2026-12-14T08:00:00Z", "startDate": "2026-12-14T09:30:00Z",
                "endDate": "2026-12-14T10:30:00Z", "title": "Moved",
            ])
        XCTAssertNotNil(app.channel.request("removeEvent", ["identifier": series, "occurrenceDate": "2026-12-21T08:00:00Z"]).result)
        save(app, ["title": "Holiday", "isAllDay": true, "startDate": "2026-12-24T00:00:00+01:00", "endDate": "2026-12-25T23:59:59+01:00"])
        let exported = app.channel.request("exportICalendar", ["calendarIdentifiers": [calendar]]).at("result", "text")?.stringValue ?? ""
        for line in [
            "DTSTART;TZID=Europe/Berlin:20261207T090000", "RRULE:FREQ=WEEKLY;COUNT=5", "EXDATE;TZID=Europe/Berlin:20261221T090000",
            "RECURRENCE-ID;TZID=Europe/Berlin:20261214T090000", "DTSTART;VALUE=DATE:20261224", "DTEND;VALUE=DATE:20261226",
            "GEO:52.5;13.4", "STATUS:CONFIRMED", "TRANSP:TRANSPARENT", "TRIGGER:-PT15M", "BEGIN:VTIMEZONE",
        ] {
            XCTAssertTrue(exported.contains(line + "\r\n"), "\(line) in\n\(exported)")
        }
        let before = fetch(app, "2026-12-01T00:00:00Z", "2027-02-01T00:00:00Z")
        XCTAssertEqual(app.shutDown(), 0)

        // Into another store: the same occurrences.
        let other = TemporaryFolder()
        for entity in ["reminder", "event"] {
            XCTAssertEqual(
                try RemindersdProcess.run([
                    "permissions", "set", "--any-program", "importer", "fullAccess", "--entity", entity, "--store", other.store,
                ]).status, 0)
        }
        let importer = try InProcessServer(store: other.store)
        importer.initialize(client: "importer", timeZone: "Europe/Berlin")
        let target = importer.channel.request("defaultCalendarForNewEvents").at("result", "calendar", "calendarIdentifier")!
        let first = importer.channel.request("importICalendar", ["text": .string(exported), "calendarIdentifier": target])
        XCTAssertEqual(first.at("result", "imported"), 2, "\(first)")
        XCTAssertEqual(
            importer.channel.request("importICalendar", ["text": .string(exported), "calendarIdentifier": target]).at("result", "unchanged"), 2)
        let after = fetch(importer, "2026-12-01T00:00:00Z", "2027-02-01T00:00:00Z")
        func shape(_ events: [JSONValue]) -> [String] {
            events.map {
                "\($0["startDate"]!.serialized) \($0["endDate"]!.serialized) \($0["title"]!.serialized) \($0["isDetached"]!.serialized) \($0["isAllDay"]!.serialized) \($0["location"]!.serialized) \($0["status"]!.serialized) \($0["availability"]!.serialized)"
            }
        }
        XCTAssertEqual(shape(after), shape(before))
        XCTAssertEqual(after.count, 5, "four of the series (one moved, one removed) and the holiday")
        let intoList = importer.channel.request("importICalendar", ["text": .string(exported)])
        XCTAssertEqual(intoList.at("result", "imported"), 0)
        XCTAssertTrue(
            intoList.at("result", "skipped", 0, "message")?.stringValue?.contains("import events into an event calendar") == true, "\(intoList)")
        XCTAssertEqual(importer.shutDown(), 0)
    }

    /// commit:false stages events as it stages reminders: this client's `event` sees them, nobody
    /// else does until commit — and `fetchEvents`, as EventKit's `events(matching:)`, gives
    /// committed events only; reset forgets them; a span's detached occurrence keeps its identifier.
    func testStagedEventsAreSeenByTheirClientOnlyUntilCommit() throws {
        let app = try server()
        let other = try server("other-app")
        let week = ("2027-01-01T00:00:00Z", "2027-02-01T00:00:00Z")
        let staged = app.channel.request(
            "saveEvent",
            [
                "event": [
                    "title": "Staged", "startDate": "2027-01-04T09:00:00Z", "endDate": "2027-01-04T10:00:00Z",
                    "recurrenceRules": [["frequency": "weekly", "recurrenceEnd": ["occurrenceCount": 3]]],
                ],
                "commit": false,
            ]
        ).at("result", "event")!
        let id = staged["eventIdentifier"]!
        XCTAssertEqual(app.channel.request("event", ["identifier": id]).at("result", "event", "title"), "Staged", "its own client sees it")
        XCTAssertEqual(fetch(app, week.0, week.1).count, 0, "fetchEvents gives committed events only")
        XCTAssertEqual(fetch(other, week.0, week.1).count, 0, "nobody else does")
        XCTAssertEqual(other.channel.request("event", ["identifier": id]).at("result", "event"), .null)
        let detached = app.channel.request(
            "saveEvent",
            [
                "event": ["eventIdentifier": id, "occurrenceDate": "2027-01-11T09:00:00Z", "title": "Moved"],
                "span": "thisEvent", "commit": false,
            ]
        ).at("result", "event")!
        XCTAssertEqual(
            app.channel.request("event", ["identifier": id, "occurrenceDate": "2027-01-11T09:00:00Z"]).at("result", "event", "title"), "Moved")
        XCTAssertNotNil(app.channel.request("removeEvent", ["identifier": id, "occurrenceDate": "2027-01-18T09:00:00Z", "commit": false]).result)
        XCTAssertEqual(
            app.channel.request("event", ["identifier": id, "occurrenceDate": "2027-01-18T09:00:00Z"]).at("result", "event"), .null,
            "a staged removal reads as none")
        XCTAssertEqual(fetch(app, week.0, week.1).count, 0)
        XCTAssertNotNil(app.channel.request("commit").result)
        let committed = fetch(other, week.0, week.1)
        XCTAssertEqual(committed.map { $0["title"] }, ["Staged", "Moved"], "committed, in one transaction")
        XCTAssertEqual(committed[0]["eventIdentifier"], id, "the identifier given when staged")
        XCTAssertEqual(committed[1]["calendarItemIdentifier"], detached["calendarItemIdentifier"])
        // reset forgets what is staged; a refused change stages nothing.
        app.channel.request(
            "saveEvent", ["event": ["title": "Forgotten", "startDate": "2027-01-20T09:00:00Z", "endDate": "2027-01-20T10:00:00Z"], "commit": false])
        XCTAssertEqual(
            save(app, ["title": "Bad", "startDate": "2027-01-20T10:00:00Z", "endDate": "2027-01-20T09:00:00Z"]).errorReason, "datesInverted")
        XCTAssertNotNil(app.channel.request("reset").result)
        XCTAssertNotNil(app.channel.request("commit").result)
        XCTAssertEqual(fetch(other, week.0, week.1).map { $0["title"] }, ["Staged", "Moved"])
        XCTAssertEqual(other.shutDown(), 0)
        XCTAssertEqual(app.shutDown(), 0)
    }

    /// EKEventStoreChanged for events: another client's event commit reaches a listener, a staged
    /// one does not, and the listener's refetch shows the change.
    /// calendarItem decides whose access it needs from the view it reads: a client with access to
    /// events only reads the event it staged, where the committed store has no such event and the
    /// call used to be checked against reminders (-32010).
    func testCalendarItemOfAStagedEventNeedsAccessToEventsOnly() throws {
        let app = try server()
        let staged = app.channel.request(
            "saveEvent",
            [
                "event": ["title": "Staged", "startDate": "2027-01-04T09:00:00Z", "endDate": "2027-01-04T10:00:00Z"],
                "commit": false,
            ]
        ).at("result", "event", "eventIdentifier")
        let item = app.channel.request("calendarItem", ["identifier": staged ?? .null])
        XCTAssertNil(item["error"], "\(item)")
        XCTAssertEqual(item.at("result", "event", "title"), "Staged")
        XCTAssertEqual(app.shutDown(), 0)
    }

    func testOtherClientsHearOfEventCommits() throws {
        // The writer first: granting it writes to the store, which the listener would hear of.
        let writer = try server("writer"), listener = try server("listener")
        _ = listener.channel.drainNotifications("storeChanged")
        save(writer, ["title": "Planning", "startDate": "2027-02-01T09:00:00Z", "endDate": "2027-02-01T10:00:00Z"])
        XCTAssertNotNil(listener.channel.notification("storeChanged", timeout: 1.5))
        XCTAssertEqual(fetch(listener, "2027-02-01T00:00:00Z", "2027-02-02T00:00:00Z").compactMap { $0["title"]?.stringValue }, ["Planning"])
        XCTAssertNil(listener.channel.notification("storeChanged", timeout: 0.6), "one commit, one notification")
        writer.channel.request(
            "saveEvent",
            [
                "event": ["title": "Draft", "startDate": "2027-02-01T11:00:00Z", "endDate": "2027-02-01T12:00:00Z"],
                "commit": false,
            ])
        XCTAssertNil(listener.channel.notification("storeChanged", timeout: 0.6))
        XCTAssertEqual(listener.shutDown(), 0)
        XCTAssertEqual(writer.shutDown(), 0)
    }
}
