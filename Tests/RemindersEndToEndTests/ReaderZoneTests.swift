import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// Dates read in the reader's zone through the real binary: an all-day date whatever zone it
/// carries, a floating series' end, and TZ read as the C library reads it.
final class ReaderZoneTests: XCTestCase {
    let folder = TemporaryFolder()

    private func titles(_ server: RemindersdProcess, from start: String, to end: String) -> [String] {
        let response = server.channel.request(
            "fetchReminders",
            [
                "predicate": [
                    "kind": "incomplete", "dueDateStarting": .string(start),
                    "dueDateEnding": .string(end),
                ]
            ])
        return response.at("result", "reminders")?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
    }

    /// Regression: An all-day date saved with a time zone was read in that zone, not the reader's.
    func testAnAllDayDateIsTheReadersDayWhateverZoneItCarries() throws {
        let writer = try RemindersdProcess.granted("probe", store: folder.store, timeZone: "UTC")
        let saved = writer.channel.request(
            "saveReminder",
            [
                "reminder": [
                    "title": "all day",
                    "dueDateComponents": [
                        "year": 2026, "month": 6, "day": 15, "timeZone": "Pacific/Kiritimati",
                    ],
                ]
            ]
        ).at("result", "reminder")
        XCTAssertEqual(saved?["dueDateComponents"], ["year": 2026, "month": 6, "day": 15], "an all-day date keeps no zone")
        // An unknown zone is still refused, all-day or not.
        let bad = writer.channel.request(
            "saveReminder",
            [
                "reminder": [
                    "title": "x",
                    "dueDateComponents": [
                        "year": 2026, "month": 6, "day": 15, "timeZone": "Nope/Zone",
                    ],
                ]
            ])
        XCTAssertEqual(bad.errorField, "reminder.dueDateComponents.timeZone")
        writer.shutDown()
        let pagoPago = try RemindersdProcess.granted("probe", store: folder.store, timeZone: "Pacific/Pago_Pago")
        XCTAssertEqual(titles(pagoPago, from: "2026-06-15T00:00:00-11:00", to: "2026-06-16T00:00:00-11:00"), ["all day"])
        XCTAssertEqual(titles(pagoPago, from: "2026-06-13T00:00:00-11:00", to: "2026-06-14T00:00:00-11:00"), [])
        pagoPago.shutDown()
    }

    /// Regression: A series' end date was compared with floating occurrences as if they were UTC.
    func testAFloatingSeriesEndsWhereTheClientsZonePutsItsEndDate() throws {
        let berlin = try RemindersdProcess.granted("probe", store: folder.store, timeZone: "Europe/Berlin")
        let created = berlin.channel.request(
            "saveReminder",
            [
                "reminder": [
                    "title": "daily", "dueDateComponents": ["year": 2026, "month": 1, "day": 2, "hour": 9],
                    "recurrenceRules": [["frequency": "daily", "recurrenceEnd": ["endDate": "2026-01-03T08:00:00Z"]]],
                ]
            ]
        ).at("result", "reminder")!
        let completed = berlin.channel.request(
            "saveReminder",
            [
                "reminder": [
                    "calendarItemIdentifier": created["calendarItemIdentifier"]!, "isCompleted": true,
                ]
            ]
        ).result
        XCTAssertEqual(completed?.at("reminder", "dueDateComponents"), ["year": 2026, "month": 1, "day": 3, "hour": 9])
        XCTAssertEqual(completed?.at("reminder", "isCompleted"), false)
        XCTAssertNotEqual(completed?["completedOccurrence"], .null)
        // The last occurrence ends the series.
        let last = berlin.channel.request(
            "saveReminder",
            [
                "reminder": [
                    "calendarItemIdentifier": created["calendarItemIdentifier"]!, "isCompleted": true,
                ]
            ]
        ).result
        XCTAssertEqual(last?.at("reminder", "isCompleted"), true)
        XCTAssertEqual(last?["completedOccurrence"], .null)
        berlin.shutDown()
    }

    /// Regression: A POSIX TZ was not understood and the server silently used UTC.
    func testTheServerReadsTZAsTheCLibraryDoes() throws {
        let cases: [(tz: String, zone: String, log: String?)] = [
            ("CET-1CEST,M3.5.0,M10.5.0/3", "CET", "is a POSIX rule; using CET"),
            (":Europe/Berlin", "Europe/Berlin", nil),
            ("UTC0", "UTC", "is a POSIX rule; using UTC"),
            ("/usr/share/zoneinfo/Asia/Tokyo", "Asia/Tokyo", nil),
            ("Nope/Zone", "UTC", "TZ=Nope/Zone is not a time zone this system knows; using UTC"),
        ]
        for (tz, zone, log) in cases {
            let store = folder.path + "/tz.sqlite"
            _ = try RemindersdProcess.run(["permissions", "set", "--any-program", "probe", "fullAccess", "--store", store])
            let server = try RemindersdProcess(store: store, environment: ["TZ": tz])
            let reply = server.initialize(client: "probe")
            XCTAssertEqual(reply.at("result", "timeZone"), .string(zone), tz)
            XCTAssertEqual(server.shutDown(), 0)
            if let log { XCTAssertTrue(server.stderr.contains(log), "\(tz): \(server.stderr)") }
        }
    }
}
