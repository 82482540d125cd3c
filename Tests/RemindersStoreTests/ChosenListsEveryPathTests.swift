import Foundation
import RemindersModel
import XCTest
@testable import RemindersStore

/// A client granted chosen lists (issue 49), on the paths that used to reach around its grant:
/// staged changes committed after the owner narrowed the grant or moved the item away, a
/// conflict's `current`, a move recorded under both lists, location alarms, its own changes by
/// name and program, and lists it may change only what is in.
final class ChosenListsEveryPathTests: StoreTestCase {
    private var store: CalendarStore { eventStore.store }
    private var work = "", health = ""
    /// The client's view of the same store: granted Work only (a second connection, as its session has).
    private var client: EventStore!

    override func setUpWithError() throws {
        try super.setUpWithError()
        work = try eventStore.saveCalendar(CalendarChanges(title: "Work")).calendarIdentifier
        health = try eventStore.saveCalendar(CalendarChanges(title: "Health")).calendarIdentifier
        client = try reopened()
        client.scopes = [.reminder: CalendarScope(calendars: [work: false, health: false])]
        client.author = ChangeAuthor(client: "assistant", program: "/usr/bin/assistant")
    }

    private func add(_ title: String, notes: String? = nil, in list: String, by store: EventStore? = nil) throws -> Reminder {
        var changes = ReminderChanges()
        changes.title = .set(title)
        if let notes { changes.notes = .set(notes) }
        changes.calendarIdentifier = .set(list)
        return try (store ?? eventStore).saveReminder(identifier: nil, changes: changes, commit: true)
    }

    private func move(_ reminder: Reminder, to list: String, notes: String? = nil, by store: EventStore? = nil) throws {
        var changes = ReminderChanges()
        changes.calendarIdentifier = .set(list)
        if let notes { changes.notes = .set(notes) }
        _ = try (store ?? eventStore).saveReminder(identifier: reminder.calendarItemIdentifier, changes: changes, commit: true)
    }

    private func narrowToWork() { client.scopes = [.reminder: CalendarScope(calendars: [work: false])] }

    private func assertNotFound(_ body: @autoclosure () throws -> Void, _ message: String, line: UInt = #line) {
        XCTAssertThrowsError(try body(), message, line: line) { error in
            guard case StoreError.notFound? = error as? StoreError else { return XCTFail("\(message): \(error)", line: line) }
        }
    }

    // Item 1: a removal staged while the item was reachable does not commit once it is not.
    func testAStagedRemovalDoesNotCommitAfterTheGrantNarrowed() throws {
        let pills = try add("Pills", in: health)
        try client.removeReminder(identifier: pills.calendarItemIdentifier, commit: false)
        narrowToWork()
        assertNotFound(try client.commit(), "the grant no longer holds Health")
        XCTAssertNotNil(try eventStore.reminder(identifier: pills.calendarItemIdentifier), "still there")
    }

    func testAStagedRemovalDoesNotCommitAfterTheOwnerMovedTheItemAway() throws {
        let report = try add("Report", in: work)
        narrowToWork()
        try client.removeReminder(identifier: report.calendarItemIdentifier, commit: false)
        try move(report, to: health)
        assertNotFound(try client.commit(), "the item is in a list outside the grant now")
        XCTAssertEqual(try eventStore.reminder(identifier: report.calendarItemIdentifier)?.calendarIdentifier, health)
    }

    // Item 2: no conflict hands over the item as it is outside, and no blind edit moves it back.
    func testACommitNeitherShowsNorMovesBackAnItemTheOwnerMovedAway() throws {
        let report = try add("Report", in: work)
        narrowToWork()
        var edit = ReminderChanges()
        edit.title = .set("Report (draft)")
        _ = try client.saveReminder(
            identifier: report.calendarItemIdentifier, changes: edit, lastModifiedDate: report.lastModifiedDate, commit: false)
        var blind = ReminderChanges()
        blind.notes = .set("mine")
        let other = try add("Slides", in: work)
        _ = try client.saveReminder(identifier: other.calendarItemIdentifier, changes: blind, commit: false)
        try move(report, to: health, notes: "blood results")
        XCTAssertThrowsError(try client.commit()) { error in
            guard case StoreError.notFound? = error as? StoreError else { return XCTFail("a conflict would show the item as it is: \(error)") }
        }
        client.reset()
        _ = try client.saveReminder(identifier: other.calendarItemIdentifier, changes: blind, commit: false)
        try move(other, to: health, notes: "x-ray")
        assertNotFound(try client.commit(), "without lastModifiedDate, too")
        let stored = try XCTUnwrap(eventStore.reminder(identifier: other.calendarItemIdentifier))
        XCTAssertEqual([stored.calendarIdentifier, stored.notes], [health, "x-ray"], "not moved back, not written over")
    }

    // Item 3: a move is recorded under both lists, and shown and undone only by who sees both.
    func testAMoveFromAHiddenListIsNeitherShownNorUndone() throws {
        let pills = try add("Pills", notes: "twice a day", in: health)
        try move(pills, to: work, notes: "")
        narrowToWork()
        let moved = try XCTUnwrap(store.changes(ChangesFilter(itemIdentifier: pills.calendarItemIdentifier, limit: 1)).changes.first)
        XCTAssertEqual([moved.action.rawValue, moved.fromCalendarIdentifier, moved.calendarIdentifier], ["moved", health, work])
        let seen = try store.changes(
            ChangesFilter(itemIdentifier: pills.calendarItemIdentifier).within(Set(client.scopes[.reminder]?.identifiers ?? [])))
        XCTAssertEqual(seen.changes, [], "its before holds Health's notes and identifier")
        assertNotFound(
            try store.write { () throws(StoreError) in _ = try self.store.undo(change: Int64(moved.changeIdentifier)!, calendars: [self.work]) },
            "a change outside its lists is unknown to it")
        XCTAssertEqual(try eventStore.reminder(identifier: pills.calendarItemIdentifier)?.calendarIdentifier, work, "not put back into Health")
        XCTAssertEqual(
            try store.write { () throws(StoreError) in
                try self.store.undo(change: Int64(moved.changeIdentifier)!, calendars: [self.work, self.health])
            }
            .count, 1, "a client that sees both undoes it")
    }

    // Item 7: a client granted Work reports the person's whereabouts for Work's alarms only.
    func testAFixFromAScopedClientFiresNoAlarmOutsideItsLists() throws {
        var changes = ReminderChanges()
        changes.title = .set("Pick up the prescription")
        changes.calendarIdentifier = .set(health)
        let pharmacy = GeoLocation(latitude: 52.52, longitude: 13.40)
        changes.alarms = .set([
            AlarmDraft(
                alarmIdentifier: "fence", trigger: .location(StructuredLocation(title: "Pharmacy", geoLocation: pharmacy, radius: 100), .enter))
        ])
        let prescription = try eventStore.saveReminder(identifier: nil, changes: changes, commit: true)
        narrowToWork()
        func fix(_ kilometres: Double, _ second: Int64) -> LocationFix {
            LocationFix(
                location: GeoLocation(latitude: pharmacy.latitude + kilometres / 111.195, longitude: pharmacy.longitude), horizontalAccuracy: 10,
                timestamp: Timestamp(milliseconds: second * 1000))
        }
        XCTAssertEqual(try eventStore.updateLocation(fix(5, 1)), [], "the owner's first fix sets the side: outside")
        XCTAssertEqual(try client.updateLocation(fix(0, 2)), [], "the client's fix inside the fence fires nothing of Health")
        XCTAssertEqual(try client.updateLocation(fix(5, 3)), [])
        XCTAssertEqual(
            try eventStore.updateLocation(fix(0, 4)).map(\.reminderIdentifier), [prescription.calendarItemIdentifier],
            "the side the owner's fix set is kept: arriving fires for the owner")
    }

    // Item 8: a client's own changes are those of its name and its program.
    func testOwnChangesAreThoseOfTheNameAndTheProgram() throws {
        let other = try reopened()
        other.author = ChangeAuthor(client: "assistant", program: "/usr/bin/impostor")
        _ = try add("Report", notes: "quarterly numbers", in: work, by: client)
        let made = try XCTUnwrap(store.changes(ChangesFilter(limit: 1)).changes.first)
        var own = ChangesFilter(client: "assistant")
        own.program = "/usr/bin/impostor"
        XCTAssertEqual(try store.changes(own).changes, [], "the same name from another program is another client")
        let impostor = ChangeAuthor(client: "assistant", program: "/usr/bin/impostor")
        XCTAssertThrowsError(
            try store.write { () throws(StoreError) in _ = try self.store.undo(change: Int64(made.changeIdentifier)!, onlyBy: impostor) })
        XCTAssertThrowsError(
            try store.write { () throws(StoreError) in _ = try self.store.undo(client: "assistant", program: "/usr/bin/impostor", count: 1) })
        XCTAssertEqual(
            try store.write { () throws(StoreError) in try self.store.undo(client: "assistant", program: "/usr/bin/assistant", count: 1) }.count, 1)
        _ = other
    }

    // Item 10: chosen lists are for what is in them; the lists themselves only with --manage-lists.
    func testAClientGrantedAListChangesWhatIsInItNotTheListUnlessItManagesIt() throws {
        narrowToWork()
        _ = try add("Report", in: work, by: client)
        XCTAssertThrowsError(try client.removeCalendar(identifier: work)) { error in
            guard case StoreError.invalid(let invalid)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertTrue(invalid.message.contains("--manage-lists"), invalid.message)
        }
        XCTAssertThrowsError(try client.saveCalendar(CalendarChanges(calendarIdentifier: work, title: "Job")), "nor renamed")
        XCTAssertTrue(try eventStore.calendars().map(\.title).contains("Work"), "still there")
        client.scopes = [.reminder: CalendarScope(calendars: [work: false], managesLists: true)]
        XCTAssertEqual(try client.saveCalendar(CalendarChanges(calendarIdentifier: work, title: "Job")).title, "Job")
        assertNotFound(try client.removeCalendar(identifier: health), "a list outside it is still unknown to it")
    }
}

extension ChangesFilter {
    fileprivate func within(_ calendars: Set<String>) -> ChangesFilter {
        var filter = self
        filter.calendars = calendars
        return filter
    }
}
