import RemindersICalendarFormat
import RemindersModel
import XCTest
@testable import RemindersICalendar

/// Evolution's "10 minutes before the end" (`TRIGGER;RELATED=END:-PT10M`): read with its offset
/// from the start, as EventKit has it; moved with the end when the end moves here; written back
/// counting from the end, with the identity it came with.
final class EndRelatedAlarmTests: XCTestCase {
    let now = Timestamp(milliseconds: 1_796_000_000_000)
    let utc = TimeZone(identifier: "UTC")!

    private func talk() throws -> Component {
        try XCTUnwrap(
            try Component.parse(
                """
                BEGIN:VCALENDAR\r
                VERSION:2.0\r
                PRODID:-//Ximian//NONSGML Evolution Calendar//EN\r
                BEGIN:VEVENT\r
                UID:talk@evolution.test\r
                DTSTART:20261210T090000Z\r
                DTEND:20261210T100000Z\r
                SUMMARY:Talk\r
                BEGIN:VALARM\r
                X-EVOLUTION-ALARM-UID:20261201T080000Z-4242-1000-1-7@laptop\r
                ACTION:DISPLAY\r
                TRIGGER;VALUE=DURATION;RELATED=END:-PT10M\r
                DESCRIPTION:Talk\r
                END:VALARM\r
                END:VEVENT\r
                END:VCALENDAR\r

                """
            ).first)
    }

    private func triggers(_ text: String) -> [String] { text.components(separatedBy: "\r\n").filter { $0.hasPrefix("TRIGGER") } }

    func testReadFromTheStartAndMarkedAsFollowingTheEnd() throws {
        let event = try EventReader.read(try talk(), now: now).series
        XCTAssertEqual(event.alarms.map(\.relativeOffset), [3000])
        XCTAssertEqual(event.alarms.map(\.followsEnd), [true])
        let firings = event.alarmFirings(from: Timestamp(rfc3339: "2026-12-10T00:00:00Z")!, to: Timestamp(rfc3339: "2026-12-11T00:00:00Z")!, in: utc)
        XCTAssertEqual(firings.map(\.fireDate), [Timestamp(rfc3339: "2026-12-10T09:50:00Z")!])
    }

    func testTheEndMovedHereMovesTheAlarmAndTheVAlarmStaysAsItCame() throws {
        let original = try talk()
        var event = try EventReader.read(original, now: now).series
        let identifier = try XCTUnwrap(event.alarms.first?.alarmIdentifier)
        var changes = EventChanges()
        changes.endDate = .set(Timestamp(rfc3339: "2026-12-10T11:00:00Z")!)
        try changes.apply(
            to: &event, start: event.start.instant(in: utc), end: event.start.instant(in: utc).advanced(by: event.duration), isNew: false,
            zone: utc, makeIdentifier: { "new" })
        XCTAssertEqual(event.alarms.map(\.relativeOffset), [6600], "ten minutes before the new end")
        let firings = event.alarmFirings(from: Timestamp(rfc3339: "2026-12-10T00:00:00Z")!, to: Timestamp(rfc3339: "2026-12-11T00:00:00Z")!, in: utc)
        XCTAssertEqual(firings.map(\.fireDate), [Timestamp(rfc3339: "2026-12-10T10:50:00Z")!])

        let text = EventWriter.object(for: event, detached: [], original: original, now: now).text
        XCTAssertEqual(triggers(text), ["TRIGGER;VALUE=DURATION;RELATED=END:-PT10M"])
        XCTAssertTrue(text.contains("X-EVOLUTION-ALARM-UID:20261201T080000Z-4242-1000-1-7@laptop\r\n"))
        let read = try EventReader.read(try XCTUnwrap(try Component.parse(text).first), now: now).series
        XCTAssertEqual(read.alarms, event.alarms)
        XCTAssertEqual(read.alarms.first?.alarmIdentifier, identifier)
    }

    func testAnOffsetChangedHereIsWrittenFromTheEndIntoTheVAlarmItCameAs() throws {
        let original = try talk()
        var event = try EventReader.read(original, now: now).series
        event.alarms[0].trigger = .relative(offset: 2700)
        let text = EventWriter.object(for: event, detached: [], original: original, now: now).text
        XCTAssertEqual(triggers(text), ["TRIGGER;RELATED=END:-PT15M"])
        XCTAssertTrue(text.contains("X-EVOLUTION-ALARM-UID:20261201T080000Z-4242-1000-1-7@laptop\r\n"), "its identity stays")
        XCTAssertEqual(text.components(separatedBy: "BEGIN:VALARM").count, 2, "one VALARM, not a second")
        let read = try EventReader.read(try XCTUnwrap(try Component.parse(text).first), now: now).series
        XCTAssertEqual(read.alarms, event.alarms)
    }

    func testAFreshAlarmThatFollowsTheEndIsWrittenFromTheEnd() throws {
        var event = try EventReader.read(try talk(), now: now).series
        event.alarms = [Alarm(alarmIdentifier: "mine", trigger: .relative(offset: 3300), followsEnd: true)]
        let text = EventWriter.object(for: event, detached: [], now: now).text
        XCTAssertEqual(triggers(text), ["TRIGGER;RELATED=END:-PT5M"])
        XCTAssertEqual(try EventReader.read(try XCTUnwrap(try Component.parse(text).first), now: now).series.alarms, event.alarms)
    }

    /// A client that sends every alarm back with the new end (as a whole-object client does) moves
    /// one sent as it was read; one sent with a new offset is the client's word.
    func testAlarmsSentWithTheNewEndMoveOnlyIfSentAsTheyWereRead() throws {
        var event = try EventReader.read(try talk(), now: now).series
        let read = event.alarms[0]
        var changes = EventChanges()
        changes.endDate = .set(Timestamp(rfc3339: "2026-12-10T11:00:00Z")!)
        changes.alarms = .set([
            AlarmDraft(alarmIdentifier: read.alarmIdentifier, trigger: read.trigger, followsEnd: true),
            AlarmDraft(alarmIdentifier: "a", trigger: .relative(offset: 6000), followsEnd: true),
        ])
        try changes.apply(
            to: &event, start: event.start.instant(in: utc), end: event.start.instant(in: utc).advanced(by: event.duration), isNew: false,
            zone: utc, makeIdentifier: { "new" })
        XCTAssertEqual(
            event.alarms,
            [
                Alarm(alarmIdentifier: read.alarmIdentifier, trigger: .relative(offset: 6600), followsEnd: true),
                Alarm(alarmIdentifier: "a", trigger: .relative(offset: 6000), followsEnd: true),
            ])
    }
}
