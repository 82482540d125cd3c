import Foundation
import RemindersModel
import XCTest
@testable import RemindersStore

/// What the store keeps of the person's other clients' forms (issue 34): a series' state, alarms
/// counting from the start, subtasks nested deeper than one level, and the ledger's decisions
/// staying with the alarm decided.
final class ClientFormStoreTests: StoreTestCase {
    private func day(_ d: Int, hour: Int) -> ItemDateComponents { ItemDateComponents(year: 2026, month: 12, day: d, hour: hour, timeZone: "UTC") }

    private func window(_ from: ItemDateComponents, _ to: ItemDateComponents) throws -> [String] {
        try eventStore.read({ store throws(StoreError) in
            try store.remindersWithUndecidedAlarms(firingFrom: from.instant(in: utc), through: to.instant(in: utc), in: utc)
        }).map(\.title)
    }

    func testASeriesStateIsKeptAsItWasWritten() throws {
        var reminder = Reminder(
            calendarItemIdentifier: "",
            calendarIdentifier: try XCTUnwrap(eventStore.read({ store throws(StoreError) in try store.defaultCalendar() })).calendarIdentifier,
            title: "Water\tthe \\ plants\nbalcony", creationDate: Timestamp(milliseconds: 0))
        reminder.startDateComponents = day(4, hour: 18)
        reminder.recurrenceRules = [try RecurrenceRule(rrule: "FREQ=DAILY")]
        var series = ReminderSeries(form: .override)
        series.start = day(1, hour: 9)
        series.occurrence = day(4, hour: 9).occurrenceKey
        series.title = "Water\tthe \\ plants\nsecond line"
        series.exceptionDates = [day(3, hour: 9).occurrenceKey]
        series.additionalDates = [ItemDateComponents(year: 2026, month: 12, day: 24, hour: 9, minute: 30, timeZone: "Europe/Berlin")]
        series.completed = [day(1, hour: 9).occurrenceKey: Timestamp(milliseconds: 5), day(2, hour: 9).occurrenceKey: Timestamp(milliseconds: 6)]
        series.changes = [
            day(4, hour: 9).occurrenceKey: ReminderSeries.Change(start: day(4, hour: 18), title: "Water\tthe plants (late)"),
            day(9, hour: 9).occurrenceKey: ReminderSeries.Change(due: day(9, hour: 20), thisAndFuture: true),
        ]
        series.doneFrom = day(20, hour: 9).occurrenceKey
        reminder.series = series
        reminder.alarms = [Alarm(alarmIdentifier: "S", trigger: .relativeToStart(offset: -900))]
        let written = try eventStore.writeInterchanged(reminder, calendarObject: nil, over: nil)
        let read = try XCTUnwrap(eventStore.read({ store throws(StoreError) in try store.reminder(identifier: written.calendarItemIdentifier) }))
        XCTAssertEqual(read.series, series)
        XCTAssertEqual(read.alarms, reminder.alarms)
        XCTAssertEqual(
            try reopened().read({ store throws(StoreError) in try store.reminder(identifier: written.calendarItemIdentifier) })?.series, series)
    }

    /// Issue 34, 4 and 3: a series without a due date rings from its start, and its next
    /// occurrence (after completing this one here) rings again — the ledger keys it by its start.
    func testAStartAlarmRingsAtEveryOccurrenceOfASeriesWithoutDueDate() throws {
        var changes = ReminderChanges()
        changes.title = .set("Bins")
        changes.startDateComponents = .set(day(7, hour: 19))
        changes.recurrenceRules = .set([try RecurrenceRule(rrule: "FREQ=WEEKLY")])
        changes.alarms = .set([AlarmDraft(trigger: .relativeToStart(offset: -1800))])
        var bins = try eventStore.saveReminder(identifier: nil, changes: changes, commit: true)
        XCTAssertEqual(try window(day(7, hour: 18), day(7, hour: 19)), ["Bins"])
        let delivery = AlarmDelivery(
            itemIdentifier: bins.calendarItemIdentifier, alarmIdentifier: bins.alarms[0].alarmIdentifier,
            occurrence: AlarmDelivery.occurrence(of: bins), fireDate: day(7, hour: 18).instant(in: utc).advanced(by: 1_800_000),
            state: .delivered, late: false)
        XCTAssertNotEqual(delivery.occurrence, 0)
        XCTAssertTrue(try eventStore.write({ store throws(StoreError) in try store.claim(delivery, now: Timestamp(milliseconds: 0)) }))
        XCTAssertEqual(try window(day(7, hour: 18), day(7, hour: 19)), [])
        var done = ReminderChanges()
        done.isCompleted = .set(true)
        bins = try eventStore.saveReminder(identifier: bins.calendarItemIdentifier, changes: done, commit: true)
        XCTAssertEqual(bins.startDateComponents, day(14, hour: 19))
        XCTAssertEqual(try window(day(14, hour: 18), day(14, hour: 19)), ["Bins"])
    }

    /// Issue 34, 9: a phone re-times an alarm that keeps its UID — the dismissal was of the alarm
    /// at its old time, and the re-timed one rings.
    func testADismissalStaysWithTheTimeItWasMadeFor() throws {
        var changes = ReminderChanges()
        changes.title = .set("Call")
        changes.dueDateComponents = .set(day(7, hour: 12))
        changes.alarms = .set([AlarmDraft(alarmIdentifier: "U1", trigger: .relative(offset: -7200))])
        let call = try eventStore.saveReminder(identifier: nil, changes: changes, commit: true)
        try eventStore.write({ store throws(StoreError) in
            try store.decide(
                .dismissed, reminder: call, alarm: call.alarms[0], fireDate: day(7, hour: 10).instant(in: utc),
                snoozedUntil: nil, now: Timestamp(milliseconds: 0))
        })
        XCTAssertEqual(try window(day(7, hour: 9), day(7, hour: 12)), [])
        XCTAssertEqual(try eventStore.upcomingAlarms(from: day(7, hour: 0).instant(in: utc), to: day(8, hour: 0).instant(in: utc)).count, 0)
        var retimed = ReminderChanges()
        retimed.alarms = .set([AlarmDraft(alarmIdentifier: "U1", trigger: .relative(offset: -1800))])
        _ = try eventStore.saveReminder(identifier: call.calendarItemIdentifier, changes: retimed, commit: true)
        XCTAssertEqual(try window(day(7, hour: 9), day(7, hour: 12)), ["Call"])
        XCTAssertEqual(
            try eventStore.upcomingAlarms(from: day(7, hour: 0).instant(in: utc), to: day(8, hour: 0).instant(in: utc)).map(\.fireDate),
            [day(7, hour: 11).instant(in: utc).advanced(by: 1_800_000)])
        let delivery = AlarmDelivery(
            itemIdentifier: call.calendarItemIdentifier, alarmIdentifier: "U1", occurrence: AlarmDelivery.occurrence(of: call),
            fireDate: day(7, hour: 11).instant(in: utc).advanced(by: 1_800_000), state: .firing, late: false)
        XCTAssertTrue(
            try eventStore.write({ store throws(StoreError) in try store.claim(delivery, now: Timestamp(milliseconds: 0)) }),
            "the old decision does not hold it back")
        XCTAssertFalse(
            try eventStore.write({ store throws(StoreError) in try store.claim(delivery, now: Timestamp(milliseconds: 0)) }), "claimed once")
    }

    /// Issue 34, 5: Nextcloud Tasks, tasks.org and jtx Board nest deeper than one level.
    func testSubtasksFromOtherClientsAtAnyDepthAndOneLevelHere() throws {
        let list = try XCTUnwrap(eventStore.read({ store throws(StoreError) in try store.defaultCalendar() })).calendarIdentifier
        func synced(_ title: String, parent: String?) throws -> Reminder {
            var reminder = Reminder(calendarItemIdentifier: "", calendarIdentifier: list, title: title, creationDate: Timestamp(milliseconds: 0))
            reminder.parentIdentifier = parent
            return try eventStore.writeInterchanged(reminder, calendarObject: nil, over: nil)
        }
        let project = try synced("Project", parent: nil)
        let phase = try synced("Phase", parent: project.calendarItemIdentifier)
        let step = try synced("Step", parent: phase.calendarItemIdentifier)
        XCTAssertEqual(step.parentIdentifier, phase.calendarItemIdentifier)
        var loop = project
        loop.parentIdentifier = step.calendarItemIdentifier
        XCTAssertThrowsError(
            try eventStore.writeInterchanged(
                loop, calendarObject: nil,
                over: ItemVersion(identifier: project.calendarItemIdentifier, lastChange: project.lastModifiedDate)),
            "never a loop")
        // A notes-only edit of the third level is taken; a new subtask of a subtask made here is not.
        var notes = ReminderChanges()
        notes.notes = .set("from here")
        XCTAssertEqual(
            try eventStore.saveReminder(identifier: step.calendarItemIdentifier, changes: notes, commit: true).parentIdentifier,
            phase.calendarItemIdentifier)
        var deeper = ReminderChanges()
        deeper.title = .set("Too deep")
        deeper.parentIdentifier = .set(step.calendarItemIdentifier)
        XCTAssertThrowsError(try eventStore.saveReminder(identifier: nil, changes: deeper, commit: true)) { error in
            guard case .invalid(let validation) = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertEqual(validation.field, "parentIdentifier")
        }
        // Removing the top removes every level.
        try eventStore.removeReminder(identifier: project.calendarItemIdentifier, commit: true)
        XCTAssertNil(try eventStore.read({ store throws(StoreError) in try store.reminder(identifier: step.calendarItemIdentifier) }))
    }
}
