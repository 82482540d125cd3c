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
        _ = try eventStore.saveEvent(
            identifier: committed.event.eventIdentifier, occurrenceDate: nil, span: nil, changes: rename,
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
        let detached = try eventStore.saveEvent(
            identifier: identifier, occurrenceDate: instant("2026-12-14T09:00:00Z"), span: .thisEvent,
            changes: moved, lastModifiedDate: nil, commit: false)
        XCTAssertEqual(
            try eventStore.event(identifier: identifier, occurrenceDate: instant("2026-12-14T09:00:00Z"))?.event.eventIdentifier,
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

    /// Detaches the occurrence of `series` at `start` as "Moved"; its identifier.
    private func detach(_ series: String, at start: String, commit: Bool) throws -> String {
        var moved = EventChanges()
        moved.title = .set("Moved")
        return try eventStore.saveEvent(
            identifier: series, occurrenceDate: instant(start), span: .thisEvent, changes: moved, lastModifiedDate: nil, commit: commit
        ).event.eventIdentifier
    }

    /// What a sequence of span changes leaves, as (start, title) of every occurrence in December.
    private func calendarAfterSpanChanges(commit: Bool, in store: EventStore) throws -> [String] {
        eventStore = store
        let series = try newEvent("Weekly", rule: "FREQ=WEEKLY;COUNT=6", commit: true).event.eventIdentifier
        let detached = try detach(series, at: "2026-12-28T09:00:00Z", commit: commit)
        try store.removeEvent(identifier: series, occurrenceDate: instant("2026-12-21T09:00:00Z"), span: .thisEvent, commit: commit)
        var later = EventChanges()
        later.title = .set("Later")
        // The split comes after the detached occurrence was staged and takes it along: a commit
        // must write the new series before the occurrence that now names it.
        let split = try store.saveEvent(
            identifier: series, occurrenceDate: instant("2026-12-14T09:00:00Z"), span: .futureEvents,
            changes: later, lastModifiedDate: nil, commit: commit
        ).event
        XCTAssertEqual(try store.event(identifier: detached, occurrenceDate: nil)?.event.seriesIdentifier, split.eventIdentifier)
        var renamed = EventChanges()
        renamed.title = .set("Moved again")
        _ = try store.saveEvent(identifier: detached, occurrenceDate: nil, span: nil, changes: renamed, lastModifiedDate: nil, commit: commit)
        if !commit { try store.commit() }
        return try store.fetchEvents(from: instant("2026-12-01T00:00:00Z"), to: instant("2027-02-01T00:00:00Z"), calendars: nil).occurrences
            .map { "\($0.startDate(in: utc).rfc3339) \($0.event.title)\($0.event.isDetached ? " (detached)" : "")" }
    }

    /// Staged span changes (kept as the values they left) commit to what the same changes make
    /// committed one by one.
    func testStagedSpanChangesCommitToWhatCommittingEachMakes() throws {
        let staged = try calendarAfterSpanChanges(commit: false, in: eventStore)
        path = NSTemporaryDirectory() + "\(type(of: self))-" + UUID().uuidString + "/s.sqlite"
        let direct = try calendarAfterSpanChanges(commit: true, in: try reopened())
        XCTAssertEqual(staged, direct)
        XCTAssertEqual(
            staged,
            [
                "2026-12-07T09:00:00.000Z Weekly", "2026-12-14T09:00:00.000Z Later", "2026-12-28T09:00:00.000Z Moved again (detached)",
                "2027-01-04T09:00:00.000Z Later", "2027-01-11T09:00:00.000Z Later",
            ])
    }

    /// A staged removal of a series hides its detached occurrences from the client too (the store
    /// removes them with it at commit).
    func testAStagedSeriesRemovalTakesItsDetachedOccurrences() throws {
        let series = try newEvent("Weekly", rule: "FREQ=WEEKLY;COUNT=4", commit: true).event.eventIdentifier
        let detached = try detach(series, at: "2026-12-14T09:00:00Z", commit: true)
        try eventStore.removeEvent(identifier: series, occurrenceDate: nil, span: nil, commit: false)
        XCTAssertNil(try eventStore.event(identifier: detached, occurrenceDate: nil), "its occurrence goes with the staged series")
        XCTAssertEqual(try reopened().event(identifier: detached, occurrenceDate: nil)?.event.title, "Moved", "nobody else sees it yet")
        try eventStore.commit()
        XCTAssertEqual(try fetched(), [])
    }

    /// A staged change checked against a `lastModifiedDate` is refused at commit when another
    /// client committed a change of the event since; nothing of the commit is written.
    func testAStagedEventChangedMeanwhileIsAConflictAtCommit() throws {
        let event = try newEvent("Tea", commit: true).event
        let other = try reopened()
        var mine = EventChanges()
        mine.title = .set("Mine")
        _ = try eventStore.saveEvent(
            identifier: event.eventIdentifier, occurrenceDate: nil, span: nil, changes: mine,
            lastModifiedDate: event.lastModifiedDate, commit: false)
        _ = try newEvent("Staged too", commit: false)
        var theirs = EventChanges()
        theirs.title = .set("Theirs")
        _ = try other.saveEvent(identifier: event.eventIdentifier, occurrenceDate: nil, span: nil, changes: theirs, lastModifiedDate: nil)
        XCTAssertThrowsError(try eventStore.commit()) { error in
            guard case .conflict(.event(let current))? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertEqual(current.title, "Theirs")
        }
        XCTAssertEqual(try fetched(), ["Theirs"], "nothing of the failed commit is written")
        XCTAssertTrue(eventStore.hasUncommittedChanges, "and what was staged stays staged")
    }

    /// Staging one more event costs the same however many are staged (they used to be replayed,
    /// every one, at each new one): 2,000 staged events and their commit, in a test's time.
    func testManyStagedEventsCommitTogether() throws {
        for index in 0..<2000 { _ = try newEvent("Event \(index)", commit: false) }
        try eventStore.commit()
        XCTAssertEqual(try fetched().count, 2000)
    }
}
