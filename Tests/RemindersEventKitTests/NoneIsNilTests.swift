import EventKit
import Foundation
import RemindersTestSupport
import XCTest

/// Where Apple's EventKit says nil — "nil if the calendar item has no alarms", the same for
/// recurrence rules — so does this one: programs print them, and `[]` prints differently.
final class EKNoneIsNilTests: XCTestCase {
    let folder = TemporaryFolder()

    override func setUp() { EventKitTests.prepare(client: "eventkit-nil", store: folder.store) }

    func testAlarmsAndRulesAreNilWhenThereAreNone() throws {
        let store = EKEventStore()
        let reminder = EKReminder(eventStore: store)
        reminder.title = "Plain"
        reminder.calendar = store.defaultCalendarForNewReminders()
        XCTAssertNil(reminder.alarms)
        XCTAssertNil(reminder.recurrenceRules)
        try store.save(reminder, commit: true)
        let read = try XCTUnwrap(store.calendarItem(withIdentifier: reminder.calendarItemIdentifier) as? EKReminder)
        XCTAssertNil(read.alarms, "read back with none")
        XCTAssertNil(read.recurrenceRules)
        XCTAssertFalse(read.hasAlarms)

        let alarm = EKAlarm(absoluteDate: Date(timeIntervalSince1970: 1_800_000_000))
        read.addAlarm(alarm)
        XCTAssertEqual(read.alarms?.count, 1)
        try store.save(read, commit: true)
        let withOne = try XCTUnwrap(store.calendarItem(withIdentifier: reminder.calendarItemIdentifier) as? EKReminder)
        XCTAssertEqual(withOne.alarms?.count, 1)
        withOne.removeAlarm(try XCTUnwrap(withOne.alarms?.first))
        XCTAssertNil(withOne.alarms, "the last one removed: none")
        try store.save(withOne, commit: true)
        XCTAssertNil((store.calendarItem(withIdentifier: reminder.calendarItemIdentifier) as? EKReminder)?.alarms)

        let event = EKEvent(eventStore: store)
        event.title = "Once"
        event.startDate = Date(timeIntervalSince1970: 1_800_000_000)
        event.endDate = event.startDate.addingTimeInterval(3600)
        event.calendar = store.defaultCalendarForNewEvents
        try store.save(event, span: .thisEvent, commit: true)
        let readEvent = try XCTUnwrap(store.event(withIdentifier: event.eventIdentifier))
        XCTAssertNil(readEvent.alarms)
        XCTAssertNil(readEvent.recurrenceRules)
    }
}
