import Foundation
import RemindersModel
import XCTest

@testable import RemindersStore

/// A series moved takes its exceptions with it (issue 50, 2): an occurrence removed stays removed
/// and one changed on its own stays one occurrence, whether the series is moved in time, to
/// another day, or split with futureEvents at a new time.
final class SeriesMoveTests: StoreTestCase {
    override var storeTimeZone: TimeZone { utc }

    private func instant(_ text: String) -> Timestamp { Timestamp(rfc3339: text)! }

    /// "Standup", every Monday 09:00–09:30 UTC from Mon 2026-12-07, four times.
    private func standup() throws -> Event {
        var changes = EventChanges()
        changes.title = .set("Standup")
        changes.startDate = .set(instant("2026-12-07T09:00:00Z"))
        changes.endDate = .set(instant("2026-12-07T09:30:00Z"))
        changes.timeZone = .set("UTC")
        changes.recurrenceRules = .set([try RecurrenceRule(rrule: "FREQ=WEEKLY;COUNT=4")])
        return try eventStore.saveEvent(identifier: nil, occurrenceDate: nil, span: nil, changes: changes, lastModifiedDate: nil).event
    }

    private func occurrences() throws -> [String] {
        try eventStore.fetchEvents(from: instant("2026-12-01T00:00:00Z"), to: instant("2027-02-01T00:00:00Z"), calendars: nil).occurrences
            .map { "\($0.event.title) \($0.startDate(in: utc).rfc3339.prefix(16))" }
    }

    /// The second occurrence removed, the third renamed on its own.
    private func withExceptions(_ series: Event) throws {
        try eventStore.removeEvent(identifier: series.eventIdentifier, occurrenceDate: instant("2026-12-14T09:00:00Z"), span: .thisEvent)
        var rename = EventChanges()
        rename.title = .set("Standup (demo)")
        _ = try eventStore.saveEvent(
            identifier: series.eventIdentifier, occurrenceDate: instant("2026-12-21T09:00:00Z"), span: .thisEvent, changes: rename,
            lastModifiedDate: nil)
    }

    func testMovingASeriesLaterMovesItsRemovedAndChangedOccurrences() throws {
        let series = try standup()
        try withExceptions(series)
        var later = EventChanges()
        later.startDate = .set(instant("2026-12-07T10:00:00Z"))
        later.endDate = .set(instant("2026-12-07T10:30:00Z"))
        _ = try eventStore.saveEvent(
            identifier: series.eventIdentifier, occurrenceDate: instant("2026-12-07T09:00:00Z"), span: .futureEvents, changes: later,
            lastModifiedDate: nil)
        XCTAssertEqual(
            try occurrences(),
            ["Standup 2026-12-07T10:00", "Standup (demo) 2026-12-21T09:00", "Standup 2026-12-28T10:00"],
            "the removed one stays removed and the renamed one is there once")
        let detached = try XCTUnwrap(
            eventStore.fetchEvents(from: instant("2026-12-21T00:00:00Z"), to: instant("2026-12-22T00:00:00Z"), calendars: nil)
                .occurrences.first)
        XCTAssertEqual(detached.occurrenceStart.hour, 10, "it names its place in the moved series")
    }

    func testMovingASeriesToAnotherDayMovesThemToo() throws {
        let series = try standup()
        try withExceptions(series)
        var tuesday = EventChanges()
        tuesday.startDate = .set(instant("2026-12-08T09:00:00Z"))
        tuesday.endDate = .set(instant("2026-12-08T09:30:00Z"))
        _ = try eventStore.saveEvent(identifier: series.eventIdentifier, occurrenceDate: nil, span: nil, changes: tuesday, lastModifiedDate: nil)
        XCTAssertEqual(try occurrences(), ["Standup 2026-12-08T09:00", "Standup (demo) 2026-12-21T09:00", "Standup 2026-12-29T09:00"])
    }

    func testSplittingAtANewTimeMovesTheFuturesExceptions() throws {
        var six = EventChanges()
        six.recurrenceRules = .set([try RecurrenceRule(rrule: "FREQ=WEEKLY;COUNT=6")])
        let series = try eventStore.saveEvent(
            identifier: try standup().eventIdentifier, occurrenceDate: nil, span: nil, changes: six, lastModifiedDate: nil
        ).event
        try eventStore.removeEvent(identifier: series.eventIdentifier, occurrenceDate: instant("2026-12-28T09:00:00Z"), span: .thisEvent)
        var rename = EventChanges()
        rename.title = .set("Standup (demo)")
        _ = try eventStore.saveEvent(
            identifier: series.eventIdentifier, occurrenceDate: instant("2027-01-04T09:00:00Z"), span: .thisEvent, changes: rename,
            lastModifiedDate: nil)
        // From the third on, at 11:00: the future series' removed and changed occurrences go with it.
        var later = EventChanges()
        later.startDate = .set(instant("2026-12-21T11:00:00Z"))
        later.endDate = .set(instant("2026-12-21T11:30:00Z"))
        _ = try eventStore.saveEvent(
            identifier: series.eventIdentifier, occurrenceDate: instant("2026-12-21T09:00:00Z"), span: .futureEvents, changes: later,
            lastModifiedDate: nil)
        XCTAssertEqual(
            try occurrences(),
            [
                "Standup 2026-12-07T09:00", "Standup 2026-12-14T09:00", "Standup 2026-12-21T11:00", "Standup (demo) 2027-01-04T09:00",
                "Standup 2027-01-11T11:00",
            ])
    }
}
