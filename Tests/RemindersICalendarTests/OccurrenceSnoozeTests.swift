import Foundation
import RemindersICalendarFormat
import RemindersModel
import XCTest
@testable import RemindersICalendar

/// Thunderbird's snooze of one occurrence of a series: `X-MOZ-SNOOZE-TIME-<the occurrence's start
/// in µs>` on the series, read, and written for an occurrence snoozed here.
final class OccurrenceSnoozeTests: XCTestCase {
    /// Mon 7 Dec 2026 09:00 UTC, the second occurrence of a daily stand-up, in µs.
    let second = "1796634000000000"

    private func series(_ lines: String...) throws -> Component {
        let text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN\r\nBEGIN:VEVENT\r\nUID:standup\r\n"
            + "DTSTAMP:20261201T080000Z\r\nDTSTART:20261206T090000Z\r\nDTEND:20261206T091500Z\r\nRRULE:FREQ=DAILY\r\nSUMMARY:Stand-up\r\n"
            + lines.map { $0 + "\r\n" }.joined()
            + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT15M\r\nDESCRIPTION:Stand-up\r\nEND:VALARM\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        return try XCTUnwrap(try Component.parse(text).first?.components.first { $0.name == "VEVENT" })
    }

    func testThunderbirdsSnoozeOfOneOccurrenceIsRead() throws {
        let master = try series("X-MOZ-LASTACK:20261207T084600Z", "X-MOZ-SNOOZE-TIME-\(second):20261207T085100Z")
        XCTAssertEqual(
            AlarmState.occurrenceSnoozes(of: master),
            [OccurrenceSnooze(occurrenceStart: Timestamp(rfc3339: "2026-12-07T09:00:00Z")!, until: Timestamp(rfc3339: "2026-12-07T08:51:00Z")!)])
        XCTAssertEqual(AlarmState.lastAcknowledged(of: master), Timestamp(rfc3339: "2026-12-07T08:46:00Z")!)
        XCTAssertEqual(AlarmState.occurrenceSnoozes(of: try series("X-MOZ-SNOOZE-TIME-not-a-number:20261207T085100Z")), [])
    }

    func testAnOccurrenceSnoozedHereIsWrittenAsThunderbirdWritesIt() throws {
        var master = try series("X-MOZ-SNOOZE-TIME-1796547600000000:20261206T085100Z")
        let alarm = try XCTUnwrap(
            EventReader.alarms(
                of: master, uid: "standup", start: ItemDateComponents(year: 2026, month: 12, day: 6, hour: 9, minute: 0, timeZone: "UTC"),
                duration: 900_000, resolver: TimeZoneResolver(timeZones: [])
            ).first?.alarm)
        let key = ItemDateComponents(year: 2026, month: 12, day: 7, hour: 9, minute: 0, timeZone: "UTC").occurrenceKey
        let state = AlarmState(
            alarmIdentifier: alarm.alarmIdentifier, acknowledged: Timestamp(rfc3339: "2026-12-07T08:46:00Z")!,
            snoozedUntil: Timestamp(rfc3339: "2026-12-07T08:56:00Z")!, occurrence: key)
        AlarmState.write([state], into: &master, title: "Stand-up", occurrenceStart: { _ in Timestamp(rfc3339: "2026-12-07T09:00:00Z")! })
        let lines = master.properties.map(\.line)
        XCTAssertTrue(lines.contains("X-MOZ-SNOOZE-TIME-\(second):20261207T085600Z"), "\(lines)")
        XCTAssertFalse(lines.contains { $0.hasPrefix("X-MOZ-SNOOZE-TIME:") }, "a series' snooze is its occurrence's")
        XCTAssertFalse(lines.contains { $0.hasPrefix("X-MOZ-SNOOZE-TIME-1796547600000000") }, "yesterday's, ended before the acknowledgement, goes")
        XCTAssertTrue(lines.contains("X-MOZ-LASTACK:20261207T084600Z"))

        // Dismissed later: the occurrence's snooze goes.
        var dismissed = state
        (dismissed.snoozedUntil, dismissed.acknowledged) = (nil, Timestamp(rfc3339: "2026-12-07T08:57:00Z")!)
        AlarmState.write([dismissed], into: &master, title: "Stand-up", occurrenceStart: { _ in Timestamp(rfc3339: "2026-12-07T09:00:00Z")! })
        XCTAssertFalse(master.properties.contains { $0.name.hasPrefix("X-MOZ-SNOOZE-TIME") }, "\(master.properties.map(\.line))")
    }
}
