import Foundation
import RemindersModel
import XCTest
@testable import RemindersStore

/// A client granted chosen lists (issue 39), at the store: the grant's scope as stored and read
/// back (a removed list dropping out), and an `EventStore` with a scope seeing only those lists —
/// one of them read-only — as if the others did not exist.
final class CalendarScopeTests: StoreTestCase {
    private var store: CalendarStore { eventStore.store }

    private func add(_ title: String, in list: String) throws -> Reminder {
        var changes = ReminderChanges()
        changes.title = .set(title)
        changes.calendarIdentifier = .set(list)
        return try eventStore.saveReminder(identifier: nil, changes: changes, commit: true)
    }

    func testAScopeIsStoredWithTheGrantAndARemovedListDropsOut() throws {
        let work = try eventStore.saveCalendar(CalendarChanges(title: "Work")).calendarIdentifier
        let family = try eventStore.saveCalendar(CalendarChanges(title: "Family")).calendarIdentifier
        let scope = try store.read { () throws(StoreError) in try ListNames.scope(["work"], readOnly: ["Family"], entityType: .reminder, in: store) }
        XCTAssertEqual(scope.calendars, [work: false, family: true])
        XCTAssertThrowsError(try store.read { () throws(StoreError) in try ListNames.scope(["Nope"], entityType: .reminder, in: store) })
        try store.write({ () throws(StoreError) in
            try store.setAuthorizationStatus(.fullAccess, client: "assistant", program: nil, entityType: .reminder, scope: scope)
        })
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in
                try store.authorizationScope(client: "assistant", program: "/usr/bin/any", entityType: .reminder)
            }), scope)
        XCTAssertNil(
            try store.read({ () throws(StoreError) in try store.authorizationScope(client: "assistant", program: "/usr/bin/any", entityType: .event) }
            ), "events not scoped")
        try eventStore.removeCalendar(identifier: work)
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in
                try store.authorizationScope(client: "assistant", program: "/usr/bin/any", entityType: .reminder)
            }),
            CalendarScope(calendars: [family: true]),
            "Work dropped out; the grant stays one for chosen lists")
        try store.write({ () throws(StoreError) in
            try store.setAuthorizationStatus(.fullAccess, client: "assistant", program: nil, entityType: .reminder)
        })
        XCTAssertNil(
            try store.read({ () throws(StoreError) in
                try store.authorizationScope(client: "assistant", program: "/usr/bin/any", entityType: .reminder)
            }), "granted every list again")
    }

    func testAScopedEventStoreSeesItsListsOnlyAndCannotWriteAReadOnlyOne() throws {
        let work = try eventStore.saveCalendar(CalendarChanges(title: "Work")).calendarIdentifier
        let family = try eventStore.saveCalendar(CalendarChanges(title: "Family")).calendarIdentifier
        let health = try eventStore.saveCalendar(CalendarChanges(title: "Health")).calendarIdentifier
        let report = try add("Report", in: work)
        let dinner = try add("Dinner", in: family)
        let pills = try add("Pills", in: health)
        eventStore.scopes = [.reminder: CalendarScope(calendars: [work: false, family: true])]

        XCTAssertEqual(try eventStore.calendars().map(\.title).sorted(), ["Family", "Work"])
        XCTAssertEqual(try eventStore.calendars().first { $0.title == "Family" }?.allowsContentModifications, false)
        let all = try eventStore.fetchReminders(matching: ReminderPredicate(kind: .all), in: utc).map(\.title).sorted()
        XCTAssertEqual(all, ["Dinner", "Report"])
        XCTAssertEqual(try eventStore.fetchReminders(matching: ReminderPredicate(kind: .all, calendarIdentifiers: [health]), in: utc), [])
        XCTAssertNil(try eventStore.reminder(identifier: pills.calendarItemIdentifier))
        XCTAssertNotNil(try eventStore.reminder(identifier: dinner.calendarItemIdentifier), "a read-only list is read")
        XCTAssertThrowsError(try eventStore.removeReminder(identifier: pills.calendarItemIdentifier, commit: true)) { error in
            guard case StoreError.notFound? = error as? StoreError else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try add("Cake", in: family)) { error in
            guard case StoreError.invalid(let invalid)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertEqual(invalid.reason, .calendarReadOnly)
        }
        XCTAssertThrowsError(try add("Cake", in: health)) { error in
            guard case StoreError.invalid(let invalid)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertEqual(invalid.reason, .noCalendar, "as into no list at all")
        }
        XCTAssertThrowsError(try eventStore.saveCalendar(CalendarChanges(title: "Mine")), "makes no new list")
        XCTAssertThrowsError(try eventStore.removeCalendar(identifier: health))
        var moved = ReminderChanges()
        moved.calendarIdentifier = .set(health)
        XCTAssertThrowsError(
            try eventStore.saveReminder(identifier: report.calendarItemIdentifier, changes: moved, commit: true), "nor moves one out")
        var untitled = ReminderChanges()
        untitled.title = .set("Slides")
        XCTAssertEqual(try eventStore.saveReminder(identifier: nil, changes: untitled, commit: true).calendarIdentifier, work, "new ones go to Work")
        eventStore.scopes = [:]
        XCTAssertEqual(try eventStore.reminder(identifier: pills.calendarItemIdentifier)?.title, "Pills", "untouched")
    }

    func testAScopeOfEventCalendarsKeepsEventsElsewhereOut() throws {
        let team = try eventStore.saveCalendar(CalendarChanges(title: "Team", entityType: .event)).calendarIdentifier
        let private_ = try eventStore.saveCalendar(CalendarChanges(title: "Private", entityType: .event)).calendarIdentifier
        func event(_ title: String, in calendar: String) throws -> Event {
            var changes = EventChanges()
            changes.title = .set(title)
            changes.calendarIdentifier = .set(calendar)
            changes.startDate = .set(Timestamp(rfc3339: "2026-12-07T09:00:00Z")!)
            changes.endDate = .set(Timestamp(rfc3339: "2026-12-07T10:00:00Z")!)
            return try eventStore.saveEvent(identifier: nil, occurrenceDate: nil, span: nil, changes: changes, lastModifiedDate: nil).event
        }
        _ = try event("Standup", in: team)
        let doctor = try event("Doctor", in: private_)
        eventStore.scopes = [.event: CalendarScope(calendars: [team: false])]
        let week = try eventStore.fetchEvents(
            from: Timestamp(rfc3339: "2026-12-01T00:00:00Z")!, to: Timestamp(rfc3339: "2026-12-31T00:00:00Z")!, calendars: nil)
        XCTAssertEqual(week.occurrences.map(\.event.title), ["Standup"])
        XCTAssertNil(try eventStore.event(identifier: doctor.eventIdentifier, occurrenceDate: nil))
        XCTAssertThrowsError(try eventStore.removeEvent(identifier: doctor.eventIdentifier, occurrenceDate: nil, span: nil))
        XCTAssertThrowsError(try event("Lunch", in: private_))
        XCTAssertEqual(try eventStore.calendars(for: .event).map(\.title), ["Team"])
        XCTAssertEqual(try eventStore.calendars(for: .reminder).count, 1, "the reminder lists are not scoped by it")
        eventStore.scopes = [:]
        XCTAssertEqual(try eventStore.event(identifier: doctor.eventIdentifier, occurrenceDate: nil)?.event.title, "Doctor", "untouched")
    }
}
