import Foundation
import RemindersModel
import XCTest
@testable import RemindersStore

/// Events staged with `commit: false`: the client's own `event` sees them, fetches do not (as
/// EventKit's `events(matching:)`), and no read takes the store's write lock.
final class EventStagingTests: StoreTestCase {
    override var storeTimeZone: TimeZone { utc }

    private func instant(_ text: String) -> Timestamp { Timestamp(rfc3339: text)! }

    private func newEvent(_ title: String, rule: String? = nil, commit: Bool) throws -> EventOccurrence {
        var changes = EventChanges()
        changes.title = .set(title)
        changes.startDate = .set(instant("2026-12-07T09:00:00Z"))
        changes.endDate = .set(instant("2026-12-07T10:00:00Z"))
        if let rule { changes.recurrenceRules = .set([try RecurrenceRule(rrule: rule)]) }
        return try eventStore.saveEvent(identifier: nil, occurrenceDate: nil, span: nil, changes: changes, lastModifiedDate: nil, commit: commit)
    }

    private func fetched(_ store: EventStore? = nil) throws -> [String] {
        try (store ?? eventStore).fetchEvents(from: instant("2026-12-01T00:00:00Z"), to: instant("2027-01-01T00:00:00Z"), calendars: nil)
            .occurrences.map(\.event.title)
    }

    func testFetchesGiveCommittedEventsOnlyAndEventGivesTheClientsOwn() throws {
        let committed = try newEvent("Committed", commit: true)
        let staged = try newEvent("Staged", commit: false)
        XCTAssertEqual(try fetched(), ["Committed"], "fetchEvents gives committed events only")
        XCTAssertEqual(try eventStore.event(identifier: staged.event.eventIdentifier, occurrenceDate: nil)?.event.title, "Staged")
        var rename = EventChanges()
        rename.title = .set("Renamed, staged")
        _ = try eventStore.saveEvent(identifier: committed.event.eventIdentifier, occurrenceDate: nil, span: nil, changes: rename,
                                 lastModifiedDate: nil, commit: false)
        XCTAssertEqual(try eventStore.event(identifier: committed.event.eventIdentifier, occurrenceDate: nil)?.event.title, "Renamed, staged")
        XCTAssertEqual(try fetched(), ["Committed"])
        let other = try reopened()
        XCTAssertNil(try other.event(identifier: staged.event.eventIdentifier, occurrenceDate: nil))
        try eventStore.commit()
        XCTAssertEqual(try fetched(other).sorted(), ["Renamed, staged", "Staged"])
    }

    func testAStagedRemovalAndAStagedDetachedOccurrenceAreSeenByTheClient() throws {
        let series = try newEvent("Weekly", rule: "FREQ=WEEKLY;COUNT=4", commit: true)
        let identifier = series.event.eventIdentifier
        var moved = EventChanges()
        moved.title = .set("Moved")
        let detached = try eventStore.saveEvent(identifier: identifier, occurrenceDate: instant("2026-12-14T09:00:00Z"), span: .thisEvent,
                                            changes: moved, lastModifiedDate: nil, commit: false)
        XCTAssertEqual(try eventStore.event(identifier: identifier, occurrenceDate: instant("2026-12-14T09:00:00Z"))?.event.eventIdentifier,
                       detached.event.eventIdentifier)
        try eventStore.removeEvent(identifier: identifier, occurrenceDate: nil, span: nil, commit: false)
        XCTAssertNil(try eventStore.event(identifier: identifier, occurrenceDate: nil), "a staged removal reads as none")
        XCTAssertEqual(try fetched(), ["Weekly", "Weekly", "Weekly", "Weekly"], "committed only")
        eventStore.reset()
        XCTAssertEqual(try eventStore.event(identifier: identifier, occurrenceDate: nil)?.event.title, "Weekly")
    }

    /// A client with staged events reads while another process holds the write lock: its reads
    /// go through (they used to replay the staged changes in a write transaction, and wait).
    func testReadsWithStagedEventsNeverTakeTheWriteLock() throws {
        let staged = try newEvent("Staged", commit: false)
        let other = try CalendarStore(path: path, busyTimeoutMilliseconds: 50)
        eventStore = try reopened(busyTimeoutMilliseconds: 50)
        _ = try newEvent("Staged again", commit: false)
        try other.write { () throws(StoreError) in
            XCTAssertNoThrow(try self.eventStore.event(identifier: staged.event.eventIdentifier, occurrenceDate: nil))
            XCTAssertNoThrow(try self.fetched())
        }
    }

    /// After its first occurrence is removed, a series' `event` is its first remaining occurrence.
    func testASeriesWhoseFirstOccurrenceWasRemovedGivesItsNext() throws {
        let series = try newEvent("Daily", rule: "FREQ=DAILY;COUNT=3", commit: true)
        try eventStore.removeEvent(identifier: series.event.eventIdentifier, occurrenceDate: instant("2026-12-07T09:00:00Z"), span: .thisEvent)
        let first = try XCTUnwrap(try eventStore.event(identifier: series.event.eventIdentifier, occurrenceDate: nil))
        XCTAssertEqual(first.startDate(in: utc), instant("2026-12-08T09:00:00Z"))
        try eventStore.removeEvent(identifier: series.event.eventIdentifier, occurrenceDate: instant("2026-12-08T09:00:00Z"), span: .thisEvent)
        try eventStore.removeEvent(identifier: series.event.eventIdentifier, occurrenceDate: instant("2026-12-09T09:00:00Z"), span: .thisEvent)
        XCTAssertNil(try eventStore.event(identifier: series.event.eventIdentifier, occurrenceDate: nil), "no occurrence left")
    }
}
