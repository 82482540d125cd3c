import Foundation
import RemindersJSONRPC
import RemindersModel
import RemindersServer
import RemindersServerHarness
import RemindersStore
import RemindersTestSupport
import XCTest

/// The server's "now" is its clock (`ServerOptions.clock`, issue 53): a phrase, a snooze and the
/// history are read against the time a test gives, not the wall clock's (which made "tomorrow"
/// a race with midnight).
final class ServerClockTests: XCTestCase {
    let folder = TemporaryFolder()

    func testWhatIsRelativeToNowIsReadOnTheServersClock() throws {
        let noon = Timestamp(milliseconds: 1_925_035_200_000)  // 2031-01-01T12:00:00Z, a Wednesday
        let server = InProcessServer(store: folder.store) { $0.clock = { noon } }
        server.initialize(client: "dates", timeZone: "UTC")
        let tomorrow = server.channel.request("interpretDate", ["text": "tomorrow 9am"])
        XCTAssertEqual(tomorrow.at("result", "dateComponents"), ["year": 2031, "month": 1, "day": 2, "hour": 9, "minute": 0], "\(tomorrow)")
        XCTAssertEqual(server.channel.request("interpretDate", ["text": "in 3 days"]).at("result", "dateComponents", "day"), 4)
        XCTAssertEqual(server.shutDown(), 0)
    }

    /// `upcomingAlarms` without `from` starts at the server's now: an alarm due a minute from the
    /// wall clock's now is years before a clock standing in 2031, and not upcoming there.
    func testUpcomingAlarmsWithoutFromStartAtTheServersNow() throws {
        let noon = Timestamp(milliseconds: 1_925_035_200_000)  // 2031-01-01T12:00:00Z
        try EventStore(path: folder.store).write { store throws(StoreError) in
            try store.setAuthorizationStatus(.fullAccess, client: "dates", program: nil, entityType: .reminder, scope: nil)
        }
        let server = InProcessServer(store: folder.store) { $0.clock = { noon } }
        server.initialize(client: "dates", timeZone: "UTC")
        let soonByTheWall = Timestamp.now().advanced(by: 60_000).rfc3339
        for (title, date) in [("by the wall", soonByTheWall), ("by the clock", noon.advanced(by: 3_600_000).rfc3339)] {
            let saved = server.channel.request("saveReminder", ["reminder": ["title": .string(title), "alarms": [["absoluteDate": .string(date)]]]])
            XCTAssertNotNil(saved.at("result", "reminder"), "\(saved)")
        }
        let upcoming = server.channel.request("upcomingAlarms", ["to": .string(noon.advanced(by: 7_200_000).rfc3339)])
        XCTAssertEqual(upcoming.at("result", "alarms")?.arrayValue?.compactMap { $0["title"]?.stringValue }, ["by the clock"], "\(upcoming)")
        let before = server.channel.request("upcomingAlarms", ["to": .string(noon.advanced(by: -1).rfc3339)])
        XCTAssertEqual(before.at("error", "data", "field"), "to", "\(before)")
        XCTAssertEqual(server.shutDown(), 0)
    }
}
