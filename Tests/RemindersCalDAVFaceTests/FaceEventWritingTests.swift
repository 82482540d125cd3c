import Foundation
import RemindersModel
import RemindersStore
import RemindersTestSupport
import RemindersWebDAV
import XCTest
@testable import RemindersCalDAVFace

/// Events as an app PUTs them — a whole series in one object, its overrides beside it, in a zone
/// it defines — saved as the series and detached occurrences every client sees, kept as written,
/// and removed with the series.
final class FaceEventWritingTests: FaceTestCase {
    private var calendar: String { "/dav/khal/\(work.calendarIdentifier)/" }

    /// A weekly meeting as Thunderbird writes one: its zone, its own X- property, and the third
    /// occurrence moved an hour later.
    private func meeting(summary: String, generation: Int = 1, uid: String = "tb-meeting") -> String {
        [
            "BEGIN:VCALENDAR", "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN", "VERSION:2.0",
            "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:STANDARD", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
            "DTSTART:19701025T030000", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD", "BEGIN:DAYLIGHT", "TZOFFSETFROM:+0100",
            "TZOFFSETTO:+0200", "DTSTART:19700329T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "END:DAYLIGHT", "END:VTIMEZONE",
            "BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20261201T090000Z", "CREATED:20261201T090000Z", "LAST-MODIFIED:20261201T090000Z",
            "SUMMARY:\(summary)", "DTSTART;TZID=Europe/Berlin:20261207T100000", "DTEND;TZID=Europe/Berlin:20261207T110000",
            "RRULE:FREQ=WEEKLY;COUNT=6", "X-MOZ-GENERATION:\(generation)", "END:VEVENT",
            "BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20261201T090000Z", "RECURRENCE-ID;TZID=Europe/Berlin:20261221T100000",
            "SUMMARY:\(summary) (moved)", "DTSTART;TZID=Europe/Berlin:20261221T110000", "DTEND;TZID=Europe/Berlin:20261221T120000",
            "END:VEVENT", "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
    }

    private func series(_ uid: String) throws -> (Event, [Event])? {
        try eventStore.read { store throws(StoreError) -> (Event, [Event])? in
            guard let series = try store.events(externalIdentifier: uid).first(where: { !$0.isDetached }) else { return nil }
            return (series, try store.detachedOccurrences(of: series.eventIdentifier))
        }
    }

    private func etag(_ answer: RawClient.Answer) -> String? {
        answer.head.split(separator: "\r\n").first { $0.hasPrefix("ETag: ") }.map { String($0.dropFirst(6)) }
    }

    func testAnAppsSeriesIsSavedWithItsOverrideKeptAndRemovedWhole() throws {
        let created = try ask("PUT", calendar + "meeting.ics", headers: ["If-None-Match: *"], body: meeting(summary: "Planning"))
        XCTAssertEqual(created.status, 201, created.head + created.body)
        let (saved, detached) = try XCTUnwrap(try series("tb-meeting"))
        XCTAssertEqual(saved.title, "Planning")
        XCTAssertEqual(saved.calendarIdentifier, work.calendarIdentifier)
        XCTAssertEqual(saved.recurrenceRules.count, 1)
        XCTAssertEqual(detached.map(\.title), ["Planning (moved)"])
        XCTAssertEqual(detached.first.map { [$0.start.hour, $0.start.day] }, [11, 21], "the moved occurrence at 11:00 on the 21st")
        XCTAssertEqual(detached.first?.start.timeZone, "Europe/Berlin")
        let history = try eventStore.read { store throws(StoreError) in try store.changes(ChangesFilter(itemIdentifier: saved.eventIdentifier)) }
        XCTAssertEqual(history.changes.first.map { [$0.client, $0.program] }, ["khal", "caldav"], "the history names the app")

        let got = try ask("GET", calendar + "meeting.ics")
        XCTAssertEqual(got.status, 200)
        XCTAssertTrue(got.body.contains("X-MOZ-GENERATION:1") && got.body.contains("RECURRENCE-ID"), got.body)

        // Another client renames the series: the app reads it, its own property still there.
        var rename = EventChanges()
        rename.title = .set("Planning (all hands)")
        _ = try eventStore.saveEvent(
            identifier: saved.eventIdentifier, occurrenceDate: nil, span: .futureEvents, changes: rename, lastModifiedDate: nil)
        let after = try ask("GET", calendar + "meeting.ics")
        XCTAssertTrue(after.body.contains("SUMMARY:Planning (all hands)") && after.body.contains("X-MOZ-GENERATION:1"), after.body)
        let current = try XCTUnwrap(etag(after))

        let stale = try ask("PUT", calendar + "meeting.ics", headers: ["If-Match: \(etag(created) ?? "\"1\"")"], body: meeting(summary: "Stale"))
        XCTAssertEqual(stale.status, 412)
        XCTAssertEqual(try series("tb-meeting")?.0.title, "Planning (all hands)", "a stale write changes nothing")
        let updated = try ask("PUT", calendar + "meeting.ics", headers: ["If-Match: \(current)"], body: meeting(summary: "Review", generation: 2))
        XCTAssertEqual(updated.status, 204, updated.body)
        let (rewritten, overrides) = try XCTUnwrap(try series("tb-meeting"))
        XCTAssertEqual(rewritten.eventIdentifier, saved.eventIdentifier, "the same series, not a new one")
        XCTAssertEqual(overrides.map(\.title), ["Review (moved)"], "the override replaced, not added")

        let conflict = try ask("PUT", calendar + "other.ics", body: meeting(summary: "Same UID"))
        XCTAssertEqual(conflict.status, 403)
        XCTAssertTrue(conflict.body.contains("no-uid-conflict"), conflict.body)

        XCTAssertEqual(try ask("DELETE", calendar + "meeting.ics").status, 204)
        XCTAssertNil(try series("tb-meeting"))
        XCTAssertEqual(
            try eventStore.read { store throws(StoreError) in try store.events(externalIdentifier: "tb-meeting") }.count, 0, "overrides too")
        XCTAssertEqual(try ask("GET", calendar + "meeting.ics").status, 404)
    }

    func testAnEventOutsideTheGrantOrBrokenIsRefusedAndWritesNothing() throws {
        // todoman was granted reminders only: the event calendar is not there for it.
        let outside = try ask("PUT", "/dav/todoman/\(work.calendarIdentifier)/m.ics", as: "todoman", body: meeting(summary: "Not mine"))
        XCTAssertEqual(outside.status, 404, outside.body)
        let noStart = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:x\r\nSUMMARY:no start\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let broken = try ask("PUT", calendar + "x.ics", body: noStart)
        XCTAssertEqual(broken.status, 400, broken.body)
        XCTAssertTrue(broken.body.contains("valid-calendar-data"), broken.body)
        XCTAssertNil(try series("tb-meeting"))
        XCTAssertNil(try series("x"))
    }
}
