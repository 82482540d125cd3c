import RemindersCSQLite
import Foundation
import RemindersModel
import XCTest
@testable import RemindersStore

/// A value that is not what its column holds (written by hand, by another program, by a bug) is
/// an error naming the table, the row and the column — never a field read as empty, which the next
/// save of the item would write back over what the row held.
final class CorruptRowTests: StoreTestCase {
    override var storeTimeZone: TimeZone { utc }

    private func damage(_ sql: String) throws {
        try eventStore.store.database.execute(sql)  // raw SQL on purpose: the damage no table method would write
    }

    /// The store's answer to reading `identifier`, which must be the damage named.
    private func assertDamaged(
        _ read: () throws -> Void, naming words: [String], _ what: String = "", file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try read(), what, file: file, line: line) { error in
            guard case StoreError.unavailable(let message) = error else { return XCTFail("\(error)", file: file, line: line) }
            XCTAssertTrue(message.contains("damaged"), message, file: file, line: line)
            for word in words { XCTAssertTrue(message.contains(word), "\(message) names \(word)", file: file, line: line) }
        }
    }

    private func reminder(_ title: String, _ change: (inout ReminderChanges) -> Void = { _ in }) throws -> Reminder {
        var changes = ReminderChanges()
        changes.title = .set(title)
        change(&changes)
        return try eventStore.saveReminder(identifier: nil, changes: changes, commit: true)
    }

    func testAReminderRowThatDoesNotReadIsAnErrorNamingItsColumn() throws {
        let tea = try reminder("Tea") { $0.dueDateComponents = .set(ItemDateComponents(year: 2027, month: 1, day: 2)) }
        let id = tea.calendarItemIdentifier
        let all = ReminderPredicate(kind: .all)
        for (sql, words) in [
            ("UPDATE reminders SET due_date = 'next tuesday' WHERE identifier = '\(id)'", ["due_date", "next tuesday", "not a date"]),
            ("UPDATE reminders SET recurrence = 'FREQ=SOMETIMES' WHERE identifier = '\(id)'", ["recurrence", "FREQ=SOMETIMES"]),
            ("UPDATE reminders SET priority = 'high' WHERE identifier = '\(id)'", ["priority", "\"high\"", "whole number"]),
            ("UPDATE reminders SET last_modified = '2027' || 'x' WHERE identifier = '\(id)'", ["last_modified", "2027x"]),
            ("UPDATE reminders SET completion_date = 'yesterday' WHERE identifier = '\(id)'", ["completion_date", "yesterday"]),
        ] {
            try damage(sql)
            assertDamaged({ _ = try eventStore.reminder(identifier: id) }, naming: ["reminders row \(id)"] + words, sql)
            assertDamaged({ _ = try eventStore.fetchReminders(matching: all, in: .current) }, naming: words, sql)
            // Put right again for the next one.
            try self.damage(
                """
                UPDATE reminders SET due_date = '2027-01-02', recurrence = NULL, priority = 0, last_modified = 5, completion_date = NULL WHERE identifier = '\(id)'
                """)
            XCTAssertEqual(try eventStore.reminder(identifier: id)?.title, "Tea")
        }
    }

    func testAnAlarmOrAnEventThatDoesNotReadIsAnErrorNamingItsColumn() throws {
        var changes = ReminderChanges()
        changes.alarms = .set([
            AlarmDraft(
                alarmIdentifier: nil,
                trigger: .location(
                    StructuredLocation(title: "Station", geoLocation: GeoLocation(latitude: 52.5, longitude: 13.4), radius: 100), .enter))
        ])
        let station = try reminder("At the station") { $0.alarms = changes.alarms }
        try damage("UPDATE alarms SET proximity = 'sideways'")
        assertDamaged({ _ = try eventStore.reminder(identifier: station.calendarItemIdentifier) }, naming: ["alarms row", "proximity", "sideways"])

        var event = EventChanges()
        event.title = .set("Standup")
        event.startDate = .set(Timestamp(milliseconds: 1_799_053_200_000))
        event.endDate = .set(Timestamp(milliseconds: 1_799_054_100_000))
        let standup = try eventStore.saveEvent(identifier: nil, occurrenceDate: nil, span: nil, changes: event, lastModifiedDate: nil).event
        try damage("UPDATE events SET availability = 'maybe'")
        assertDamaged(
            { _ = try eventStore.read({ store throws(StoreError) in try store.event(identifier: standup.eventIdentifier) }) },
            naming: ["events row", "availability", "maybe"])
        try damage("UPDATE events SET availability = 'busy', exceptions = '12,x'")
        assertDamaged(
            { _ = try eventStore.read({ store throws(StoreError) in try store.event(identifier: standup.eventIdentifier) }) },
            naming: ["exceptions", "12,x"])
    }

    func testACalendarRowThatDoesNotReadIsAnErrorNamingItsColumn() throws {
        let list = try XCTUnwrap(try eventStore.defaultCalendarForNewReminders())
        try damage("UPDATE calendars SET entity_type = 'journal' WHERE identifier = '\(list.calendarIdentifier)'")
        assertDamaged(
            { _ = try eventStore.read({ store throws(StoreError) in try store.calendar(identifier: list.calendarIdentifier) }) },
            naming: ["calendars row", "entity_type", "journal"])
    }
}
