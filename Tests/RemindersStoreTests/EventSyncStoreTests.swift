import Foundation
import RemindersModel
import XCTest
@testable import RemindersStore

/// Events as a sync writes them: over the event here, keeping its identifier and what refers to
/// it, and never over a change made here after the sync read it.
final class EventSyncStoreTests: StoreTestCase {
    var calendar: String!

    override func setUpWithError() throws {
        try super.setUpWithError()
        calendar = try XCTUnwrap(try eventStore.defaultCalendarForNewEvents()).calendarIdentifier
    }

    private func event(_ title: String, modified: Int64 = 1_000) -> Event {
        var event = Event(
            eventIdentifier: "", calendarIdentifier: "", title: title,
            start: ItemDateComponents(year: 2026, month: 12, day: 7, hour: 9, minute: 0, timeZone: "Europe/Berlin"),
            duration: 3_600_000, creationDate: Timestamp(milliseconds: 0))
        event.calendarItemExternalIdentifier = "uid@test"
        event.recurrenceRules = [try! RecurrenceRule(rrule: "FREQ=WEEKLY;COUNT=3")]
        event.lastModifiedDate = Timestamp(milliseconds: modified)
        return event
    }

    private func override(_ title: String) -> Event {
        var moved = event(title)
        moved.recurrenceRules = []
        moved.start.hour = 10
        moved.originalOccurrence = Event.occurrenceKey(
            ItemDateComponents(year: 2026, month: 12, day: 14, hour: 9, minute: 0, timeZone: "Europe/Berlin"))
        return moved
    }

    func testTheServersVersionReplacesTheSeriesInPlaceWithItsOverrides() throws {
        let first = try eventStore.writeSyncedEvent(
            event("Standup"), detached: [override("Moved")], calendarObject: "first", into: calendar, over: nil)
        let lastChange = try XCTUnwrap(try eventStore.read({ store throws(StoreError) in try store.lastChange(ofSeries: first.eventIdentifier) }))
        let second = try eventStore.writeSyncedEvent(
            event("Standup, renamed", modified: 500), detached: [], calendarObject: "second",
            into: calendar, over: ItemVersion(identifier: first.eventIdentifier, lastChange: lastChange))
        XCTAssertEqual(second.eventIdentifier, first.eventIdentifier)
        XCTAssertGreaterThan(second.lastModifiedDate, lastChange, "later than the change here it replaced, though the server's stamp is older")
        XCTAssertEqual(
            try eventStore.read({ store throws(StoreError) in try store.event(identifier: first.eventIdentifier) })?.title, "Standup, renamed")
        XCTAssertEqual(try eventStore.read({ store throws(StoreError) in try store.detachedOccurrences(of: first.eventIdentifier) }), [])
        XCTAssertEqual(try eventStore.read({ store throws(StoreError) in try store.calendarObject(event: first.eventIdentifier) }), "second")
    }

    func testAChangeHereAfterTheSyncReadIsNotOverwrittenNorRemoved() throws {
        let written = try eventStore.writeSyncedEvent(event("Standup"), detached: [], calendarObject: "x", into: calendar, over: nil)
        let read = try XCTUnwrap(try eventStore.read({ store throws(StoreError) in try store.lastChange(ofSeries: written.eventIdentifier) }))
        var changes = EventChanges()
        changes.title = .set("Changed here meanwhile")
        _ = try eventStore.saveEvent(identifier: written.eventIdentifier, occurrenceDate: nil, span: nil, changes: changes, lastModifiedDate: nil)
        let version = ItemVersion(identifier: written.eventIdentifier, lastChange: read)
        XCTAssertThrowsError(try eventStore.writeSyncedEvent(event("Server"), detached: [], calendarObject: "y", into: calendar, over: version)) {
            guard case StoreError.conflict(.event(let current)) = $0 else { return XCTFail("\($0)") }
            XCTAssertEqual(current.title, "Changed here meanwhile")
        }
        XCTAssertThrowsError(try eventStore.removeSyncedEvent(version))
        XCTAssertEqual(
            try eventStore.read({ store throws(StoreError) in try store.event(identifier: written.eventIdentifier) })?.title, "Changed here meanwhile"
        )
    }

    func testOnlyEventCalendarsTakeThemAndInvalidOnesAreRefusedWhole() throws {
        let list = try XCTUnwrap(try eventStore.defaultCalendarForNewReminders()).calendarIdentifier
        XCTAssertThrowsError(try eventStore.writeSyncedEvent(event("In a list"), detached: [], calendarObject: "x", into: list, over: nil)) {
            guard case StoreError.invalid(let error) = $0 else { return XCTFail("\($0)") }
            XCTAssertEqual(error.reason, .calendarDoesNotAllowEvents)
        }
        var inverted = event("Inverted")
        inverted.duration = -1
        XCTAssertThrowsError(try eventStore.writeSyncedEvent(inverted, detached: [], calendarObject: "x", into: calendar, over: nil))
        XCTAssertEqual(try eventStore.read({ store throws(StoreError) in try store.series(inCalendars: [calendar]) }), [])
    }

    /// Removing a detached occurrence changes its series: what a sync compares (the series' last
    /// change) moves on, so the removal reaches the server.
    func testRemovingADetachedOccurrenceIsAChangeOfItsSeries() throws {
        var create = EventChanges()
        create.title = .set("Weekly")
        create.calendarIdentifier = .set(calendar)
        create.startDate = .set(Timestamp(rfc3339: "2026-12-07T08:00:00Z")!)
        create.endDate = .set(Timestamp(rfc3339: "2026-12-07T09:00:00Z")!)
        create.recurrenceRules = .set([try RecurrenceRule(rrule: "FREQ=WEEKLY;COUNT=4")])
        let series = try eventStore.saveEvent(identifier: nil, occurrenceDate: nil, span: nil, changes: create, lastModifiedDate: nil).event
        var move = EventChanges()
        move.title = .set("Moved")
        let detached = try eventStore.saveEvent(
            identifier: series.eventIdentifier, occurrenceDate: Timestamp(rfc3339: "2026-12-14T08:00:00Z")!,
            span: .thisEvent, changes: move, lastModifiedDate: nil
        ).event
        XCTAssertTrue(detached.isDetached)
        let before = try XCTUnwrap(try eventStore.read({ store throws(StoreError) in try store.lastChange(ofSeries: series.eventIdentifier) }))
        try eventStore.removeEvent(identifier: detached.eventIdentifier, occurrenceDate: nil, span: .thisEvent)
        let after = try XCTUnwrap(try eventStore.read({ store throws(StoreError) in try store.lastChange(ofSeries: series.eventIdentifier) }))
        XCTAssertGreaterThan(after, before)
        XCTAssertEqual(
            try eventStore.read({ store throws(StoreError) in try store.event(identifier: series.eventIdentifier) })?.exceptionDates.count, 1)
    }
}
