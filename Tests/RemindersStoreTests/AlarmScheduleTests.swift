import Foundation
import RemindersModel
import XCTest
@testable import RemindersStore

/// The agent's window onto the store: time alarms found by their fire times, undecided ones only.
final class AlarmScheduleTests: XCTestCase {
    var path: String!
    var events: EventStore!
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    override func setUpWithError() throws {
        path = NSTemporaryDirectory() + "alarm-schedule-" + UUID().uuidString + "/s.sqlite"
        events = EventStore(store: try CalendarStore(path: path))
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }

    @discardableResult
    private func reminder(_ title: String, due: ReminderDateComponents? = nil, _ triggers: Alarm.Trigger...) throws -> Reminder {
        var changes = ReminderChanges()
        changes.title = .set(title)
        if let due { changes.dueDateComponents = .set(due) }
        changes.alarms = .set(triggers.map { AlarmDraft(trigger: $0) })
        return try events.saveReminder(identifier: nil, changes: changes, commit: true)
    }

    private func window(_ from: String, _ to: String, in zone: TimeZone? = nil) throws -> [String] {
        try events.store.remindersWithUndecidedAlarms(firingFrom: Timestamp(rfc3339: from)!, through: Timestamp(rfc3339: to)!, in: zone ?? berlin)
            .map(\.title).sorted()
    }

    func testEachKindOfTimeAlarmIsFoundInItsWindow() throws {
        try reminder("absolute", .absolute(Timestamp(rfc3339: "2026-12-01T08:00:00Z")!))
        try reminder("zoned", due: ReminderDateComponents(year: 2026, month: 12, day: 1, hour: 9, timeZone: "America/New_York"), .relative(offset: -600))
        // Floating 14:00 read in Berlin is 13:00Z; 15 minutes before is 12:45Z.
        try reminder("floating", due: ReminderDateComponents(year: 2026, month: 12, day: 1, hour: 14), .relative(offset: -900))
        // All day on 2 December, -54000 s: 09:00 the day before, Berlin = 08:00Z on 1 December.
        try reminder("all day", due: ReminderDateComponents(year: 2026, month: 12, day: 2), .relative(offset: -54_000))
        try reminder("place", .location(StructuredLocation(title: "Home", geoLocation: GeoLocation(latitude: 1, longitude: 2)), .enter))

        XCTAssertEqual(try window("2026-12-01T07:59:00Z", "2026-12-01T08:01:00Z"), ["absolute", "all day"])
        XCTAssertEqual(try window("2026-12-01T12:44:00Z", "2026-12-01T12:46:00Z"), ["floating"], "the zone places a floating date")
        XCTAssertEqual(try window("2026-12-01T13:49:00Z", "2026-12-01T13:51:00Z"), ["zoned"])
        XCTAssertEqual(try window("2026-11-01T00:00:00Z", "2026-11-30T00:00:00Z"), [])
        // The wall-clock index is searched an hour wider each side: a candidate, not a fire time.
        XCTAssertEqual(try window("2026-12-01T13:00:00Z", "2026-12-01T13:10:00Z"), ["floating"])
    }

    func testDecidedCompletedAndMovedAlarms() throws {
        let due = ReminderDateComponents(year: 2026, month: 12, day: 1, hour: 9, timeZone: "UTC")
        let decided = try reminder("decided", due: due, .relative(offset: 0))
        let completed = try reminder("completed", due: due, .relative(offset: 0))
        try reminder("open", due: due, .relative(offset: 0))
        let delivery = AlarmDelivery(reminderIdentifier: decided.calendarItemIdentifier, alarmIdentifier: decided.alarms[0].alarmIdentifier,
                                     occurrence: AlarmDelivery.occurrence(of: decided), fireDate: Timestamp(rfc3339: "2026-12-01T09:00:00Z")!,
                                     state: .delivered, late: false)
        XCTAssertTrue(try events.store.claim(delivery, now: Timestamp(milliseconds: 0)))
        var done = ReminderChanges()
        done.isCompleted = .set(true)
        _ = try events.saveReminder(identifier: completed.calendarItemIdentifier, changes: done, commit: true)
        XCTAssertEqual(try window("2026-12-01T08:00:00Z", "2026-12-01T10:00:00Z"), ["open"])

        // Moved a day on: a new occurrence, undecided again, found in its new window only.
        var moved = ReminderChanges()
        moved.dueDateComponents = .set(ReminderDateComponents(year: 2026, month: 12, day: 2, hour: 9, timeZone: "UTC"))
        _ = try events.saveReminder(identifier: decided.calendarItemIdentifier, changes: moved, commit: true)
        XCTAssertEqual(try window("2026-12-02T08:00:00Z", "2026-12-02T10:00:00Z"), ["decided"])
        XCTAssertEqual(try window("2026-12-01T08:00:00Z", "2026-12-01T10:00:00Z"), ["open"])
    }

    /// v9 fills the fire times of alarms stored before it.
    func testTheMigrationFillsInFireTimes() throws {
        try reminder("absolute", .absolute(Timestamp(rfc3339: "2026-12-01T08:00:00Z")!))
        try reminder("floating", due: ReminderDateComponents(year: 2026, month: 12, day: 1, hour: 9), .relative(offset: -900))
        try reminder("zoned", due: ReminderDateComponents(year: 2026, month: 12, day: 1, hour: 9, timeZone: "UTC"), .relative(offset: 60))
        // Back to version 8: v12's sync tables (they name events) as v6 made them, then v11 to v9 undone.
        try events.store.database.execute("""
            DROP TABLE event_icalendar; DROP TABLE sync_items; DROP TABLE sync_collections;
            CREATE TABLE sync_collections (
                calendar TEXT PRIMARY KEY REFERENCES calendars(identifier) ON DELETE CASCADE,
                account TEXT NOT NULL REFERENCES accounts(name) ON DELETE CASCADE,
                href TEXT, sync_token TEXT, ctag TEXT, title TEXT, color TEXT, UNIQUE (account, href));
            CREATE TABLE sync_items (
                calendar TEXT NOT NULL REFERENCES sync_collections(calendar) ON DELETE CASCADE, href TEXT NOT NULL, etag TEXT,
                reminder TEXT REFERENCES reminders(identifier) ON DELETE SET NULL, kind TEXT NOT NULL, synced_modified INTEGER,
                PRIMARY KEY (calendar, href)) WITHOUT ROWID;
            CREATE INDEX sync_items_by_reminder ON sync_items(reminder) WHERE reminder IS NOT NULL;
            DROP INDEX alarms_by_fire_at; DROP INDEX alarms_by_fire_wall;
            ALTER TABLE alarms DROP COLUMN fire_at; ALTER TABLE alarms DROP COLUMN fire_wall;
            DROP TABLE event_alarms; DROP TABLE events;
            DELETE FROM calendars WHERE entity_type = 'event'; ALTER TABLE calendars DROP COLUMN entity_type;
            PRAGMA user_version = 8;
            """)
        events = EventStore(store: try CalendarStore(path: path))
        XCTAssertEqual(try window("2026-12-01T07:59:00Z", "2026-12-01T08:01:00Z"), ["absolute", "floating"], "floating: an hour's slack")
        XCTAssertEqual(try window("2026-12-01T07:44:00Z", "2026-12-01T07:46:00Z"), ["floating"])
        XCTAssertEqual(try window("2026-12-01T09:00:30Z", "2026-12-01T09:01:30Z"), ["zoned"])
        XCTAssertEqual(try events.store.integrityCheck(), "ok")
    }
}
