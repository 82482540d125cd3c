import Foundation
import RemindersICalendarFormat
import RemindersModel
import XCTest
@testable import RemindersICalendar

/// What calendar files written by other programs (Outlook, Google, Apple, Thunderbird) hold, read as
/// they mean it.
final class ForeignFileTests: XCTestCase {
    let now = Timestamp(milliseconds: 1_796_000_000_000)
    let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    private func calendar(_ body: String) throws -> Component {
        try XCTUnwrap(
            try Component.parse("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + body.replacingOccurrences(of: "\n", with: "\r\n") + "END:VCALENDAR\r\n").first)
    }

    private func starts(_ event: Event, _ from: String, _ to: String, in zone: TimeZone, detached: [Event] = []) -> [String] {
        let range = (Timestamp(rfc3339: from)!, Timestamp(rfc3339: to)!)
        let replaced = Set(detached.compactMap(\.originalOccurrence))
        let own = event.occurrences(from: range.0, to: range.1, in: zone, replaced: replaced).map { $0.startDate(in: zone).rfc3339 }
        let moved = detached.flatMap { $0.occurrences(from: range.0, to: range.1, in: zone).map { $0.startDate(in: zone).rfc3339 } }
        return (own + moved).sorted()
    }

    /// Outlook writes `RECURRENCE-ID;TZID=…:…T000000` on all-day series: it names that day, not the one before.
    func testAZonedRecurrenceIDOnAnAllDaySeriesNamesItsDay() throws {
        let reading = try EventReader.read(
            try calendar(
                """
                BEGIN:VEVENT
                UID:allday@outlook
                DTSTART;VALUE=DATE:20240101
                DTEND;VALUE=DATE:20240102
                RRULE:FREQ=DAILY;COUNT=5
                SUMMARY:Holiday
                END:VEVENT
                BEGIN:VEVENT
                UID:allday@outlook
                RECURRENCE-ID;TZID=W. Europe Standard Time:20240103T000000
                DTSTART;VALUE=DATE:20240110
                DTEND;VALUE=DATE:20240111
                SUMMARY:Moved
                END:VEVENT

                """), now: now, zone: tokyo)
        XCTAssertEqual(reading.detached.count, 1)
        XCTAssertEqual(reading.detached[0].originalOccurrence, Event.occurrenceKey(ItemDateComponents(year: 2024, month: 1, day: 3)))
        let days = starts(reading.series, "2023-12-30T00:00:00Z", "2024-01-20T00:00:00Z", in: tokyo, detached: reading.detached)
        XCTAssertEqual(days.count, 5, "the moved occurrence shows once, and the original not at all: \(days)")
    }

    /// EXDATEs written in UTC on a floating series, or floating on a zoned one, still name their occurrence.
    func testExceptionsInAnotherFormStillNameTheirOccurrence() throws {
        let floating = try EventReader.read(
            try calendar(
                """
                BEGIN:VEVENT
                UID:floating@test
                DTSTART:20240101T090000
                DURATION:PT1H
                RRULE:FREQ=DAILY;COUNT=3
                EXDATE:20240102T000000Z
                SUMMARY:Standup
                END:VEVENT

                """), now: now, zone: tokyo)
        XCTAssertEqual(
            starts(floating.series, "2024-01-01T00:00:00Z", "2024-01-05T00:00:00Z", in: tokyo),
            ["2024-01-01T00:00:00.000Z", "2024-01-03T00:00:00.000Z"], "09:00 in Tokyo on the 2nd is 00:00Z")
        let zoned = try EventReader.read(
            try calendar(
                """
                BEGIN:VEVENT
                UID:zoned@test
                DTSTART;TZID=Europe/Berlin:20240101T090000
                DURATION:PT1H
                RRULE:FREQ=DAILY;COUNT=3
                EXDATE:20240102T090000
                SUMMARY:Standup
                END:VEVENT

                """), now: now, zone: tokyo)
        XCTAssertEqual(zoned.series.exceptionDates.count, 1)
        XCTAssertEqual(
            starts(zoned.series, "2024-01-01T00:00:00Z", "2024-01-05T00:00:00Z", in: tokyo),
            ["2024-01-01T08:00:00.000Z", "2024-01-03T08:00:00.000Z"])
    }

    /// A DATE UNTIL on an all-day series ends on that day in every zone (5, not 6 in Tokyo).
    func testADateUntilIsReadAsADay() throws {
        let reading = try EventReader.read(
            try calendar(
                """
                BEGIN:VEVENT
                UID:until@test
                DTSTART;VALUE=DATE:20240101
                RRULE:FREQ=DAILY;UNTIL=20240105
                SUMMARY:Five days
                END:VEVENT

                """), now: now)
        for zone in ["Asia/Tokyo", "America/New_York", "Pacific/Kiritimati"] {
            XCTAssertEqual(starts(reading.series, "2023-12-25T00:00:00Z", "2024-01-20T00:00:00Z", in: TimeZone(identifier: zone)!).count, 5, zone)
        }
        let written = EventWriter.object(for: reading.series, detached: [], now: now, zone: tokyo).text
        XCTAssertTrue(written.contains("RRULE:FREQ=DAILY;UNTIL=20240105\r\n"), "never UNTIL=…Z after a DATE start:\n\(written)")
    }

    /// RDATEs are occurrences (a PERIOD's lasting the period); a second RRULE is kept and named.
    func testRDatesAreOccurrencesAndWhatEventKitCannotHoldIsNamed() throws {
        let object = try calendar(
            """
            BEGIN:VEVENT
            UID:rdate@test
            DTSTART:20240101T090000Z
            DURATION:PT30M
            RRULE:FREQ=WEEKLY;COUNT=2
            RRULE:FREQ=MONTHLY;COUNT=2
            RDATE:20240103T090000Z,20240104T090000Z
            RDATE;VALUE=PERIOD:20240105T090000Z/PT1H
            SUMMARY:Review
            END:VEVENT

            """)
        let reading = try EventReader.read(object, now: now)
        XCTAssertEqual(
            starts(reading.series, "2024-01-01T00:00:00Z", "2024-02-01T00:00:00Z", in: .utc, detached: reading.detached),
            [
                "2024-01-01T09:00:00.000Z", "2024-01-03T09:00:00.000Z", "2024-01-04T09:00:00.000Z", "2024-01-05T09:00:00.000Z",
                "2024-01-08T09:00:00.000Z",
            ])
        XCTAssertEqual(reading.detached.first { $0.start.day == 5 }?.duration, 3_600_000, "the period's length")
        XCTAssertTrue(reading.notes.contains { $0.contains("2 RRULEs") }, "\(reading.notes)")
        // Written back over the object: the second RRULE and the RDATEs are there again, the RDATE occurrences as overrides.
        let written = EventWriter.object(for: reading.series, detached: reading.detached, original: object, now: now).text
        for line in [
            "RRULE:FREQ=WEEKLY;COUNT=2", "RRULE:FREQ=MONTHLY;COUNT=2", "RDATE:20240103T090000Z,20240104T090000Z",
            "RECURRENCE-ID:20240103T090000Z",
        ] {
            XCTAssertTrue(written.contains(line + "\r\n"), "lost \(line):\n\(written)")
        }
        let again = try EventReader.read(try XCTUnwrap(try Component.parse(written).first), now: now)
        XCTAssertEqual(again.detached.count, reading.detached.count, "an RDATE with its override is one occurrence")
    }

    func testTimeZoneNamesOtherProgramsWrite() throws {
        let definition = TimeZoneWriter.component(for: TimeZone(identifier: "Europe/Berlin")!, years: 2025...2027)
        func zone(_ tzid: String, defined: Bool) -> String? {
            var component = definition
            component.set(Property("TZID", tzid))
            return TimeZoneResolver(timeZones: defined ? [component] : []).timeZone(for: tzid)?.identifier
        }
        XCTAssertEqual(zone("CET", defined: false), "CET", "an IANA name without a slash, no VTIMEZONE")
        XCTAssertEqual(zone("(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna", defined: true), "Europe/Amsterdam")
        XCTAssertEqual(zone("(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna", defined: false), "Europe/Amsterdam")
        let custom = try XCTUnwrap(zone("Customized Time Zone", defined: true))
        XCTAssertEqual(TimeZone(identifier: custom)?.secondsFromGMT(for: Date(timeIntervalSince1970: 1_783_000_000)), 7200, custom)
        XCTAssertNil(zone("Nowhere Standard Time", defined: false))
        // A weekly series in such a zone stays on its wall clock across a DST change.
        var customized = definition
        customized.set(Property("TZID", "Customized Time Zone"))
        let reading = try EventReader.read(
            try calendar(
                customized.text.replacingOccurrences(of: "\r\n", with: "\n") + """
                    BEGIN:VEVENT
                    UID:weekly@outlook
                    DTSTART;TZID=Customized Time Zone:20261019T090000
                    DTEND;TZID=Customized Time Zone:20261019T100000
                    RRULE:FREQ=WEEKLY;COUNT=2
                    SUMMARY:Weekly
                    END:VEVENT
                    BEGIN:VEVENT
                    UID:unknown@test
                    DTSTART;TZID=Nowhere Standard Time:20261019T090000
                    SUMMARY:Unknown zone
                    END:VEVENT

                    """), now: now)
        XCTAssertEqual(
            starts(reading.series, "2026-10-18T00:00:00Z", "2026-11-01T00:00:00Z", in: .utc),
            ["2026-10-19T07:00:00.000Z", "2026-10-26T08:00:00.000Z"], "09:00 on both sides of the change")
        XCTAssertTrue(reading.notes.contains { $0.contains("Nowhere Standard Time") && $0.contains("floating") }, "\(reading.notes)")
    }

    /// A bare VEVENT, text after END:VCALENDAR, an override without its series, two masters.
    func testTolerantReading() throws {
        let bare = "BEGIN:VEVENT\r\nUID:bare@test\r\nDTSTART:20240101T090000Z\r\nSUMMARY:Bare\r\nEND:VEVENT\r\n"
        guard case .object(let object, _)? = try ICalendarDocument.items(bare, of: "VEVENT").first else { return XCTFail("no object") }
        XCTAssertEqual(try EventReader.read(object.calendar, now: now).series.title, "Bare")
        let trailing =
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:t@test\r\nDTSTART:20240101T090000Z\r\nSUMMARY:Tr\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n\r\n-- \r\nSent from my phone\r\n"
        XCTAssertEqual(try ICalendarDocument.items(trailing, of: "VEVENT").count, 1)
        let folded =
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:f@test\r\nDTSTART;TZID=Europe/Ber\r\n lin:20240101T090000\r\nSUMM\r\n ARY:Folded\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        guard case .object(let foldedObject, _)? = try ICalendarDocument.items(folded, of: "VEVENT").first else { return XCTFail("no object") }
        let foldedEvent = try EventReader.read(foldedObject.calendar, now: now).series
        XCTAssertEqual(foldedEvent.title, "Folded")
        XCTAssertEqual(foldedEvent.start.timeZone, "Europe/Berlin")
        let invitation = try EventReader.read(
            try calendar(
                """
                BEGIN:VEVENT
                UID:invite@test
                RECURRENCE-ID:20240108T090000Z
                DTSTART:20240108T100000Z
                DURATION:PT1H
                SUMMARY:Just this one
                END:VEVENT

                """), now: now)
        XCTAssertEqual(invitation.series.title, "Just this one")
        XCTAssertEqual(invitation.series.recurrenceRules, [])
        XCTAssertEqual(invitation.detached.count, 0)
        let twice = try EventReader.read(
            try calendar(
                """
                BEGIN:VEVENT
                UID:twice@test
                DTSTART:20240101T090000Z
                SUMMARY:First
                END:VEVENT
                BEGIN:VEVENT
                UID:twice@test
                DTSTART:20240102T090000Z
                SUMMARY:Second
                END:VEVENT

                """), now: now)
        XCTAssertEqual(twice.series.title, "First")
        XCTAssertTrue(twice.notes.contains { $0.contains("2 VEVENTs without RECURRENCE-ID") }, "\(twice.notes)")
        let future = try EventReader.read(
            try calendar(
                """
                BEGIN:VEVENT
                UID:future@test
                DTSTART:20240101T090000Z
                RRULE:FREQ=DAILY;COUNT=5
                SUMMARY:Daily
                END:VEVENT
                BEGIN:VEVENT
                UID:future@test
                RECURRENCE-ID;RANGE=THISANDFUTURE:20240103T090000Z
                DTSTART:20240103T100000Z
                SUMMARY:Later
                END:VEVENT

                """), now: now)
        XCTAssertEqual(future.detached.count, 1, "read alone, the override is one more occurrence (what a sync keeps)")
        XCTAssertEqual(future.futureRanges.map(\.key), [1_704_272_400_000])
    }

    /// An override of this and every later occurrence (RANGE=THISANDFUTURE, as Outlook and
    /// Exchange write them) splits the series there, as `futureEvents` does: what comes after
    /// moves with it, removed and detached occurrences included, and the override's own
    /// properties stay in the object of the new series.
    /// Issue 35, 9: a server sends an invitation to two occurrences of someone else's series, no
    /// master: each is an event here (the second detached from the first), and both are written back
    /// as the occurrences they were.
    func testOccurrencesWithoutTheirSeriesAreEachKept() throws {
        let object = try calendar(
            """
            BEGIN:VEVENT
            UID:orphans@test
            RECURRENCE-ID;TZID=Europe/Berlin:20261207T090000
            DTSTART;TZID=Europe/Berlin:20261207T100000
            DURATION:PT1H
            SUMMARY:Review (moved)
            ATTENDEE;CN=Sam:mailto:sam@example.com
            END:VEVENT
            BEGIN:VEVENT
            UID:orphans@test
            RECURRENCE-ID:20261214T080000Z
            DTSTART;TZID=Europe/Berlin:20261214T090000
            DURATION:PT1H
            SUMMARY:Review
            X-KEPT:yes
            END:VEVENT

            """)
        let reading = try EventReader.read(object, now: now)
        XCTAssertEqual(reading.series.title, "Review (moved)")
        XCTAssertEqual(reading.detached.map(\.title), ["Review"], "the second is not lost")
        XCTAssertEqual(
            reading.detached.first?.start, ItemDateComponents(year: 2026, month: 12, day: 14, hour: 9, minute: 0, timeZone: "Europe/Berlin"))
        let written = EventWriter.object(for: reading.series, detached: reading.detached, original: object, now: now).text
        let lines = ContentLines.unfold(written).map(\.text)
        XCTAssertTrue(lines.contains("RECURRENCE-ID;TZID=Europe/Berlin:20261207T090000"), written)
        XCTAssertTrue(lines.contains("RECURRENCE-ID:20261214T080000Z"), written)
        XCTAssertTrue(lines.contains("X-KEPT:yes"), written)
        XCTAssertEqual(lines.filter { $0 == "BEGIN:VEVENT" }.count, 2)
        let reread = try EventReader.read(try XCTUnwrap(try Component.parse(written).first), now: now)
        XCTAssertEqual(reread.detached.count, 1, "and read back the same")
        XCTAssertEqual(reread.series.recurrenceRules, [], "no series is made up for them")
    }

    func testAnOverrideOfThisAndFutureOccurrencesSplitsTheSeries() throws {
        let text = """
            BEGIN:VEVENT
            UID:future@test
            DTSTART:20240101T090000Z
            DURATION:PT30M
            RRULE:FREQ=DAILY;COUNT=6
            EXDATE:20240105T090000Z
            SUMMARY:Daily
            END:VEVENT
            BEGIN:VEVENT
            UID:future@test
            RECURRENCE-ID:20240102T090000Z
            DTSTART:20240102T120000Z
            DURATION:PT30M
            SUMMARY:Moved once
            END:VEVENT
            BEGIN:VEVENT
            UID:future@test
            RECURRENCE-ID;RANGE=THISANDFUTURE:20240103T090000Z
            DTSTART:20240103T100000Z
            DURATION:PT45M
            SUMMARY:Later
            ATTENDEE:mailto:ana@example.com
            END:VEVENT
            BEGIN:VEVENT
            UID:future@test
            RECURRENCE-ID:20240104T090000Z
            DTSTART:20240104T150000Z
            DURATION:PT45M
            SUMMARY:Later, moved
            END:VEVENT

            """
        let object = try calendar(text)
        let reading = try EventReader.read(object, now: now, zone: .utc)
        let pieces = reading.splitAtFutureRanges(of: object, text: object.text, zone: .utc)
        XCTAssertEqual(pieces.map(\.uid), ["future@test", "future@test-from-20240103T090000Z"])
        let (before, after) = (pieces[0], pieces[1])
        XCTAssertEqual(before.series.recurrenceRules.first?.recurrenceEnd, .occurrenceCount(2))
        XCTAssertEqual(before.detached.map(\.title), ["Moved once"])
        XCTAssertEqual(
            starts(before.series, "2024-01-01T00:00:00Z", "2024-02-01T00:00:00Z", in: .utc, detached: before.detached),
            ["2024-01-01T09:00:00.000Z", "2024-01-02T12:00:00.000Z"])
        XCTAssertEqual(after.series.title, "Later")
        XCTAssertEqual(after.series.duration, 45 * 60_000)
        XCTAssertEqual(after.series.calendarItemExternalIdentifier, after.uid)
        XCTAssertEqual(after.series.recurrenceRules.first?.recurrenceEnd, .occurrenceCount(4), "the rest of the count")
        XCTAssertEqual(after.series.exceptionDates, [1_704_448_800_000], "the removed occurrence moved with the rest")
        XCTAssertEqual(after.detached.map(\.title), ["Later, moved"])
        XCTAssertEqual(after.detached.first?.originalOccurrence, 1_704_362_400_000)
        XCTAssertEqual(
            starts(after.series, "2024-01-01T00:00:00Z", "2024-02-01T00:00:00Z", in: .utc, detached: after.detached),
            ["2024-01-03T10:00:00.000Z", "2024-01-04T15:00:00.000Z", "2024-01-06T10:00:00.000Z"])
        XCTAssertTrue(after.calendarObject.contains("ATTENDEE:mailto:ana@example.com"))
        XCTAssertFalse(after.calendarObject.contains("RECURRENCE-ID"))
        XCTAssertTrue(after.calendarObject.contains("UID:future@test-from-20240103T090000Z"))

        // From the first occurrence on, the override is the whole series, under the file's UID.
        let fromFirst = try calendar(
            text.replacingOccurrences(of: "RANGE=THISANDFUTURE:20240103T090000Z", with: "RANGE=THISANDFUTURE:20240101T090000Z"))
        let whole = try EventReader.read(fromFirst, now: now, zone: .utc).splitAtFutureRanges(of: fromFirst, text: fromFirst.text, zone: .utc)
        XCTAssertEqual(whole.map(\.uid), ["future@test"])
        XCTAssertEqual(whole.first?.series.title, "Later")
        XCTAssertEqual(whole.first?.series.recurrenceRules.first?.recurrenceEnd, .occurrenceCount(6))
    }

    /// What iCalendar cannot write back is refused, the property named.
    func testAnEndBeyondTheYear9999IsRefused() throws {
        XCTAssertThrowsError(
            try EventReader.read(
                try calendar(
                    """
                    BEGIN:VEVENT
                    UID:long@test
                    DTSTART:20240101T090000Z
                    DURATION:P99999999W
                    SUMMARY:Forever
                    END:VEVENT

                    """), now: now)
        ) { error in
            XCTAssertTrue("\(error)".contains("DURATION") && "\(error)".contains("9999"), "\(error)")
        }
    }

    /// An alarm not changed keeps its VALARM as it came (AUDIO stays AUDIO, its DESCRIPTION its own).
    func testAnUnchangedEventAlarmIsWrittenBackAsItCame() throws {
        let object = try calendar(
            """
            BEGIN:VEVENT
            UID:alarms@test
            DTSTART:20240101T090000Z
            DURATION:PT1H
            SUMMARY:Dentist
            BEGIN:VALARM
            ACTION:AUDIO
            TRIGGER:-PT30M
            ATTACH;FMTTYPE=audio/basic:ftp://example.com/bell.au
            END:VALARM
            END:VEVENT

            """)
        var event = try EventReader.read(object, now: now).series
        event.alarms.append(Alarm(alarmIdentifier: "added", trigger: .relative(offset: -600)))
        event.title = "Dentist (moved)"
        let written = EventWriter.object(for: event, detached: [], original: object, now: now).text
        XCTAssertTrue(written.contains("ACTION:AUDIO\r\n"), written)
        XCTAssertTrue(written.contains("ATTACH;FMTTYPE=audio/basic:ftp://example.com/bell.au\r\n"), written)
        let again = try EventReader.read(try XCTUnwrap(try Component.parse(written).first), now: now).series
        XCTAssertEqual(again.alarms.map(\.alarmIdentifier), event.alarms.map(\.alarmIdentifier))
    }
}
