import Foundation
import RemindersICalendarFormat
import RemindersModel
import XCTest
@testable import RemindersICalendar

/// Alarm state between devices: RFC 9074 (ACKNOWLEDGED, snooze alarms), Apple's and
/// Thunderbird's forms read; what is written for a dismissal or snooze made here.
final class AlarmStateTests: XCTestCase {
    let now = Timestamp(rfc3339: "2026-12-01T10:00:00Z")!
    let fires = Timestamp(rfc3339: "2026-12-01T08:45:00Z")!

    func todo(_ lines: String...) throws -> Component { try todo(lines) }

    func todo(_ lines: [String]) throws -> Component {
        let text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VTODO\r\nUID:T1\r\nDTSTAMP:20261201T080000Z\r\nSUMMARY:Call\r\n"
            + "DUE:20261201T090000Z\r\n" + lines.map { $0 + "\r\n" }.joined() + "END:VTODO\r\nEND:VCALENDAR\r\n"
        return try XCTUnwrap(CalendarObject(parsing: text).todo)
    }

    private func read(_ item: Component) throws -> [String: AlarmState] {
        let object = CalendarObject(calendar: Component("VCALENDAR", components: [item]))
        let reminder = try TodoReader.read(object, now: now).reminder
        return AlarmState.read(item, alarms: reminder.alarms, fireDate: { $0.fireDate(of: reminder, in: TimeZone(identifier: "UTC")!) })
    }

    static let relative = ["BEGIN:VALARM", "UID:A1", "ACTION:DISPLAY", "DESCRIPTION:Call", "TRIGGER;RELATED=END:-PT15M"]

    func testAcknowledgedByUIDAndByApplesAlarmUID() throws {
        let states = try read(
            try todo(
                "BEGIN:VALARM", "UID:A1", "ACTION:DISPLAY", "TRIGGER;RELATED=END:-PT15M", "ACKNOWLEDGED:20261201T084600Z", "END:VALARM",
                "BEGIN:VALARM", "X-WR-ALARMUID:A2", "ACTION:AUDIO", "TRIGGER;RELATED=END:-PT5M", "ACKNOWLEDGED:20261201T085600Z", "END:VALARM"))
        XCTAssertEqual(states["A1"], AlarmState(alarmIdentifier: "A1", acknowledged: Timestamp(rfc3339: "2026-12-01T08:46:00Z")!))
        XCTAssertEqual(states["A2"]?.acknowledged, Timestamp(rfc3339: "2026-12-01T08:56:00Z")!)
    }

    func testASnoozeAlarmIsStateNotAnAlarm() throws {
        let item = try todo(
            Self.relative + [
                "ACKNOWLEDGED:20261201T084600Z", "END:VALARM",
                "BEGIN:VALARM", "UID:S1", "RELATED-TO;RELTYPE=SNOOZE:A1", "ACTION:DISPLAY",
                "TRIGGER;VALUE=DATE-TIME:20261201T091500Z", "END:VALARM",
            ])
        let object = CalendarObject(calendar: Component("VCALENDAR", components: [item]))
        XCTAssertEqual(try TodoReader.read(object, now: now).reminder.alarms.map(\.alarmIdentifier), ["A1"], "the snooze is not an alarm of its own")
        XCTAssertEqual(
            try read(item)["A1"],
            AlarmState(
                alarmIdentifier: "A1", acknowledged: Timestamp(rfc3339: "2026-12-01T08:46:00Z")!,
                snoozedUntil: Timestamp(rfc3339: "2026-12-01T09:15:00Z")!))
        // One that was itself acknowledged after its time brings nothing back.
        let done = try todo(
            Self.relative + [
                "END:VALARM", "BEGIN:VALARM", "UID:S1", "RELATED-TO;RELTYPE=SNOOZE:A1",
                "TRIGGER;VALUE=DATE-TIME:20261201T091500Z", "ACKNOWLEDGED:20261201T091600Z", "END:VALARM",
            ])
        XCTAssertNil(try read(done)["A1"]?.snoozedUntil)
    }

    func testThunderbirdsLastAckAndSnoozeTime() throws {
        // LASTACK covers the alarms that fired by then (A1 at 08:45), not one still to come (A2 at 08:55).
        let item = try todo(
            Self.relative + [
                "END:VALARM", "BEGIN:VALARM", "UID:A2", "ACTION:DISPLAY", "TRIGGER;RELATED=END:-PT5M", "END:VALARM",
                "X-MOZ-LASTACK:20261201T085000Z", "X-MOZ-SNOOZE-TIME:20261201T092000Z",
            ])
        let states = try read(item)
        XCTAssertEqual(
            states["A1"],
            AlarmState(
                alarmIdentifier: "A1", acknowledged: Timestamp(rfc3339: "2026-12-01T08:50:00Z")!,
                snoozedUntil: Timestamp(rfc3339: "2026-12-01T09:20:00Z")!))
        XCTAssertNil(states["A2"]?.acknowledged)
        XCTAssertEqual(states["A2"]?.snoozedUntil, nil, "the snooze is for the last alarm that fired by LASTACK, when it was made: A2 fired at 08:55")
    }

    func testAStateMadeHereIsWrittenInEveryFormAndOtherAlarmsStayAsTheyCame() throws {
        let other = ["BEGIN:VALARM", "ACTION:EMAIL", "X-KEEP:me\\, as is", "TRIGGER:-PT1H", "END:VALARM"]
        var item = try todo(Self.relative + ["END:VALARM"] + other)
        let before = item.text
        let snoozed = AlarmState(
            alarmIdentifier: "A1", acknowledged: fires.advanced(by: 60_000), snoozedUntil: Timestamp(rfc3339: "2026-12-01T09:00:00Z")!)
        AlarmState.write([snoozed], into: &item, title: "Call")
        let text = item.text.replacingOccurrences(of: "\r\n ", with: "")
        for line in [
            "ACKNOWLEDGED:20261201T084600Z", "RELATED-TO;RELTYPE=SNOOZE:A1", "TRIGGER;VALUE=DATE-TIME:20261201T090000Z",
            "X-MOZ-LASTACK:20261201T084600Z", "X-MOZ-SNOOZE-TIME:20261201T090000Z",
        ] {
            XCTAssertTrue(text.contains(line + "\r\n"), "missing \(line) in\n\(text)")
        }
        XCTAssertTrue(text.contains(other.joined(separator: "\r\n")), "the EMAIL alarm as it came")
        XCTAssertEqual(try read(item)["A1"], snoozed, "read back as written")

        // Dismissed later: the snooze alarm goes, the acknowledgement moves on.
        AlarmState.write([AlarmState(alarmIdentifier: "A1", acknowledged: Timestamp(rfc3339: "2026-12-01T09:01:00Z")!)], into: &item, title: "Call")
        XCTAssertFalse(item.text.contains("SNOOZE"), item.text)
        XCTAssertEqual(try read(item)["A1"], AlarmState(alarmIdentifier: "A1", acknowledged: Timestamp(rfc3339: "2026-12-01T09:01:00Z")!))
        XCTAssertNotEqual(item.text, before)
    }

    func testAnAlarmKnownByWhatItSaysGetsItsIdentifierAsUID() throws {
        var item = try todo("BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;RELATED=END:-PT15M", "END:VALARM")
        let identifier = AlarmMapping.identifier(of: item.components[0], todoUID: "T1")
        XCTAssertTrue(identifier.hasPrefix("T1-alarm-"), identifier)
        AlarmState.write(
            [AlarmState(alarmIdentifier: identifier, acknowledged: now, snoozedUntil: now.advanced(by: 600_000))], into: &item, title: "Call")
        XCTAssertTrue(item.text.contains("UID:\(identifier)\r\n"), item.text)
        XCTAssertTrue(item.text.contains("RELATED-TO;RELTYPE=SNOOZE:\(identifier)\r\n"), item.text)
        XCTAssertEqual(try read(item)[identifier]?.snoozedUntil, now.advanced(by: 600_000))
    }

    /// tasks.org rebuilds its VALARMs without UIDs at every upload: an alarm is known by what it
    /// says, so the one that stays keeps its identifier (and its dismissal) when another goes, and
    /// one that is re-timed is another alarm.
    func testAnAlarmWithoutUIDIsKnownByWhatItSaysNotWhereItIs() throws {
        let twoHours = ["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;RELATED=END:-PT2H", "END:VALARM"]
        let halfHour = ["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;RELATED=END:-PT30M", "END:VALARM"]
        func identifiers(_ lines: [String]) throws -> [String] {
            let item = try todo(lines)
            return try TodoReader.read(CalendarObject(calendar: Component("VCALENDAR", components: [item])), now: now).reminder.alarms.map(
                \.alarmIdentifier)
        }
        let both = try identifiers(twoHours + halfHour)
        XCTAssertEqual(Set(both).count, 2)
        XCTAssertEqual(try identifiers(halfHour), [both[1]], "the half-hour alarm is the same alarm once the other went")
        XCTAssertEqual(try identifiers(halfHour + twoHours), [both[1], both[0]], "order says nothing")
        let retimed = ["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;RELATED=END:-PT45M", "END:VALARM"]
        XCTAssertFalse(both.contains(try identifiers(retimed)[0]), "a re-timed alarm without a UID is another alarm")
        XCTAssertEqual(try identifiers(halfHour + halfHour).count, 1, "two that say the same are one")
    }
}
