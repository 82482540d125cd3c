import Foundation
import RemindersICalendarFormat
import RemindersModel
import XCTest
@testable import RemindersICalendar

/// Recurring tasks, subtasks and alarms as other clients write them (issue 34): what is shown,
/// and what completing or editing here writes back — in the object's own form, nothing else
/// changed. The interop suite (Tests/Interop/test_client_forms.py) runs the same forms through
/// real servers.
final class ClientFormTests: XCTestCase {
    let now = Timestamp(rfc3339: "2026-12-03T12:00:00Z")!
    let berlin = "Europe/Berlin"

    private func object(_ product: String, _ components: [String]) throws -> CalendarObject {
        try CalendarObject(
            parsing: (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(product)"] + components + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n")
    }

    private func at(_ day: Int, _ hour: Int, _ minute: Int = 0) -> ItemDateComponents {
        ItemDateComponents(year: 2026, month: 12, day: day, hour: hour, minute: minute, timeZone: berlin)
    }

    private func lines(_ text: String) -> [String] { ContentLines.unfold(text).map(\.text) }

    private func completing(_ reminder: Reminder) -> Reminder {
        var done = reminder
        done.isCompleted = true
        done.completionDate = now
        done.lastModifiedDate = now
        return done.completingOccurrence(in: .utc, newIdentifier: { "COPY" }).advanced
    }

    /// Thunderbird completes one occurrence with an override (calendar-task-tree-utils.js,
    /// `contextChangeTaskProgress`; CalTodo.sys.mjs) and deletes one with an EXDATE
    /// (CalRecurrenceInfo.sys.mjs, `removeOccurrenceAt`).
    static let thunderbird = [
        "BEGIN:VTODO", "CREATED:20261120T100000Z", "LAST-MODIFIED:20261201T081500Z", "DTSTAMP:20261201T081500Z", "UID:tb-plants",
        "SUMMARY:Water the plants", "RRULE:FREQ=DAILY", "EXDATE;TZID=Europe/Berlin:20261203T090000",
        "DTSTART;TZID=Europe/Berlin:20261201T090000", "DUE;TZID=Europe/Berlin:20261201T100000",
        "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;VALUE=DURATION:-PT15M", "DESCRIPTION:Default Mozilla Description", "END:VALARM",
        "END:VTODO",
        "BEGIN:VTODO", "CREATED:20261120T100000Z", "LAST-MODIFIED:20261201T081500Z", "DTSTAMP:20261201T081500Z", "UID:tb-plants",
        "SUMMARY:Water the plants", "RECURRENCE-ID;TZID=Europe/Berlin:20261201T090000", "STATUS:COMPLETED",
        "COMPLETED:20261201T081500Z", "PERCENT-COMPLETE:100",
        "DTSTART;TZID=Europe/Berlin:20261201T090000", "DUE;TZID=Europe/Berlin:20261201T100000",
        "END:VTODO",
    ]

    func testThunderbirdsCompletedOccurrenceAndDeletedOneAreNotShown() throws {
        let reading = try TodoReader.read(try object("-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN", Self.thunderbird), now: now)
        let shown = reading.reminder
        XCTAssertFalse(shown.isCompleted)
        XCTAssertEqual(shown.startDateComponents, at(2, 9))
        XCTAssertEqual(shown.dueDateComponents, at(2, 10))
        XCTAssertEqual(shown.series.form, .override)
        XCTAssertEqual(shown.alarms.map(\.trigger), [.relativeToStart(offset: -900)])
        XCTAssertEqual(shown.alarms[0].fireDate(of: shown, in: .utc), at(2, 8, 45).instant(in: .utc))
        // Completed here: the 3rd was deleted in Thunderbird, so the 4th is next.
        XCTAssertEqual(completing(shown).startDateComponents, at(4, 9))
    }

    func testCompletingAThunderbirdOccurrenceHereWritesItsOverride() throws {
        let original = try object("-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN", Self.thunderbird)
        let shown = try TodoReader.read(original, now: now).reminder
        let written = TodoWriter.object(for: completing(shown), parentUID: nil, original: original, now: now).text
        let text = lines(written)
        XCTAssertEqual(text.filter { $0 == "BEGIN:VTODO" }.count, 3, "one override more, no copy:\n\(written)")
        XCTAssertTrue(text.contains("RECURRENCE-ID;TZID=Europe/Berlin:20261202T090000"), written)
        XCTAssertTrue(text.contains("DTSTART;TZID=Europe/Berlin:20261201T090000"), "the master keeps its start:\n\(written)")
        XCTAssertEqual(text.filter { $0 == "STATUS:COMPLETED" }.count, 2, "the master itself is not completed")
        XCTAssertTrue(text.contains("RRULE:FREQ=DAILY"))
        XCTAssertTrue(text.contains("EXDATE;TZID=Europe/Berlin:20261203T090000"))
        let reread = try TodoReader.read(try CalendarObject(parsing: written), now: now).reminder
        XCTAssertEqual(reread.startDateComponents, at(4, 9))
        XCTAssertFalse(reread.isCompleted)
        // Written again unchanged, it stays as it is.
        XCTAssertEqual(
            lines(TodoWriter.object(for: reread, parentUID: nil, original: try CalendarObject(parsing: written), now: now).text)
                .filter { !$0.hasPrefix("DTSTAMP") }, text.filter { !$0.hasPrefix("DTSTAMP") })
    }

    /// An override that moves and renames one occurrence (Thunderbird's "edit this occurrence").
    func testAMovedAndRenamedOccurrenceIsShownAsItsOverrideSaysAndCompletedThere() throws {
        var components = Self.thunderbird
        components.insert(
            contentsOf: [
                "BEGIN:VTODO", "UID:tb-plants", "DTSTAMP:20261201T081500Z", "LAST-MODIFIED:20261201T081500Z",
                "SUMMARY:Water the plants (balcony too)", "RECURRENCE-ID;TZID=Europe/Berlin:20261202T090000",
                "DTSTART;TZID=Europe/Berlin:20261202T180000", "DUE;TZID=Europe/Berlin:20261202T190000", "END:VTODO",
            ],
            at: components.count)
        let original = try object("-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN", components)
        let shown = try TodoReader.read(original, now: now).reminder
        XCTAssertEqual(shown.title, "Water the plants (balcony too)")
        XCTAssertEqual(shown.startDateComponents, at(2, 18))
        let written = TodoWriter.object(for: completing(shown), parentUID: nil, original: original, now: now).text
        let text = lines(written)
        XCTAssertEqual(text.filter { $0 == "BEGIN:VTODO" }.count, 3, "the override was completed, not doubled:\n\(written)")
        XCTAssertTrue(text.contains("SUMMARY:Water the plants"), "the master keeps its title")
        let reread = try TodoReader.read(try CalendarObject(parsing: written), now: now).reminder
        XCTAssertEqual(reread.title, "Water the plants")
        XCTAssertEqual(reread.startDateComponents, at(4, 9))
    }

    /// Evolution: a recurring task needs a start and may have no due date; completing advances
    /// DTSTART and COUNT and stays NEEDS-ACTION (e-cal-util.c, `e_cal_util_mark_task_complete_sync`).
    /// Its alarms are START-related with X-EVOLUTION-ALARM-UID.
    static let evolution = [
        "BEGIN:VTODO", "UID:evo-bins", "DTSTAMP:20261201T080000Z", "CREATED:20261201T080000Z", "LAST-MODIFIED:20261201T080000Z",
        "SUMMARY:Put the bins out", "DTSTART;TZID=Europe/Berlin:20261207T190000", "RRULE:FREQ=WEEKLY;COUNT=10",
        "STATUS:NEEDS-ACTION", "BEGIN:VALARM", "X-EVOLUTION-ALARM-UID:20261201T080000Z-1234-1000-1-0@laptop", "ACTION:DISPLAY",
        "TRIGGER;VALUE=DURATION;RELATED=START:-PT30M", "DESCRIPTION:Put the bins out", "END:VALARM", "END:VTODO",
    ]

    func testEvolutionsSeriesWithoutDueDateRecursAndMovesItsStartOn() throws {
        let original = try object("-//Ximian//NONSGML Evolution Calendar//EN", Self.evolution)
        let shown = try TodoReader.read(original, now: now).reminder
        XCTAssertEqual(shown.recurrenceRules.count, 1, "read as a series, not a one-off")
        XCTAssertNil(shown.dueDateComponents)
        XCTAssertEqual(shown.series.form, .movedStart)
        XCTAssertEqual(shown.alarms.first?.fireDate(of: shown, in: .utc), at(7, 18, 30).instant(in: .utc), "the START alarm fires")
        let written = TodoWriter.object(for: completing(shown), parentUID: nil, original: original, now: now).text
        let text = lines(written)
        XCTAssertTrue(text.contains("DTSTART;TZID=Europe/Berlin:20261214T190000"), written)
        XCTAssertTrue(text.contains("RRULE:FREQ=WEEKLY;COUNT=9"), written)
        XCTAssertTrue(text.contains("STATUS:NEEDS-ACTION"), "the series goes on for every client:\n\(written)")
        XCTAssertFalse(text.contains("STATUS:COMPLETED"))
        XCTAssertTrue(text.contains("X-EVOLUTION-ALARM-UID:20261201T080000Z-1234-1000-1-0@laptop"), "its alarm as it came")
        XCTAssertFalse(text.contains { $0.hasPrefix("DUE") })
    }

    /// Issue 34, 8: a "before the start" alarm keeps meaning that when the due date changes here.
    func testAStartAlarmKeepsItsMeaningWhenTheDueDateChanges() throws {
        var components = Self.evolution.filter { !$0.hasPrefix("RRULE") }
        components.insert("DUE;TZID=Europe/Berlin:20261207T200000", at: 6)
        let original = try object("-//Ximian//NONSGML Evolution Calendar//EN", components)
        var reminder = try TodoReader.read(original, now: now).reminder
        reminder.dueDateComponents = at(8, 20)
        let written = TodoWriter.object(for: reminder, parentUID: nil, original: original, now: now).text
        XCTAssertTrue(lines(written).contains("TRIGGER;VALUE=DURATION;RELATED=START:-PT30M"), written)
        let reread = try TodoReader.read(try CalendarObject(parsing: written), now: now).reminder
        XCTAssertEqual(reread.alarms.first?.fireDate(of: reread, in: .utc), at(7, 18, 30).instant(in: .utc))
        XCTAssertEqual(reminder.alarms.first?.fireDate(of: reminder, in: .utc), at(7, 18, 30).instant(in: .utc), "rung here as it is there")
    }

    /// jtx Board: several parents, `RELTYPE=CHILD` on the parent, START-related alarms on a task
    /// without due date (ICalObject.kt; JtxICalObject.kt in ical4android).
    func testANotesEditKeepsEveryRelationItDidNotChange() throws {
        let relations = [
            "RELATED-TO;RELTYPE=PARENT:jtx-project", "RELATED-TO:jtx-meeting", "RELATED-TO;RELTYPE=CHILD:jtx-step",
            "RELATED-TO;RELTYPE=SIBLING:jtx-other",
        ]
        let original = try object(
            "+//IDN bitfire.at//DAVx5/4.4 ical4j/3.2 (at.techbee.jtx)",
            [
                "BEGIN:VTODO", "UID:jtx-task", "DTSTAMP:20261201T080000Z",
                "SUMMARY:Draft the minutes", "DTSTART;TZID=Europe/Berlin:20261207T100000",
            ] + relations
                + ["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;RELATED=START:-PT10M", "END:VALARM", "END:VTODO"])
        let reading = try TodoReader.read(original, now: now)
        XCTAssertEqual(reading.parentUID, "jtx-project")
        XCTAssertEqual(reading.reminder.alarms.first?.fireDate(of: reading.reminder, in: .utc), at(7, 9, 50).instant(in: .utc))
        var edited = reading.reminder
        edited.notes = "Send to the team"
        let text = lines(TodoWriter.object(for: edited, parentUID: "jtx-project", original: original, now: now).text)
        for relation in relations { XCTAssertTrue(text.contains(relation), "lost \(relation)") }
        // Moved under another parent here: only the parent shown is replaced.
        let moved = lines(TodoWriter.object(for: edited, parentUID: "jtx-elsewhere", original: original, now: now).text)
        XCTAssertTrue(moved.contains("RELATED-TO;RELTYPE=PARENT:jtx-elsewhere"))
        XCTAssertFalse(moved.contains("RELATED-TO;RELTYPE=PARENT:jtx-project"))
        for relation in relations.dropFirst() { XCTAssertTrue(moved.contains(relation), "lost \(relation)") }
    }

    func testTwoOverridesOfOneOccurrenceTheLaterIsReadAndBothKept() throws {
        var components = Self.thunderbird
        components += [
            "BEGIN:VTODO", "UID:tb-plants", "DTSTAMP:20261202T090000Z", "LAST-MODIFIED:20261202T090000Z", "SUMMARY:Water the plants",
            "RECURRENCE-ID;TZID=Europe/Berlin:20261201T090000", "STATUS:NEEDS-ACTION", "END:VTODO",
        ]
        let original = try object("-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN", components)
        let reading = try TodoReader.read(original, now: now)
        XCTAssertEqual(reading.reminder.startDateComponents, at(1, 9), "the later override reopened the 1st")
        XCTAssertTrue(reading.notes.contains { $0.contains("two overrides") }, "\(reading.notes)")
        var edited = reading.reminder
        edited.notes = "more"
        let written = lines(TodoWriter.object(for: edited, parentUID: nil, original: original, now: now).text)
        XCTAssertEqual(written.filter { $0 == "BEGIN:VTODO" }.count, 3, "nothing lost")
    }

    func testAnOverrideOfNoOccurrenceAndAnEmptySeriesAreShownAndSaid() throws {
        var components = Self.thunderbird
        components += [
            "BEGIN:VTODO", "UID:tb-plants", "DTSTAMP:20261202T090000Z", "SUMMARY:Water the plants",
            "RECURRENCE-ID;TZID=Europe/Berlin:20261202T093000", "STATUS:COMPLETED", "END:VTODO",
        ]
        let stray = try TodoReader.read(try object("-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN", components), now: now)
        XCTAssertTrue(stray.notes.contains { $0.contains("no occurrence of the series") }, "\(stray.notes)")
        XCTAssertEqual(stray.reminder.startDateComponents, at(2, 9))
        let empty = try TodoReader.read(
            try object(
                "-//t//EN",
                [
                    "BEGIN:VTODO", "UID:gone", "SUMMARY:Gone", "DUE;VALUE=DATE:20261207",
                    "RRULE:FREQ=DAILY;COUNT=1", "EXDATE;VALUE=DATE:20261207", "END:VTODO",
                ]), now: now)
        XCTAssertEqual(empty.reminder.dueDateComponents, ItemDateComponents(year: 2026, month: 12, day: 7))
        XCTAssertTrue(empty.notes.contains { $0.contains("every occurrence of the series was removed") }, "\(empty.notes)")
    }

    /// Apple's form (and tasks.org's, and remindersd's own): completing writes a copy and moves the
    /// series on — as before.
    func testApplesFormStaysAsItWas() throws {
        let original = try object(
            "-//Apple Inc.//iOS 17.0//EN",
            [
                "BEGIN:VTODO", "UID:apple-1", "DTSTAMP:20261201T080000Z", "SUMMARY:Pay rent",
                "DUE;VALUE=DATE:20261201", "RRULE:FREQ=MONTHLY", "END:VTODO",
            ])
        let shown = try TodoReader.read(original, now: now).reminder
        XCTAssertEqual(shown.series, ReminderSeries(), "nothing beyond EventKit's own series")
        var done = shown
        done.isCompleted = true
        let split = done.completingOccurrence(in: .utc, newIdentifier: { "COPY" })
        XCTAssertNotNil(split.record)
        XCTAssertEqual(split.advanced.dueDateComponents, ItemDateComponents(year: 2027, month: 1, day: 1))
    }
}
