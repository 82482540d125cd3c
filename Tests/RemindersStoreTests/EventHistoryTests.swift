import Foundation
import RemindersModel
import XCTest
@testable import RemindersStore

/// Events and event calendars in the history and the trash (issue 38), as reminders and lists
/// are: edits undone, a removed series restored with its detached occurrences and alarms, a
/// removed calendar with its events; and a client sees only the kinds it has access to.
final class EventHistoryTests: StoreTestCase {
    override var storeTimeZone: TimeZone { utc }
    private var store: CalendarStore { eventStore.store }

    override func setUpWithError() throws {
        try super.setUpWithError()
        store.author = ChangeAuthor(client: "tests", program: "/usr/bin/tests")
    }

    private func instant(_ text: String) -> Timestamp { Timestamp(rfc3339: text)! }

    private func newEvent(_ title: String, rule: String? = nil, in calendar: String? = nil) throws -> Event {
        var changes = EventChanges()
        changes.title = .set(title)
        changes.startDate = .set(instant("2026-12-07T09:00:00Z"))
        changes.endDate = .set(instant("2026-12-07T10:00:00Z"))
        changes.alarms = .set([AlarmDraft(alarmIdentifier: "A1", trigger: .relative(offset: -900))])
        if let calendar { changes.calendarIdentifier = .set(calendar) }
        if let rule { changes.recurrenceRules = .set([try RecurrenceRule(rrule: rule)]) }
        return try eventStore.saveEvent(identifier: nil, occurrenceDate: nil, span: nil, changes: changes, lastModifiedDate: nil, commit: true)
            .event
    }

    private func retitle(_ identifier: String, _ title: String, occurrence: String? = nil) throws -> Event {
        var changes = EventChanges()
        changes.title = .set(title)
        return try eventStore.saveEvent(
            identifier: identifier, occurrenceDate: occurrence.map(instant), span: occurrence == nil ? nil : .thisEvent, changes: changes,
            lastModifiedDate: nil, commit: true
        ).event
    }

    private func newest() throws -> ItemChange {
        try XCTUnwrap(store.read({ () throws(StoreError) in try store.changes(ChangesFilter(limit: 1)) }).changes.first)
    }

    func testAnEventsEditIsRecordedAndUndoneAndALaterEditRefusesTheUndo() throws {
        let standup = try newEvent("Standup")
        _ = try retitle(standup.eventIdentifier, "Daily standup")
        let edit = try newest()
        XCTAssertEqual(edit.kind, .event)
        XCTAssertEqual(edit.action, .changed)
        guard case .event(let before)? = edit.before else { return XCTFail("no copy of what it was") }
        XCTAssertEqual(before.title, "Standup")
        XCTAssertEqual(before.alarms, standup.alarms)
        _ = try store.write({ () throws(StoreError) in try store.undo(change: Int64(edit.changeIdentifier)!) })
        XCTAssertEqual(try store.read({ () throws(StoreError) in try store.event(identifier: standup.eventIdentifier) })?.title, "Standup")

        _ = try retitle(standup.eventIdentifier, "Sync")
        let second = try newest()
        _ = try retitle(standup.eventIdentifier, "Weekly sync")
        XCTAssertThrowsError(try store.write({ () throws(StoreError) in try store.undo(change: Int64(second.changeIdentifier)!) })) { error in
            guard case StoreError.changedSince(let kind, _, let fields, _)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertEqual(kind, "event")
            XCTAssertEqual(fields, ["title"])
        }
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in try store.event(identifier: standup.eventIdentifier) })?.title, "Weekly sync", "nothing changed"
        )
    }

    func testARemovedSeriesComesBackWithItsDetachedOccurrenceAndAlarms() throws {
        let series = try newEvent("Weekly", rule: "FREQ=WEEKLY;COUNT=4")
        let moved = try retitle(series.eventIdentifier, "Moved", occurrence: "2026-12-14T09:00:00Z")
        XCTAssertEqual(moved.seriesIdentifier, series.eventIdentifier)
        try eventStore.removeEvent(identifier: series.eventIdentifier, occurrenceDate: nil, span: .futureEvents, commit: true)
        XCTAssertNil(try store.read({ () throws(StoreError) in try store.event(identifier: series.eventIdentifier) }))
        XCTAssertNil(try store.read({ () throws(StoreError) in try store.event(identifier: moved.eventIdentifier) }))
        let trash = try store.read({ () throws(StoreError) in try store.trash(limit: 10) }).changes
        XCTAssertEqual(trash.map(\.title), ["Weekly"], "the detached occurrence is in its series' entry")
        XCTAssertEqual(trash.first?.kind, .event)
        let removal = Int64(try XCTUnwrap(trash.first).changeIdentifier)!
        let made = try store.write({ () throws(StoreError) in try store.undo(change: removal) })
        XCTAssertEqual(made.map(\.action), [.restored])
        let back = try XCTUnwrap(store.read({ () throws(StoreError) in try store.event(identifier: series.eventIdentifier) }))
        XCTAssertEqual(back.alarms, series.alarms)
        XCTAssertEqual(back.recurrenceRules, series.recurrenceRules)
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in try store.event(identifier: moved.eventIdentifier) })?.title, "Moved",
            "its detached occurrence too")
        XCTAssertEqual(try store.read({ () throws(StoreError) in try store.trash(limit: 10) }).changes, [])
    }

    func testARemovedCalendarComesBackWithItsEvents() throws {
        let team = try eventStore.saveCalendar(CalendarChanges(title: "Team", entityType: .event))
        let offsite = try newEvent("Offsite", in: team.calendarIdentifier)
        try eventStore.removeCalendar(identifier: team.calendarIdentifier)
        XCTAssertNil(try store.read({ () throws(StoreError) in try store.event(identifier: offsite.eventIdentifier) }))
        let entry = try XCTUnwrap(store.read({ () throws(StoreError) in try store.trash(limit: 10) }).changes.first)
        XCTAssertEqual(entry.kind, .calendar)
        XCTAssertEqual(entry.title, "Team")
        _ = try store.write({ () throws(StoreError) in try store.undo(change: Int64(entry.changeIdentifier)!) })
        XCTAssertEqual(try store.read({ () throws(StoreError) in try store.calendar(identifier: team.calendarIdentifier) })?.entityType, .event)
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in try store.event(identifier: offsite.eventIdentifier) })?.calendarIdentifier,
            team.calendarIdentifier)
        XCTAssertEqual(try store.read({ () throws(StoreError) in try store.event(identifier: offsite.eventIdentifier) })?.alarms, offsite.alarms)
    }

    func testAClientSeesAndUndoesOnlyTheKindsItHasAccessTo() throws {
        let standup = try newEvent("Standup")
        _ = try retitle(standup.eventIdentifier, "Daily standup")
        var tea = ReminderChanges()
        tea.title = .set("Tea")
        _ = try eventStore.saveReminder(identifier: nil, changes: tea, commit: true)
        let reminderKinds: Set<ItemChange.Kind> = [.reminder, .list]
        let seen = try store.read({ () throws(StoreError) in try store.changes(ChangesFilter(kinds: reminderKinds)) }).changes
        XCTAssertEqual(seen.map(\.kind), [.reminder])
        XCTAssertEqual(try store.read({ () throws(StoreError) in try store.trash(limit: 10, kinds: reminderKinds) }).changes, [])
        let eventEdit = try XCTUnwrap(store.read({ () throws(StoreError) in try store.changes(ChangesFilter(kinds: [.event])) }).changes.first)
        XCTAssertThrowsError(
            try store.write({ () throws(StoreError) in try store.undo(change: Int64(eventEdit.changeIdentifier)!, kinds: reminderKinds) }))
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in try store.event(identifier: standup.eventIdentifier) })?.title, "Daily standup",
            "nothing changed")
        _ = try store.write({ () throws(StoreError) in try store.undo(client: "tests", count: 1, kinds: reminderKinds) })
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in try store.event(identifier: standup.eventIdentifier) })?.title, "Daily standup",
            "the walk back skips events")
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in try store.changes(ChangesFilter(kinds: [.reminder])) }).changes.first?.action, .removed)
    }
}
