import Foundation
import RemindersInterchange
import RemindersModel
import RemindersStore
import XCTest

/// A feed put into its calendar: what it says of itself, its alarms, and the replacement by UID —
/// identifiers kept, one transaction, nothing written for a feed that did not change.
final class FeedReplacementTests: XCTestCase {
    private var folder: URL!
    private var eventStore: EventStore!
    private var calendar = ""

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("feeds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        eventStore = try EventStore(path: folder.appendingPathComponent("s.sqlite").path)
        calendar = Identifiers.make()
        let subscription = CalendarSubscription(calendarIdentifier: calendar, url: "https://example.com/f.ics")
        _ = try eventStore.write { store throws(StoreError) in
            try store.addSubscription(subscription, title: "Feed", entityType: .event, now: .now())
        }
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func feed(_ events: [(uid: String, summary: String, alarm: Bool)], header: [String] = []) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN"] + header
        for (index, event) in events.enumerated() {
            lines += [
                "BEGIN:VEVENT", "UID:\(event.uid)", "DTSTAMP:20261206T000000Z", "DTSTART:202701\(String(format: "%02d", index + 1))T090000Z",
                "DTEND:202701\(String(format: "%02d", index + 1))T100000Z", "SUMMARY:\(event.summary)",
            ]
            if event.alarm { lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:-PT10M", "END:VALARM"] }
            lines.append("END:VEVENT")
        }
        return (lines + ["END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    private func stored() throws -> [Event] {
        try eventStore.read { store throws(StoreError) in try store.series(inCalendars: [calendar]) }
    }

    func testTheFeedSaysItsNameItsIntervalAndLosesItsAlarmsUnlessKept() throws {
        let text = feed([("a", "A", true)], header: ["X-WR-CALNAME:Team", "REFRESH-INTERVAL;VALUE=DURATION:P1D"])
        let dropped = try SubscribedFeed(text, keepsAlarms: false)
        XCTAssertEqual(dropped.title, "Team")
        XCTAssertEqual(dropped.refreshInterval, 86_400)
        XCTAssertEqual(dropped.entityType, .event)
        XCTAssertEqual(dropped.droppedAlarms, 1)
        _ = try FeedReplacement(eventStore: eventStore, now: .now()).apply(dropped, into: calendar)
        XCTAssertEqual(try stored().first?.alarms, [])
        let identifier = try XCTUnwrap(try stored().first?.eventIdentifier)
        let object = try eventStore.read { store throws(StoreError) in try store.calendarObject(event: identifier) }
        XCTAssertFalse(object?.contains("VALARM") ?? true, "the kept object has none either: an export writes none")
        let kept = try SubscribedFeed(text, keepsAlarms: true)
        XCTAssertEqual(kept.droppedAlarms, 0)
        XCTAssertEqual(try SubscribedFeed(feed([], header: ["X-PUBLISHED-TTL:PT1H"]), keepsAlarms: false).refreshInterval, 3600)
        XCTAssertThrowsError(try SubscribedFeed("<html></html>", keepsAlarms: false))
    }

    func testAReplacementKeepsIdentifiersRewritesOnlyWhatChangedAndIsOneTransaction() throws {
        let replace = FeedReplacement(eventStore: eventStore, now: .now())
        let first = try replace.apply(
            try SubscribedFeed(feed([("a", "A", false), ("b", "B", false), ("c", "C", false)]), keepsAlarms: false), into: calendar)
        XCTAssertEqual([first.added, first.changed, first.removed, first.unchanged], [3, 0, 0, 0])
        let before = Dictionary(uniqueKeysWithValues: try stored().map { ($0.calendarItemExternalIdentifier, $0.eventIdentifier) })
        let history = try eventStore.read { store throws(StoreError) in try store.changes(ChangesFilter(limit: 10_000)).changes.count }

        let same = try replace.apply(
            try SubscribedFeed(feed([("a", "A", false), ("b", "B", false), ("c", "C", false)]), keepsAlarms: false), into: calendar)
        XCTAssertEqual([same.added, same.changed, same.removed, same.unchanged], [0, 0, 0, 3])
        XCTAssertEqual(
            try eventStore.read { store throws(StoreError) in try store.changes(ChangesFilter(limit: 10_000)).changes.count }, history,
            "nothing written")

        let next = try replace.apply(
            try SubscribedFeed(feed([("a", "A", false), ("b", "B2", false), ("d", "D", false)]), keepsAlarms: false), into: calendar)
        XCTAssertEqual([next.added, next.changed, next.removed, next.unchanged], [1, 1, 1, 1])
        let after = Dictionary(uniqueKeysWithValues: try stored().map { ($0.calendarItemExternalIdentifier, $0.eventIdentifier) })
        XCTAssertEqual(after["a"], before["a"])
        XCTAssertEqual(after["b"], before["b"], "changed in place")
        XCTAssertNil(after["c"])
        XCTAssertNotNil(after["d"])

        // An item that cannot be read keeps its copy: the feed still has it.
        let broken = feed([("a", "A", false), ("d", "D", false)]).replacingOccurrences(of: "DTSTART:20270102T090000Z", with: "DTSTART:notadate")
        let partial = try replace.apply(try SubscribedFeed(broken, keepsAlarms: false), into: calendar)
        XCTAssertEqual(partial.skipped.map(\.uid), ["d"])
        XCTAssertEqual(Set(try stored().map(\.calendarItemExternalIdentifier)), ["a", "d"], "b went; d, unreadable now, keeps its copy")
    }

    func testOnlyTheRefreshWritesThereAndAnotherCalendarsEventsAreNotTouched() throws {
        let mine = try eventStore.saveCalendar(CalendarChanges(title: "Mine", entityType: .event)).calendarIdentifier
        _ = try FeedReplacement(eventStore: eventStore, now: .now()).apply(
            try SubscribedFeed(feed([("a", "A", false)]), keepsAlarms: false), into: calendar)
        XCTAssertThrowsError(
            try FeedReplacement(eventStore: eventStore, now: .now()).apply(
                try SubscribedFeed(feed([("a", "A", false)]), keepsAlarms: false), into: mine),
            "a calendar that is no subscription is not a feed's")
        // An import of the same UID into another calendar goes there, and leaves the feed's copy alone.
        var report = ImportReport()
        try Importer(eventStore: eventStore, now: .now()).run(feed([("a", "Mine too", false)]), into: mine, report: &report)
        XCTAssertEqual([report.imported, report.skipped.count], [1, 0], "\(report)")
        XCTAssertEqual(try stored().map(\.title), ["A"])
        let event = try XCTUnwrap(try stored().first)
        var changes = EventChanges()
        changes.title = .set("Mine now")
        XCTAssertThrowsError(
            try eventStore.saveEvent(
                identifier: event.eventIdentifier, occurrenceDate: nil, span: .futureEvents, changes: changes, lastModifiedDate: nil)
        ) { error in
            guard case StoreError.invalid(let validation) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(validation.reason, .calendarReadOnly)
        }
    }

    func testAFeedIsBoundedInItemsAndInTimeAndSaysWhatItLeftOut() throws {
        var replace = FeedReplacement(eventStore: eventStore, now: Timestamp(milliseconds: 1_830_000_000_000))  // 2027-12-28
        replace.maximumItems = 2
        let text = feed([("a", "A", false), ("b", "B", false), ("c", "C", false)])
        let cut = try replace.apply(try SubscribedFeed(text, keepsAlarms: false), into: calendar)
        XCTAssertEqual(cut.added, 2)
        XCTAssertEqual(cut.notes.map(\.message), ["the feed has 1 item more than the 2 taken; left out"])

        // Events of January 2027, read two years on: they ended more than a year before, and are left out.
        var later = FeedReplacement(eventStore: eventStore, now: Timestamp(milliseconds: 1_862_000_000_000))  // 2029-01-02
        later.maximumItems = 10
        let old = try later.apply(try SubscribedFeed(text, keepsAlarms: false), into: calendar)
        XCTAssertEqual([old.added, old.removed], [0, 2], "what ended long ago goes")
        XCTAssertEqual(old.notes.map(\.message), ["3 events that ended more than a year ago were left out"])
    }

    func testAFeedOfToDosIsAListAndAnImportOfItsUIDsGoesElsewhere() throws {
        let list = Identifiers.make()
        _ = try eventStore.write { store throws(StoreError) in
            try store.addSubscription(
                CalendarSubscription(calendarIdentifier: list, url: "https://example.com/t.ics"), title: "Chores", entityType: .reminder, now: .now())
        }
        let todos = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN", "BEGIN:VTODO", "UID:t1", "DTSTAMP:20261206T000000Z", "SUMMARY:Sweep",
            "END:VTODO", "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
        let feed = try SubscribedFeed(todos, keepsAlarms: false)
        XCTAssertEqual(feed.entityType, .reminder)
        let first = try FeedReplacement(eventStore: eventStore, now: .now()).apply(feed, into: list)
        XCTAssertEqual(first.added, 1)
        let restamped = try SubscribedFeed(todos.replacingOccurrences(of: "20261206T000000Z", with: "20261207T000000Z"), keepsAlarms: false)
        XCTAssertEqual(try FeedReplacement(eventStore: eventStore, now: .now()).apply(restamped, into: list).unchanged, 1)
        var report = ImportReport()
        try Importer(eventStore: eventStore, now: .now()).run(todos.replacingOccurrences(of: "Sweep", with: "Mine"), into: nil, report: &report)
        XCTAssertEqual([report.imported, report.skipped.count], [1, 0], "\(report)")
        let inFeed = try eventStore.read { store throws(StoreError) in try store.reminders(externalIdentifier: "t1") }
        XCTAssertEqual(Set(inFeed.map(\.title)), ["Sweep", "Mine"])
    }
}
