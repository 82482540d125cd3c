import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// Subscribed calendars through the real binaries: feeds published on 127.0.0.1 by
/// `Tests/Feeds/feeds.py` (ETag, Last-Modified, 304s, redirects, 410), subscribed to and refreshed
/// with `remindersd subscriptions` and the JSON-RPC methods, read back as a client reads them.
final class SubscriptionTests: XCTestCase {
    let folder = TemporaryFolder()

    private func remindersd(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try RemindersdProcess.run(arguments + ["--store", folder.store])
    }

    private func fixture(_ name: String) throws -> String { try LocalFeedPublisher.fixture(name) }

    /// A one-shot call as the client `calendar-app` (granted full access to both kinds once).
    private func call(_ method: String, _ params: JSONValue = [:], client: String = "calendar-app") throws -> (
        result: JSONValue?, error: JSONValue?
    ) {
        let run = try remindersd(["call", method, params.serialized, "--client", client])
        if run.status == 0 { return (try JSONParser.parse(run.stdout), nil) }
        return (nil, try? JSONParser.parse(run.stderr.split(separator: "\n").first { $0.hasPrefix("{") }.map(String.init) ?? ""))
    }

    private func grant(_ client: String = "calendar-app", _ status: String = "fullAccess", extra: [String] = []) throws {
        for entity in ["reminder", "event"] {
            let granted = try remindersd(["permissions", "set", "--any-program", client, status, "--entity", entity] + extra)
            XCTAssertEqual(granted.status, 0, granted.stderr)
        }
    }

    private func events(in calendar: String) throws -> [JSONValue] {
        let found = try call(
            "fetchEvents", ["start": "2026-01-01T00:00:00Z", "end": "2028-01-01T00:00:00Z", "calendarIdentifiers": [.string(calendar)]])
        return try XCTUnwrap(found.result?["events"]?.arrayValue, "\(found.error ?? .null)")
    }

    private func subscriptions() throws -> [JSONValue] {
        let listed = try remindersd(["subscriptions", "list", "--json"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        return try JSONParser.parse(listed.stdout)["subscriptions"]?.arrayValue ?? []
    }

    func testAHolidayFeedIsAReadOnlyCalendarRefreshedByConditionalRequestsThatKeepIdentifiers() throws {
        let publisher = try LocalFeedPublisher()
        try publisher.publish("holidays.ics", try fixture("holidays.ics"))
        let webcal = publisher.base.replacingOccurrences(of: "http://", with: "webcal://") + "/holidays.ics"
        let added = try remindersd(["subscriptions", "add", webcal])
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertTrue(added.stdout.contains("Subscribed to \"Holidays in United Kingdom\""), added.stdout)
        XCTAssertTrue(added.stdout.contains("4 added, 0 changed, 0 removed, 0 unchanged (1 request)"), added.stdout)
        XCTAssertEqual(publisher.requests.map(\.path), ["/holidays.ics"], "webcal:// fetched as http://")

        try grant()
        let calendars = try XCTUnwrap(try call("calendars", ["entityType": "event"]).result?["calendars"]?.arrayValue)
        let subscribed = try XCTUnwrap(calendars.first { $0["title"] == "Holidays in United Kingdom" }, "\(calendars)")
        XCTAssertEqual(subscribed["type"], "subscription")
        XCTAssertEqual(subscribed["allowsContentModifications"], false)
        XCTAssertEqual(subscribed["isDefault"], false, "new events never go to a subscription")
        let calendar = try XCTUnwrap(subscribed["calendarIdentifier"]?.stringValue)
        let before = try events(in: calendar)
        XCTAssertEqual(before.count, 4)
        let christmas = try XCTUnwrap(before.first { $0["title"] == "Christmas Day" })
        XCTAssertEqual(christmas["isAllDay"], true)
        XCTAssertEqual(christmas["startDate"], "2026-12-25T00:00:00.000Z", "\(christmas)")

        // Every write is refused as EventKit refuses one to a read-only calendar.
        let written = try call(
            "saveEvent",
            [
                "event": [
                    "title": "Mine", "startDate": "2026-12-20T10:00:00Z", "endDate": "2026-12-20T11:00:00Z", "calendarIdentifier": .string(calendar),
                ]
            ])
        XCTAssertEqual(written.error?["data"]?["reason"], "calendarReadOnly", "\(written.error ?? .null)")
        let edited = try call("saveEvent", ["event": ["eventIdentifier": christmas["eventIdentifier"]!, "title": "Xmas"], "span": "futureEvents"])
        XCTAssertEqual(edited.error?["data"]?["reason"], "calendarReadOnly", "\(edited.error ?? .null)")
        let removed = try call("removeEvent", ["identifier": christmas["eventIdentifier"]!, "span": "futureEvents"])
        XCTAssertEqual(removed.error?["data"]?["reason"], "calendarReadOnly", "\(removed.error ?? .null)")
        let opened = try call("saveCalendar", ["calendar": ["calendarIdentifier": .string(calendar), "allowsContentModifications": true]])
        XCTAssertEqual(opened.error?["data"]?["reason"], "calendarReadOnly", "\(opened.error ?? .null)")
        let renamed = try call("saveCalendar", ["calendar": ["calendarIdentifier": .string(calendar), "title": "Bank holidays"]])
        XCTAssertEqual(renamed.result?["calendar"]?["title"], "Bank holidays", "a subscribed calendar may be renamed, as on a Mac")
        let history = try XCTUnwrap(try call("changes", ["limit": 1000]).result?["changes"]?.arrayValue?.count)

        // Unchanged: one request, conditional on what the last answer said; nothing written.
        let unchanged = try remindersd(["subscriptions", "refresh"])
        XCTAssertEqual(unchanged.status, 0, unchanged.stderr)
        XCTAssertEqual(unchanged.stdout, "Bank holidays: not modified (1 request)\n")
        let second = try XCTUnwrap(publisher.requests.last)
        XCTAssertEqual(second.status, 304)
        XCTAssertTrue(second.ifNoneMatch.hasPrefix("\""), "\(second)")
        XCTAssertFalse(second.ifModifiedSince.isEmpty, "\(second)")
        XCTAssertEqual(try call("changes", ["limit": 1000]).result?["changes"]?.arrayValue?.count, history, "a 304 changes nothing")

        // The same events with a new DTSTAMP (as Google writes one at every request): fetched, nothing changes.
        try publisher.publish(
            "holidays.ics", try fixture("holidays.ics").replacingOccurrences(of: "DTSTAMP:20261206T120000Z", with: "DTSTAMP:20261207T060000Z"))
        let restamped = try remindersd(["subscriptions", "refresh", "Bank holidays"])
        XCTAssertTrue(restamped.stdout.contains("0 added, 0 changed, 0 removed, 4 unchanged"), restamped.stdout)
        XCTAssertEqual(try call("changes", ["limit": 1000]).result?["changes"]?.arrayValue?.count, history, "an unchanged feed records no change")

        // One changed, one gone, one new: identifiers of the others kept.
        var pieces = try fixture("holidays.ics").components(separatedBy: "BEGIN:VEVENT\r\n")
        let easter = try XCTUnwrap(pieces.firstIndex { $0.contains("UID:20270329_easter@google.com") })
        pieces[easter] = [
            "DTSTART;VALUE=DATE:20270503", "DTEND;VALUE=DATE:20270504", "DTSTAMP:20261206T120000Z", "UID:20270503_mayday@google.com",
            "SUMMARY:Early May bank holiday", "TRANSP:TRANSPARENT", "END:VEVENT", "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
        let text = pieces.joined(separator: "BEGIN:VEVENT\r\n").replacingOccurrences(
            of: "SUMMARY:Boxing Day", with: "SUMMARY:Boxing Day (substitute)")
        try publisher.publish("holidays.ics", text)
        let refreshed = try remindersd(["subscriptions", "refresh"])
        XCTAssertTrue(refreshed.stdout.contains("1 added, 1 changed, 1 removed, 2 unchanged"), refreshed.stdout)
        let after = try events(in: calendar)
        XCTAssertEqual(
            Set(after.compactMap { $0["title"]?.stringValue }),
            ["Christmas Day", "Boxing Day (substitute)", "New Year's Day", "Early May bank holiday"])
        func identifier(_ title: String, _ list: [JSONValue]) -> JSONValue? { list.first { $0["title"]?.stringValue == title }?["eventIdentifier"] }
        XCTAssertEqual(identifier("Christmas Day", after), identifier("Christmas Day", before))
        XCTAssertEqual(identifier("New Year's Day", after), identifier("New Year's Day", before))
        XCTAssertEqual(identifier("Boxing Day (substitute)", after), identifier("Boxing Day", before), "changed in place, not made anew")

        let listed = try XCTUnwrap(try subscriptions().first)
        XCTAssertEqual(listed["url"]?.stringValue, publisher.base + "/holidays.ics")
        XCTAssertEqual(listed["failures"], 0)
        XCTAssertEqual(listed["every"], 86_400)
        XCTAssertTrue(listed["lastResult"]?.stringValue?.hasPrefix("ok: 1 added") ?? false, "\(listed)")

        XCTAssertEqual(try remindersd(["subscriptions", "remove", "Bank holidays"]).status, 0)
        XCTAssertEqual(try subscriptions(), [])
        XCTAssertFalse(
            try XCTUnwrap(try call("calendars", ["entityType": "event"]).result?["calendars"]?.arrayValue).contains {
                $0["calendarIdentifier"]?.stringValue == calendar
            })
        XCTAssertEqual(try remindersd(["subscriptions", "remove", "Bank holidays"]).status, 3)
    }

    func testRedirectsAreFollowedHereAndAFeedThatBreaksOrGoesIsSaidSoAndLosesNothing() throws {
        let publisher = try LocalFeedPublisher()
        try publisher.publish("holidays.ics", try fixture("holidays.ics"))
        try publisher.route(["/old.ics": (301, "/holidays.ics"), "/elsewhere.ics": (302, "file:///etc/passwd")])
        XCTAssertEqual(try remindersd(["subscriptions", "add", publisher.base + "/old.ics", "--title", "Holidays"]).status, 0)
        XCTAssertEqual(publisher.requests.map(\.path), ["/old.ics", "/holidays.ics"])
        XCTAssertEqual(try subscriptions().first?["url"]?.stringValue, publisher.base + "/holidays.ics", "a permanent redirect moves it")
        XCTAssertEqual(try remindersd(["subscriptions", "refresh"]).status, 0)
        XCTAssertEqual(publisher.requests.last?.path, "/holidays.ics", "asked at its new address")

        // A feed that no longer parses: the refresh fails, says so, and the last good copy stays.
        try publisher.publish("holidays.ics", "<html><body>Service temporarily unavailable</body></html>")
        let broken = try remindersd(["subscriptions", "refresh"])
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.stdout.contains("Holidays: failed: the feed is no iCalendar"), broken.stdout)
        XCTAssertTrue(broken.stdout.contains("the last good copy is kept"), broken.stdout)
        try grant()
        let calendar = try XCTUnwrap(try subscriptions().first?["calendarIdentifier"]?.stringValue)
        XCTAssertEqual(try events(in: calendar).count, 4)
        let failing = try XCTUnwrap(try subscriptions().first)
        XCTAssertEqual(failing["failures"], 1)
        XCTAssertNotEqual(failing["nextRefresh"], .null, "when it is tried again is shown")
        XCTAssertTrue(failing["lastResult"]?.stringValue?.hasPrefix("failed: the feed is no iCalendar") ?? false, "\(failing)")
        // The backoff holds for the agent's refresh of those due; a refresh asked for goes at once.
        let due = try call("refreshSubscriptions", ["dueOnly": true])
        XCTAssertEqual(due.result?["refreshes"], [], "\(due.error ?? .null)")

        // A redirect to a file is not followed.
        let added = try remindersd(["subscriptions", "add", publisher.base + "/elsewhere.ics", "--title", "Elsewhere"])
        XCTAssertEqual(added.status, 1)
        XCTAssertTrue(added.stdout.contains("Elsewhere: failed: the server redirected to a file: address, which is not followed"), added.stdout)
        XCTAssertFalse(publisher.requests.contains { $0.path == "/etc/passwd" })
        XCTAssertEqual(try remindersd(["subscriptions", "remove", "Elsewhere"]).status, 0)
        // A redirect that leads back to itself: followed five times, then given up, said so.
        try publisher.route(["/loop.ics": (302, "/loop.ics"), "/elsewhere.ics": (302, "file:///etc/passwd")])
        let before = publisher.requests.count
        let looped = try remindersd(["subscriptions", "add", publisher.base + "/loop.ics", "--title", "Loop"])
        XCTAssertTrue(looped.stdout.contains("Loop: failed: the server redirected more than 5 times"), looped.stdout)
        XCTAssertEqual(publisher.requests.count - before, 6, "the request and five redirects")
        XCTAssertEqual(try remindersd(["subscriptions", "remove", "Loop"]).status, 0)
        try publisher.route(["/old.ics": (301, "/holidays.ics")])

        // 410: stopped, said so, and not asked again by the agent's refresh.
        try publisher.route(["/holidays.ics": (410, nil)])
        let gone = try remindersd(["subscriptions", "refresh"])
        XCTAssertTrue(gone.stdout.contains("Holidays: stopped: the server answered 410 Gone"), gone.stdout)
        let stopped = try XCTUnwrap(try subscriptions().first)
        XCTAssertTrue(stopped["stopped"]?.stringValue?.contains("410 Gone") ?? false, "\(stopped)")
        XCTAssertEqual(stopped["nextRefresh"], .null)
        let asked = publisher.requests.count
        XCTAssertEqual(try call("refreshSubscriptions", ["dueOnly": true]).result?["refreshes"], [])
        XCTAssertEqual(publisher.requests.count, asked)
        XCTAssertEqual(try events(in: calendar).count, 4, "what it had stays until it is removed")
    }

    func testPublishersAlarmsAreLeftOutUnlessKeptAndTimesAreAsTheFeedsZonesMeanThem() throws {
        let publisher = try LocalFeedPublisher()
        for name in ["alarms.ics", "outlook.ics", "fixtures.ics", "chores.ics"] { try publisher.publish(name, try fixture(name)) }
        XCTAssertEqual(try remindersd(["subscriptions", "add", publisher.base + "/alarms.ics"]).status, 0)
        let kept = try remindersd(["subscriptions", "add", publisher.base + "/alarms.ics", "--title", "With alarms", "--alarms", "keep"])
        XCTAssertEqual(kept.status, 0, kept.stderr)
        let outlook = try remindersd(["subscriptions", "add", publisher.base + "/outlook.ics"])
        XCTAssertTrue(outlook.stdout.contains("1 alarm of the publisher left out"), outlook.stdout)
        XCTAssertEqual(try remindersd(["subscriptions", "add", publisher.base + "/fixtures.ics", "--every", "6h"]).status, 0)
        XCTAssertEqual(try remindersd(["subscriptions", "add", publisher.base + "/chores.ics"]).status, 0)
        try grant()
        let all = try subscriptions()
        func calendar(_ title: String) throws -> String {
            try XCTUnwrap(all.first { $0["title"]?.stringValue == title }?["calendarIdentifier"]?.stringValue, "\(all)")
        }
        XCTAssertEqual(try events(in: calendar("Conference programme")).flatMap { $0["alarms"]?.arrayValue ?? [] }, [])
        let withAlarms = try events(in: calendar("With alarms"))
        XCTAssertEqual(withAlarms.first { $0["title"] == "Opening keynote" }?["alarms"]?.arrayValue?.first?["relativeOffset"], -1800)

        // Outlook's Windows zone: 09:00 "W. Europe Standard Time" is 08:00Z in winter, weekly on Mondays.
        let rota = try XCTUnwrap(try events(in: calendar("Team rota")).first)
        XCTAssertEqual(rota["startDate"], "2026-12-14T08:00:00.000Z", "\(rota)")
        XCTAssertEqual(rota["timeZone"], "Europe/Berlin", "\(rota)")
        XCTAssertEqual(rota["alarms"], [])
        XCTAssertEqual(rota["recurrenceRules"]?.arrayValue?.first?["frequency"], "weekly")
        let outlookListed = try XCTUnwrap(all.first { $0["title"] == "Team rota" })
        XCTAssertEqual(outlookListed["feedInterval"], 3600, "X-PUBLISHED-TTL read")
        XCTAssertEqual(outlookListed["every"], 86_400)
        let fixtures = try XCTUnwrap(all.first { $0["title"] == "Rovers FC fixtures" })
        XCTAssertEqual(fixtures["every"], 21_600)
        XCTAssertEqual(fixtures["feedInterval"], 43_200, "REFRESH-INTERVAL read: refreshed every 12h, not 6h")
        let away = try XCTUnwrap(try events(in: calendar("Rovers FC fixtures")).first { $0["title"] == "United v Rovers" })
        XCTAssertEqual(away["timeZone"], "Europe/London")
        XCTAssertEqual(away["startDate"], "2027-04-03T14:00:00.000Z", "15:00 in British summer time")

        // A feed of to-dos is a read-only list.
        let lists = try XCTUnwrap(try call("calendars", ["entityType": "reminder"]).result?["calendars"]?.arrayValue)
        let chores = try XCTUnwrap(lists.first { $0["title"] == "Club chores" }, "\(lists)")
        XCTAssertEqual(chores["type"], "subscription")
        let inList = try XCTUnwrap(
            try call("fetchReminders", ["predicate": ["calendarIdentifiers": [chores["calendarIdentifier"]!]]]).result?["reminders"]?.arrayValue)
        XCTAssertEqual(Set(inList.compactMap { $0["title"]?.stringValue }), ["Wash the kit", "Line the pitch"])
        let added = try call("saveReminder", ["reminder": ["title": "Mine", "calendarIdentifier": chores["calendarIdentifier"]!]])
        XCTAssertEqual(added.error?["data"]?["reason"], "calendarReadOnly", "\(added.error ?? .null)")
    }

    func testTheMethodsAsAClientCallsThemWithinItsGrantAndOutsideIt() throws {
        let publisher = try LocalFeedPublisher()
        try publisher.publish("holidays.ics", try fixture("holidays.ics"))
        try grant()
        let added = try call("addSubscription", ["url": .string(publisher.base + "/holidays.ics"), "every": 3600, "alarms": "drop"])
        let result = try XCTUnwrap(added.result, "\(added.error ?? .null)")
        XCTAssertEqual(result["subscription"]?["every"], 3600)
        XCTAssertEqual(result["refresh"]?["added"], 4)
        XCTAssertEqual(result["refresh"]?["status"], "ok")
        let calendar = try XCTUnwrap(result["subscription"]?["calendarIdentifier"])
        XCTAssertEqual(try call("subscriptions").result?["subscriptions"]?.arrayValue?.count, 1)
        let refreshed = try call("refreshSubscriptions", ["calendarIdentifier": calendar])
        XCTAssertEqual(refreshed.result?["refreshes"]?.arrayValue?.first?["status"], "notModified", "\(refreshed.error ?? .null)")

        // Hostile: what is no feed address, an interval too short, a subscription that does not exist.
        for url in ["file:///etc/passwd", "ftp://example.com/x.ics", "http://user:secret@127.0.0.1/x.ics", "not a url", ""] {
            let refused = try call("addSubscription", ["url": .string(url)])
            XCTAssertEqual(refused.error?["code"], -32602, "\(url): \(refused.error ?? .null)")
            XCTAssertEqual(refused.error?["data"]?["field"], "url", "\(url)")
        }
        XCTAssertFalse(try remindersd(["subscriptions", "list"]).stdout.contains("secret"))
        let tooOften = try call("addSubscription", ["url": .string(publisher.base + "/holidays.ics"), "every": 60])
        XCTAssertEqual(tooOften.error?["code"], -32602)
        XCTAssertEqual(try call("removeSubscription", ["calendarIdentifier": "nope"]).error?["code"], -32011)
        XCTAssertEqual(try call("refreshSubscriptions", ["calendarIdentifier": "nope"]).error?["code"], -32011)
        let huge = try call(
            "addSubscription", ["url": .string(publisher.base + "/holidays.ics"), "title": .string(String(repeating: "x", count: 5000))])
        XCTAssertEqual(huge.error?["data"]?["field"], "title", "\(huge.error ?? .null)")
        XCTAssertEqual(try call("subscriptions").result?["subscriptions"]?.arrayValue?.count, 1, "nothing half made")

        // A client granted chosen lists: sees no subscription outside them, adds none, removes none.
        XCTAssertEqual(
            try remindersd(["permissions", "set", "--any-program", "narrow", "fullAccess", "--entity", "event", "--lists", "Calendar"]).status, 0)
        XCTAssertEqual(try call("subscriptions", client: "narrow").result?["subscriptions"], [])
        XCTAssertEqual(try call("addSubscription", ["url": .string(publisher.base + "/holidays.ics")], client: "narrow").error?["code"], -32602)
        // Refused in the words a subscription that does not exist is: nothing tells a hidden one from none.
        let hidden = try call("removeSubscription", ["calendarIdentifier": calendar], client: "narrow").error
        let none = try call("removeSubscription", ["calendarIdentifier": "nope"], client: "narrow").error
        XCTAssertNotNil(hidden)
        XCTAssertEqual(hidden?["code"], none?["code"])
        XCTAssertEqual(hidden?["data"]?["reason"], none?["data"]?["reason"])
        XCTAssertEqual(try call("refreshSubscriptions", [:], client: "narrow").error?["code"], -32011)
        // Without full access to events: refused as any reading method is.
        XCTAssertEqual(try call("subscriptions", client: "stranger").error?["code"], -32010)

        XCTAssertNotNil(try call("removeSubscription", ["calendarIdentifier": calendar]).result)
        XCTAssertEqual(try call("subscriptions").result?["subscriptions"], [])
    }

    func testAFeedBehindAPasswordGetsItFromAFileAndNoOtherHostDoes() throws {
        let publisher = try LocalFeedPublisher()
        try publisher.publishFixture("holidays.ics")
        let elsewhere = publisher.base.replacingOccurrences(of: "127.0.0.1", with: "localhost") + "/private.ics"
        try publisher.route(["/moved.ics": (301, elsewhere)], private: ["/private.ics": ("holidays.ics", "ana:open sesame")])
        let secret = folder.path + "/feed-password"
        FileManager.default.createFile(atPath: secret, contents: Data("open sesame\n".utf8), attributes: [.posixPermissions: 0o600])

        let refused = try remindersd(["subscriptions", "add", publisher.base + "/private.ics", "--title", "No password"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(
            refused.stdout.contains("failed: the server refused the username and password (401); give --username and a password"), refused.stdout)
        let added = try remindersd(
            ["subscriptions", "add", publisher.base + "/private.ics", "--title", "Private", "--username", "ana", "--password-file", secret])
        XCTAssertEqual(added.status, 0, added.stdout + added.stderr)
        XCTAssertTrue(added.stdout.contains("4 added"), added.stdout)
        XCTAssertEqual(publisher.requests.last.map { [$0.path, "\($0.status)", "\($0.authorized)"] }, ["/private.ics", "200", "true"])

        // A redirect to another host goes there without the password.
        let moved = try remindersd(
            ["subscriptions", "add", publisher.base + "/moved.ics", "--title", "Moved", "--username", "ana", "--password-file", secret])
        XCTAssertEqual(moved.status, 1, moved.stdout)
        XCTAssertEqual(publisher.requests.suffix(2).map { [$0.path, "\($0.authorized)"] }, [["/moved.ics", "true"], ["/private.ics", "false"]])

        // The password is in no file of the store's.
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("reminders.sqlite") }
        XCTAssertFalse(files.isEmpty)
        for file in files {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + file))
            XCTAssertNil(bytes.range(of: Data("open sesame".utf8)), file)
        }
    }

    /// A connected client hears `storeChanged` for a refresh that changed the calendar, and not for
    /// one the publisher answered 304 (which commits nothing).
    func testStoreChangedIsSentForARefreshThatChangedSomethingOnly() throws {
        let publisher = try LocalFeedPublisher()
        try publisher.publishFixture("holidays.ics")
        XCTAssertEqual(try remindersd(["subscriptions", "add", publisher.base + "/holidays.ics"]).status, 0)
        try grant("listener")
        let server = try RemindersdProcess(store: folder.store)
        server.initialize(client: "listener")
        defer { server.shutDown() }
        _ = server.channel.request("calendars", ["entityType": "event"])
        _ = server.channel.drainNotifications("storeChanged")

        XCTAssertEqual(try remindersd(["subscriptions", "refresh"]).stdout.contains("not modified"), true)
        XCTAssertNil(server.channel.notification("storeChanged", timeout: 2), "a 304 commits nothing")

        try publisher.publish(
            "holidays.ics", try fixture("holidays.ics").replacingOccurrences(of: "SUMMARY:Boxing Day", with: "SUMMARY:St Stephen's Day"))
        XCTAssertTrue(try remindersd(["subscriptions", "refresh"]).stdout.contains("1 changed"))
        XCTAssertNotNil(server.channel.notification("storeChanged", timeout: 20), "a refresh that changed an event is heard")
    }

    /// The owner's own alarm on a subscribed event is theirs: saved (alarms and nothing else), kept
    /// when the feed changes the event, and never taken for the publisher's.
    func testTheOwnersAlarmOnASubscribedEventSurvivesRefreshes() throws {
        let publisher = try LocalFeedPublisher()
        try publisher.publishFixture("fixtures.ics")
        XCTAssertEqual(try remindersd(["subscriptions", "add", publisher.base + "/fixtures.ics"]).status, 0)
        try grant()
        let calendar = try XCTUnwrap(try subscriptions().first?["calendarIdentifier"]?.stringValue)
        let match = try XCTUnwrap(try events(in: calendar).first { $0["title"] == "Rovers v City" })
        let identifier = try XCTUnwrap(match["eventIdentifier"])

        let alarmed = try call(
            "saveEvent", ["event": ["eventIdentifier": identifier, "alarms": [["relativeOffset": -3600]]], "span": "futureEvents"])
        XCTAssertEqual(alarmed.result?["event"]?["alarms"]?.arrayValue?.count, 1, "\(alarmed.error ?? .null)")
        let renamed = try call(
            "saveEvent", ["event": ["eventIdentifier": identifier, "title": "Mine", "alarms": [["relativeOffset": -60]]], "span": "futureEvents"])
        XCTAssertEqual(renamed.error?["data"]?["reason"], "calendarReadOnly", "anything but alarms is the feed's")
        let staged = try call("saveEvent", ["event": ["eventIdentifier": identifier, "location": "Mine"], "span": "futureEvents", "commit": false])
        XCTAssertEqual(staged.error?["data"]?["reason"], "calendarReadOnly")

        // The publisher moves the kick-off: the event is rewritten, the owner's alarm stays.
        try publisher.publish(
            "fixtures.ics",
            try fixture("fixtures.ics").replacingOccurrences(of: "20261212T150000", with: "20261212T173000")
                .replacingOccurrences(of: "20261212T165000", with: "20261212T192000"))
        let refreshed = try remindersd(["subscriptions", "refresh"])
        XCTAssertTrue(refreshed.stdout.contains("0 added, 1 changed, 0 removed, 1 unchanged"), refreshed.stdout)
        let moved = try XCTUnwrap(try events(in: calendar).first { $0["title"] == "Rovers v City" })
        XCTAssertEqual(moved["eventIdentifier"], identifier)
        XCTAssertEqual(moved["startDate"], "2026-12-12T17:30:00.000Z")
        XCTAssertEqual(moved["alarms"]?.arrayValue?.map { $0["relativeOffset"] }, [-3600])
        let again = try remindersd(["subscriptions", "refresh"])
        XCTAssertTrue(again.stdout.contains("not modified"), again.stdout)
    }
}
