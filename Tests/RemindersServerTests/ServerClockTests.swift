import Foundation
import RemindersJSONRPC
import RemindersModel
import RemindersServer
import RemindersServerHarness
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
}
