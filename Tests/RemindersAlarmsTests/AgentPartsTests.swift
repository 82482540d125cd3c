import XCTest
@testable import RemindersAlarms

final class AgentPartsTests: XCTestCase {
    func testDurations() {
        XCTAssertEqual(DurationText.seconds("90s"), 90)
        XCTAssertEqual(DurationText.seconds("10m"), 600)
        XCTAssertEqual(DurationText.seconds("24h"), 86_400)
        XCTAssertEqual(DurationText.seconds("2d"), 172_800)
        for bad in ["", "m", "10", "-5m", "1.5h", "10 m", "3w"] { XCTAssertNil(DurationText.seconds(bad), bad) }
    }
}
