import Foundation
import RemindersModel
import XCTest

/// Expanding a series into a range: the walk may start late, never with a different answer.
final class EventOccurrenceTests: XCTestCase {
    private func event(_ rrule: String, start: ItemDateComponents) throws -> Event {
        var event = Event(
            eventIdentifier: "e", calendarIdentifier: "c", title: "t", start: start, duration: 1_800_000,
            creationDate: Timestamp(milliseconds: 0))
        event.recurrenceRules = [try RecurrenceRule(rrule: rrule)]
        return event
    }

    /// Every occurrence from the series' start, walked one by one: what the shortcut must equal.
    private func walked(_ event: Event, from: Timestamp, to: Timestamp) -> [ItemDateComponents] {
        var found: [ItemDateComponents] = []
        var current: ItemDateComponents? = event.start
        var rule = event.recurrenceRules[0]
        while let occurrence = current, occurrence.instant(in: .utc) < to {
            if occurrence.instant(in: .utc).advanced(by: event.duration) > from { found.append(occurrence) }
            current = rule.occurrence(after: occurrence, in: .utc)
            rule = rule.advanced
        }
        return found
    }

    func testStartingLateGivesTheSameOccurrences() throws {
        let start = ItemDateComponents(year: 2024, month: 1, day: 15, hour: 9, minute: 0, timeZone: "Europe/Berlin")
        let from = Timestamp(rfc3339: "2027-03-01T00:00:00Z")!, to = Timestamp(rfc3339: "2027-04-01T00:00:00Z")!
        for rrule in [
            "FREQ=DAILY", "FREQ=DAILY;INTERVAL=3", "FREQ=WEEKLY", "FREQ=WEEKLY;INTERVAL=2", "FREQ=MONTHLY", "FREQ=MONTHLY;INTERVAL=5",
            "FREQ=YEARLY", "FREQ=WEEKLY;BYDAY=MO,WE", "FREQ=MONTHLY;COUNT=50", "FREQ=DAILY;UNTIL=20270310T000000Z",
        ] {
            let series = try event(rrule, start: start)
            XCTAssertEqual(series.occurrences(from: from, to: to, in: .utc).map(\.start), walked(series, from: from, to: to), rrule)
        }
        let thirty = try event("FREQ=MONTHLY", start: ItemDateComponents(year: 2024, month: 1, day: 31, hour: 9, minute: 0))
        XCTAssertEqual(thirty.occurrences(from: from, to: to, in: .utc).map(\.start), walked(thirty, from: from, to: to), "the 31st")
    }

    /// An occurrence is found again from its key alone (how the alarm agent finds what fired),
    /// in any reader's zone, zoned, floating or all day; a removed one is not.
    func testAnOccurrenceIsFoundAgainFromItsKey() throws {
        let from = Timestamp(rfc3339: "2027-03-01T00:00:00Z")!, to = Timestamp(rfc3339: "2027-04-01T00:00:00Z")!
        let starts = [
            ItemDateComponents(year: 2024, month: 1, day: 15, hour: 9, minute: 0, timeZone: "Europe/Berlin"),
            ItemDateComponents(year: 2024, month: 1, day: 15, hour: 9, minute: 0),
            ItemDateComponents(year: 2024, month: 1, day: 15),
        ]
        for start in starts {
            var series = try event("FREQ=WEEKLY;BYDAY=MO,WE", start: start)
            for zone in [TimeZone.utc, TimeZone(identifier: "America/New_York")!] {
                for occurrence in series.occurrences(from: from, to: to, in: zone) {
                    let key = Event.occurrenceKey(occurrence.start)
                    let again = series.occurrenceStart(forKey: key).instant(in: zone)
                    XCTAssertEqual(
                        series.occurrences(from: again, to: again.advanced(by: 1), in: zone).map { Event.occurrenceKey($0.start) }.contains(key),
                        true,
                        "\(occurrence.start) in \(zone.identifier)")
                }
            }
            let removed = series.occurrences(from: from, to: to, in: .utc)[0].start
            series.exceptionDates = [Event.occurrenceKey(removed)]
            let at = series.occurrenceStart(forKey: Event.occurrenceKey(removed)).instant(in: .utc)
            XCTAssertEqual(series.occurrences(from: at, to: at.advanced(by: 1), in: .utc).map(\.start).contains(removed), false)
        }
    }
}
