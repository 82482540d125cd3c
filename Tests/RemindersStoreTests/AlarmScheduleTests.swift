import Foundation
import RemindersModel
import XCTest
@testable import RemindersStore

/// The agent's window onto the store: time alarms found by their fire times, undecided ones only.
final class AlarmScheduleTests: StoreTestCase {
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    @discardableResult
    private func reminder(_ title: String, due: ItemDateComponents? = nil, _ triggers: Alarm.Trigger...) throws -> Reminder {
        var changes = ReminderChanges()
        changes.title = .set(title)
        if let due { changes.dueDateComponents = .set(due) }
        changes.alarms = .set(triggers.map { AlarmDraft(trigger: $0) })
        return try eventStore.saveReminder(identifier: nil, changes: changes, commit: true)
    }

    private func window(_ from: String, _ to: String, in zone: TimeZone? = nil) throws -> [String] {
        try eventStore.read({ store throws(StoreError) in
            try store.remindersWithUndecidedAlarms(firingFrom: Timestamp(rfc3339: from)!, through: Timestamp(rfc3339: to)!, in: zone ?? berlin)
        })
        .map(\.title).sorted()
    }

    func testEachKindOfTimeAlarmIsFoundInItsWindow() throws {
        try reminder("absolute", .absolute(Timestamp(rfc3339: "2026-12-01T08:00:00Z")!))
        try reminder("zoned", due: ItemDateComponents(year: 2026, month: 12, day: 1, hour: 9, timeZone: "America/New_York"), .relative(offset: -600))
        // Floating 14:00 read in Berlin is 13:00Z; 15 minutes before is 12:45Z.
        try reminder("floating", due: ItemDateComponents(year: 2026, month: 12, day: 1, hour: 14), .relative(offset: -900))
        // All day on 2 December, -54000 s: 09:00 the day before, Berlin = 08:00Z on 1 December.
        try reminder("all day", due: ItemDateComponents(year: 2026, month: 12, day: 2), .relative(offset: -54_000))
        try reminder("place", .location(StructuredLocation(title: "Home", geoLocation: GeoLocation(latitude: 1, longitude: 2)), .enter))

        XCTAssertEqual(try window("2026-12-01T07:59:00Z", "2026-12-01T08:01:00Z"), ["absolute", "all day"])
        XCTAssertEqual(try window("2026-12-01T12:44:00Z", "2026-12-01T12:46:00Z"), ["floating"], "the zone places a floating date")
        XCTAssertEqual(try window("2026-12-01T13:49:00Z", "2026-12-01T13:51:00Z"), ["zoned"])
        XCTAssertEqual(try window("2026-11-01T00:00:00Z", "2026-11-30T00:00:00Z"), [])
        // The wall-clock index is searched an hour wider each side: a candidate, not a fire time.
        XCTAssertEqual(try window("2026-12-01T13:00:00Z", "2026-12-01T13:10:00Z"), ["floating"])
    }

    func testDecidedCompletedAndMovedAlarms() throws {
        let due = ItemDateComponents(year: 2026, month: 12, day: 1, hour: 9, timeZone: "UTC")
        let decided = try reminder("decided", due: due, .relative(offset: 0))
        let completed = try reminder("completed", due: due, .relative(offset: 0))
        try reminder("open", due: due, .relative(offset: 0))
        let delivery = AlarmDelivery(
            itemIdentifier: decided.calendarItemIdentifier, alarmIdentifier: decided.alarms[0].alarmIdentifier,
            occurrence: AlarmDelivery.occurrence(of: decided), fireDate: Timestamp(rfc3339: "2026-12-01T09:00:00Z")!,
            state: .delivered, late: false)
        XCTAssertTrue(try eventStore.write({ store throws(StoreError) in try store.claim(delivery, now: Timestamp(milliseconds: 0)) }))
        var done = ReminderChanges()
        done.isCompleted = .set(true)
        _ = try eventStore.saveReminder(identifier: completed.calendarItemIdentifier, changes: done, commit: true)
        XCTAssertEqual(try window("2026-12-01T08:00:00Z", "2026-12-01T10:00:00Z"), ["open"])

        // Moved a day on: a new occurrence, undecided again, found in its new window only.
        var moved = ReminderChanges()
        moved.dueDateComponents = .set(ItemDateComponents(year: 2026, month: 12, day: 2, hour: 9, timeZone: "UTC"))
        _ = try eventStore.saveReminder(identifier: decided.calendarItemIdentifier, changes: moved, commit: true)
        XCTAssertEqual(try window("2026-12-02T08:00:00Z", "2026-12-02T10:00:00Z"), ["decided"])
        XCTAssertEqual(try window("2026-12-01T08:00:00Z", "2026-12-01T10:00:00Z"), ["open"])
    }

    /// v9 fills the fire times of alarms stored before it.
    func testTheMigrationFillsInFireTimes() throws {
        try reminder("absolute", .absolute(Timestamp(rfc3339: "2026-12-01T08:00:00Z")!))
        try reminder("floating", due: ItemDateComponents(year: 2026, month: 12, day: 1, hour: 9), .relative(offset: -900))
        try reminder("zoned", due: ItemDateComponents(year: 2026, month: 12, day: 1, hour: 9, timeZone: "UTC"), .relative(offset: 60))
        // v9 undone, and no more: migrations are applied by name, so the store gets exactly this one back.
        try eventStore.store.database.execute(
            """
            DROP INDEX alarms_by_fire_at; DROP INDEX alarms_by_fire_wall;
            ALTER TABLE alarms DROP COLUMN fire_at; ALTER TABLE alarms DROP COLUMN fire_wall;
            DELETE FROM schema_migrations WHERE name = 'v9 alarm fire times';
            """)
        eventStore = try reopened()
        XCTAssertEqual(try window("2026-12-01T07:59:00Z", "2026-12-01T08:01:00Z"), ["absolute", "floating"], "floating: an hour's slack")
        XCTAssertEqual(try window("2026-12-01T07:44:00Z", "2026-12-01T07:46:00Z"), ["floating"])
        XCTAssertEqual(try window("2026-12-01T09:00:30Z", "2026-12-01T09:01:30Z"), ["zoned"])
        XCTAssertEqual(try eventStore.store.integrityCheck(), "ok")
    }

    // MARK: Events

    @discardableResult
    private func event(_ title: String, start: ItemDateComponents, rrule: String? = nil, _ triggers: Alarm.Trigger...) throws -> Event {
        var event = Event(
            eventIdentifier: "", calendarIdentifier: try XCTUnwrap(try eventStore.defaultCalendarForNewEvents()).calendarIdentifier,
            title: title, start: start, duration: start.isAllDay ? 86_400_000 : 1_800_000, creationDate: Timestamp(milliseconds: 0))
        event.calendarItemExternalIdentifier = title
        event.recurrenceRules = try rrule.map { [try RecurrenceRule(rrule: $0)] } ?? []
        event.alarms = triggers.enumerated().map { Alarm(alarmIdentifier: "\(title)-\($0.offset)", trigger: $0.element) }
        return try eventStore.writeSyncedEvent(event, detached: [], calendarObject: "", into: event.calendarIdentifier, over: nil)
    }

    private func eventWindow(_ from: String, _ to: String) throws -> [String] {
        try eventStore.read({ store throws(StoreError) in
            try store.eventsWithAlarms(firingFrom: Timestamp(rfc3339: from)!, through: Timestamp(rfc3339: to)!, in: berlin)
        }).map(\.title)
            .sorted()
    }

    /// One event's alarms are found by their fire times, as reminders' are; a series' always (its
    /// occurrences say when), and an event without time alarms never.
    func testEventAlarmsAreFoundInTheirWindow() throws {
        try event("zoned", start: ItemDateComponents(year: 2026, month: 12, day: 1, hour: 10, minute: 0, timeZone: "UTC"), .relative(offset: -900))
        try event("floating", start: ItemDateComponents(year: 2026, month: 12, day: 1, hour: 14, minute: 0), .relative(offset: -900))
        try event(
            "absolute", start: ItemDateComponents(year: 2027, month: 1, day: 1, hour: 9, minute: 0, timeZone: "UTC"),
            .absolute(Timestamp(rfc3339: "2026-12-01T08:00:00Z")!))
        try event(
            "weekly", start: ItemDateComponents(year: 2026, month: 1, day: 5, hour: 9, minute: 0, timeZone: "UTC"), rrule: "FREQ=WEEKLY",
            .relative(offset: -600))
        try event(
            "place", start: ItemDateComponents(year: 2026, month: 12, day: 1, hour: 8, minute: 0, timeZone: "UTC"),
            .location(StructuredLocation(title: "Home", geoLocation: GeoLocation(latitude: 1, longitude: 2)), .enter))
        try event("no alarm", start: ItemDateComponents(year: 2026, month: 12, day: 1, hour: 8, minute: 0, timeZone: "UTC"))

        XCTAssertEqual(try eventWindow("2026-12-01T09:44:00Z", "2026-12-01T09:46:00Z"), ["weekly", "zoned"])
        XCTAssertEqual(try eventWindow("2026-12-01T07:59:00Z", "2026-12-01T08:01:00Z"), ["absolute", "weekly"])
        // Floating 14:00 read in Berlin is 13:00Z, 15 minutes before 12:45Z (the wall-clock index an hour wider each side).
        XCTAssertEqual(try eventWindow("2026-12-01T12:44:00Z", "2026-12-01T12:46:00Z"), ["floating", "weekly"])
        XCTAssertEqual(try eventWindow("2026-11-01T00:00:00Z", "2026-11-02T00:00:00Z"), ["weekly"])
    }

    /// A series that ended is no candidate after its last alarm; one without end always is.
    func testAnEndedSeriesIsLeftOutAfterItsLastAlarm() throws {
        // Ten days from 1 December 09:00Z, alarms 10 minutes before and an hour after: the last fires 10 December 10:00Z.
        try event(
            "daily", start: ItemDateComponents(year: 2026, month: 12, day: 1, hour: 9, minute: 0, timeZone: "UTC"),
            rrule: "FREQ=DAILY;COUNT=10", .relative(offset: -600), .relative(offset: 3600))
        try event(
            "until", start: ItemDateComponents(year: 2026, month: 12, day: 1, hour: 9, minute: 0, timeZone: "UTC"),
            rrule: "FREQ=WEEKLY;UNTIL=20261215T090000Z", .relative(offset: -600))
        try event(
            "forever", start: ItemDateComponents(year: 2026, month: 12, day: 1, hour: 9, minute: 0, timeZone: "UTC"),
            rrule: "FREQ=DAILY", .relative(offset: -600))
        XCTAssertEqual(try eventWindow("2026-12-10T09:59:00Z", "2026-12-10T10:01:00Z"), ["daily", "forever", "until"])
        XCTAssertEqual(try eventWindow("2026-12-10T10:00:01Z", "2026-12-10T10:02:00Z"), ["forever", "until"])
        XCTAssertEqual(try eventWindow("2026-12-15T09:00:01Z", "2026-12-15T09:02:00Z"), ["forever"])
        XCTAssertEqual(try eventWindow("2030-01-01T00:00:00Z", "2030-01-01T00:01:00Z"), ["forever"])
    }

    /// v13 fills the fire times of event alarms stored before it.
    func testTheMigrationFillsInEventAlarmFireTimes() throws {
        try event("zoned", start: ItemDateComponents(year: 2026, month: 12, day: 1, hour: 10, minute: 0, timeZone: "UTC"), .relative(offset: -900))
        try event("floating", start: ItemDateComponents(year: 2026, month: 12, day: 1, hour: 14, minute: 0), .relative(offset: -900))
        try event(
            "weekly", start: ItemDateComponents(year: 2026, month: 1, day: 5, hour: 9, minute: 0, timeZone: "UTC"), rrule: "FREQ=WEEKLY",
            .relative(offset: -600))
        try eventStore.store.database.execute(
            """
            DROP INDEX event_alarms_by_fire_at; DROP INDEX event_alarms_by_fire_wall; DROP INDEX events_recurring;
            ALTER TABLE event_alarms DROP COLUMN fire_at; ALTER TABLE event_alarms DROP COLUMN fire_wall;
            ALTER TABLE events DROP COLUMN last_alarm_fire;
            DELETE FROM schema_migrations WHERE name = 'v13 event alarm fire times';
            """)
        eventStore = try reopened()
        XCTAssertEqual(try eventWindow("2026-12-01T09:44:00Z", "2026-12-01T09:46:00Z"), ["weekly", "zoned"])
        XCTAssertEqual(try eventWindow("2026-12-01T12:44:00Z", "2026-12-01T12:46:00Z"), ["floating", "weekly"])
        XCTAssertEqual(
            try eventStore.store.database.scalar("SELECT count(*) FROM event_alarms WHERE fire_at IS NULL AND fire_wall IS NULL")?.integer, 1,
            "the series' alarm has no one fire time")
        XCTAssertEqual(try eventStore.store.integrityCheck(), "ok")
    }
}
