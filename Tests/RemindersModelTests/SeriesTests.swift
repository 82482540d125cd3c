import Foundation
import XCTest
@testable import RemindersModel

/// A reminder's series as RFC 5545 makes it (from DTSTART, else DUE, with removed, added and
/// done occurrences), and completing one occurrence in each client's form.
final class SeriesTests: XCTestCase {
    private func day(_ y: Int, _ m: Int, _ d: Int, hour: Int? = nil, minute: Int? = nil, zone: String? = nil) -> ItemDateComponents {
        ItemDateComponents(year: y, month: m, day: d, hour: hour, minute: minute, timeZone: zone)
    }

    private func reminder(start: ItemDateComponents?, due: ItemDateComponents?, rule: String, form: ReminderSeries.CompletionForm = .completedCopy)
        -> Reminder
    {
        var reminder = Reminder(calendarItemIdentifier: "R", calendarIdentifier: "L", title: "Review", creationDate: Timestamp(milliseconds: 0))
        reminder.startDateComponents = start
        reminder.dueDateComponents = due
        reminder.recurrenceRules = [try! RecurrenceRule(rrule: rule)]
        reminder.series = ReminderSeries(form: form)
        return reminder
    }

    private func completed(_ reminder: Reminder) -> CompletedOccurrence {
        var done = reminder
        done.isCompleted = true
        done.completionDate = Timestamp(milliseconds: 1000)
        return done.completingOccurrence(in: .utc, newIdentifier: { "record" })
    }

    /// Issue 34, 7: weekly on Mondays, start Monday 09:00 and due Wednesday 17:00. Expanded from
    /// DUE it became start on a Saturday and due the next Monday.
    func testTheNextOccurrenceComesFromTheStartAndTheDueDateKeepsItsDistance() {
        let weekly = reminder(start: day(2026, 12, 7, hour: 9), due: day(2026, 12, 9, hour: 17), rule: "FREQ=WEEKLY;BYDAY=MO")
        let next = completed(weekly).advanced
        XCTAssertEqual(next.startDateComponents, day(2026, 12, 14, hour: 9))
        XCTAssertEqual(next.dueDateComponents, day(2026, 12, 16, hour: 17))
    }

    /// Issue 34, 2: Thunderbird's "delete this occurrence" writes an EXDATE; completing the one
    /// before moved the task onto the deleted date.
    func testARemovedOccurrenceIsNeverTheNext() {
        var daily = reminder(start: nil, due: day(2026, 12, 7, hour: 9), rule: "FREQ=DAILY")
        daily.series.exceptionDates = [day(2026, 12, 8, hour: 9).occurrenceKey, day(2026, 12, 9, hour: 9).occurrenceKey]
        XCTAssertEqual(completed(daily).advanced.dueDateComponents, day(2026, 12, 10, hour: 9))
    }

    func testTheOverrideFormRecordsTheOccurrenceDoneAndKeepsTheSeries() {
        var series = reminder(start: day(2026, 12, 7, hour: 9), due: day(2026, 12, 7, hour: 10), rule: "FREQ=DAILY;COUNT=5", form: .override)
        series.series.start = day(2026, 12, 7, hour: 9)
        series.series.due = day(2026, 12, 7, hour: 10)
        // Thunderbird completed the 8th already: after the 7th comes the 9th.
        series.series.completed[day(2026, 12, 8, hour: 9).occurrenceKey] = Timestamp(milliseconds: 5)
        let split = completed(series)
        XCTAssertNil(split.record, "no completed copy: the override is the record")
        XCTAssertEqual(split.advanced.startDateComponents, day(2026, 12, 9, hour: 9))
        XCTAssertEqual(split.advanced.dueDateComponents, day(2026, 12, 9, hour: 10))
        XCTAssertEqual(split.advanced.recurrenceRules, series.recurrenceRules, "the master keeps its rule and count")
        XCTAssertEqual(split.advanced.series.completed[day(2026, 12, 7, hour: 9).occurrenceKey], Timestamp(milliseconds: 1000))
        XCTAssertEqual(split.advanced.series.start, day(2026, 12, 7, hour: 9), "the series still begins where it began")
        XCTAssertFalse(split.advanced.isCompleted)
        // The last two: the 10th, then the 11th, then the series is done.
        let tenth = completed(split.advanced).advanced
        XCTAssertEqual(tenth.startDateComponents, day(2026, 12, 10, hour: 9))
        let eleventh = completed(tenth).advanced
        XCTAssertEqual(eleventh.startDateComponents, day(2026, 12, 11, hour: 9))
        let done = completed(eleventh).advanced
        XCTAssertTrue(done.isCompleted, "the last occurrence done ends the series")
        XCTAssertEqual(done.series.completed.count, 5)
    }

    /// Issue 34, 3: Evolution's recurring tasks have a start and no due date; completing one moves
    /// the start on (and the count down), and never ends the series.
    func testASeriesWithoutDueDateMovesItsStartOn() {
        let evolution = reminder(start: day(2026, 12, 7, hour: 8), due: nil, rule: "FREQ=WEEKLY;COUNT=3", form: .movedStart)
        let split = completed(evolution)
        XCTAssertNil(split.record)
        XCTAssertFalse(split.advanced.isCompleted)
        XCTAssertEqual(split.advanced.startDateComponents, day(2026, 12, 14, hour: 8))
        XCTAssertNil(split.advanced.dueDateComponents)
        XCTAssertEqual(split.advanced.recurrenceRules.first?.recurrenceEnd, .occurrenceCount(2))
    }

    func testTheFirstOpenOccurrenceSkipsWhatWasDoneAndRemovedElsewhere() throws {
        var master = reminder(start: day(2026, 12, 1, hour: 9), due: day(2026, 12, 1, hour: 9, minute: 30), rule: "FREQ=DAILY", form: .override)
        master.series.completed = [
            day(2026, 12, 1, hour: 9).occurrenceKey: Timestamp(milliseconds: 1), day(2026, 12, 2, hour: 9).occurrenceKey: Timestamp(milliseconds: 2),
        ]
        master.series.exceptionDates = [day(2026, 12, 3, hour: 9).occurrenceKey]
        master.series.changes[day(2026, 12, 4, hour: 9).occurrenceKey] = ReminderSeries.Change(
            start: day(2026, 12, 4, hour: 11), due: day(2026, 12, 4, hour: 12), title: "Review (moved)")
        guard case .open(let shown) = master.atFirstOpenOccurrence(in: .utc) else { return XCTFail("no open occurrence") }
        XCTAssertEqual(shown.startDateComponents, day(2026, 12, 4, hour: 11), "moved by its override")
        XCTAssertEqual(shown.dueDateComponents, day(2026, 12, 4, hour: 12))
        XCTAssertEqual(shown.title, "Review (moved)")
        XCTAssertEqual(shown.series.title, "Review", "the series' own title is kept for the next occurrence")
        XCTAssertEqual(shown.series.occurrence, day(2026, 12, 4, hour: 9).occurrenceKey)
        XCTAssertEqual(shown.series.start, day(2026, 12, 1, hour: 9))
        // Done here: the next is the 5th, at the series' own time and title.
        let next = completed(shown).advanced
        XCTAssertEqual(next.startDateComponents, day(2026, 12, 5, hour: 9))
        XCTAssertEqual(next.title, "Review")
        XCTAssertNil(next.series.occurrence)
        XCTAssertNotNil(next.series.completed[day(2026, 12, 4, hour: 9).occurrenceKey])
    }

    func testASeriesWithEveryOccurrenceDoneIsCompletedAndOneWithAllRemovedSaysSo() {
        var counted = reminder(start: nil, due: day(2026, 12, 1), rule: "FREQ=DAILY;COUNT=2", form: .override)
        counted.series.completed = [
            day(2026, 12, 1).occurrenceKey: Timestamp(milliseconds: 10), day(2026, 12, 2).occurrenceKey: Timestamp(milliseconds: 20),
        ]
        guard case .ended(let done, anyDone: true) = counted.atFirstOpenOccurrence(in: .utc) else { return XCTFail("not ended") }
        XCTAssertTrue(done.isCompleted)
        XCTAssertEqual(done.completionDate, Timestamp(milliseconds: 20))
        var removed = reminder(start: nil, due: day(2026, 12, 1), rule: "FREQ=DAILY;COUNT=1")
        removed.series.exceptionDates = [day(2026, 12, 1).occurrenceKey]
        guard case .ended(let same, anyDone: false) = removed.atFirstOpenOccurrence(in: .utc) else { return XCTFail("not ended") }
        XCTAssertFalse(same.isCompleted)
        var endless = reminder(start: nil, due: day(2026, 12, 1), rule: "FREQ=DAILY")
        endless.series.exceptionDates = Set(
            (0..<OccurrenceWalk.limit + 5).map { day(2026, 12, 1).shifted(byWallClockSeconds: Int64($0) * 86_400).occurrenceKey })
        XCTAssertEqual(endless.atFirstOpenOccurrence(in: .utc), .unreachable)
    }

    func testAddedDatesAreOccurrencesAndNeverMoveTheRulesSteps() {
        var weekly = reminder(start: day(2026, 12, 7, hour: 9), due: nil, rule: "FREQ=WEEKLY", form: .movedStart)
        weekly.series.additionalDates = [day(2026, 12, 10, hour: 9)]
        let thursday = completed(weekly).advanced
        XCTAssertEqual(thursday.startDateComponents, day(2026, 12, 10, hour: 9))
        var walk = OccurrenceWalk(
            anchor: day(2026, 12, 7, hour: 9), rules: weekly.recurrenceRules, additionalDates: [day(2026, 12, 10, hour: 9)], zone: .utc)
        XCTAssertEqual(
            [walk.next(), walk.next(), walk.next()], [day(2026, 12, 10, hour: 9), day(2026, 12, 14, hour: 9), day(2026, 12, 21, hour: 9)])
    }

    func testAnOccurrenceChangedFromHereOnMovesEveryLaterOne() {
        var master = reminder(start: day(2026, 12, 1, hour: 9), due: nil, rule: "FREQ=DAILY", form: .override)
        master.series.completed = [
            day(2026, 12, 1, hour: 9).occurrenceKey: Timestamp(milliseconds: 1), day(2026, 12, 2, hour: 9).occurrenceKey: Timestamp(milliseconds: 1),
            day(2026, 12, 3, hour: 9).occurrenceKey: Timestamp(milliseconds: 1),
        ]
        master.series.changes[day(2026, 12, 2, hour: 9).occurrenceKey] = ReminderSeries.Change(start: day(2026, 12, 2, hour: 10), thisAndFuture: true)
        guard case .open(let shown) = master.atFirstOpenOccurrence(in: .utc) else { return XCTFail("no open occurrence") }
        XCTAssertEqual(shown.startDateComponents, day(2026, 12, 4, hour: 10))
        var ended = master
        ended.series.doneFrom = day(2026, 12, 4, hour: 9).occurrenceKey
        guard case .ended(let done, anyDone: true) = ended.atFirstOpenOccurrence(in: .utc) else { return XCTFail("not ended") }
        XCTAssertTrue(done.isCompleted)
    }

    /// Issue 34, 4: a START-related alarm on a task without DUE (jtx Board) fires from the start.
    func testAnAlarmRelativeToTheStartFiresFromTheStart() throws {
        var task = reminder(start: day(2026, 12, 7, hour: 9), due: nil, rule: "FREQ=DAILY", form: .movedStart)
        task.alarms = [Alarm(alarmIdentifier: "a", trigger: .relativeToStart(offset: -900))]
        XCTAssertEqual(task.alarms[0].fireDate(of: task, in: .utc), day(2026, 12, 7, hour: 8, minute: 45).instant(in: .utc))
        XCTAssertNoThrow(try CalendarItemRules().validate(task), "a series may recur from its start alone")
        task.dueDateComponents = day(2026, 12, 7, hour: 17)
        XCTAssertEqual(
            task.alarms[0].fireDate(of: task, in: .utc), day(2026, 12, 7, hour: 8, minute: 45).instant(in: .utc), "a due date changes nothing")
        task.startDateComponents = nil
        XCTAssertThrowsError(try CalendarItemRules().validate(task)) { error in
            XCTAssertEqual((error as? ValidationError)?.field, "alarms[0].relativeTo")
        }
        task.dueDateComponents = nil
        task.alarms = []
        XCTAssertThrowsError(try CalendarItemRules().validate(task)) { error in
            XCTAssertEqual((error as? ValidationError)?.reason, .recurringReminderRequiresDueDate)
        }
    }

    func testMovingAnOverrideFormSeriesTakesItsOccurrencesAlong() {
        var series = reminder(start: day(2026, 12, 7, hour: 9), due: nil, rule: "FREQ=DAILY", form: .override)
        series.series.start = day(2026, 12, 5, hour: 9)
        series.series.completed = [
            day(2026, 12, 5, hour: 9).occurrenceKey: Timestamp(milliseconds: 1), day(2026, 12, 6, hour: 9).occurrenceKey: Timestamp(milliseconds: 1),
        ]
        series.series.exceptionDates = [day(2026, 12, 9, hour: 9).occurrenceKey]
        var moved = series
        moved.startDateComponents = day(2026, 12, 7, hour: 11)
        moved = moved.followingDates(of: series)
        XCTAssertEqual(moved.series.start, day(2026, 12, 5, hour: 11))
        XCTAssertEqual(Set(moved.series.completed.keys), [day(2026, 12, 5, hour: 11).occurrenceKey, day(2026, 12, 6, hour: 11).occurrenceKey])
        XCTAssertEqual(moved.series.exceptionDates, [day(2026, 12, 9, hour: 11).occurrenceKey])
        let eighth = completed(moved).advanced
        XCTAssertEqual(eighth.startDateComponents, day(2026, 12, 8, hour: 11))
        XCTAssertEqual(completed(eighth).advanced.startDateComponents, day(2026, 12, 10, hour: 11), "the removed 9th moved along")
    }
}
