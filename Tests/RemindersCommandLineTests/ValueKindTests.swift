import RemindersCommandArguments
import XCTest
@testable import RemindersCommandLine

/// Numbers and durations are read by their options' declarations, as integers and words are: the
/// bounds, the unit and the forms taken are written once, where the option is declared.
final class ValueKindTests: XCTestCase {
    func testDurations() {
        XCTAssertEqual(DurationText.seconds("90s"), 90)
        XCTAssertEqual(DurationText.seconds("10m"), 600)
        XCTAssertEqual(DurationText.seconds("24h"), 86_400)
        XCTAssertEqual(DurationText.seconds("2d"), 172_800)
        for bad in ["", "m", "10", "-5m", "1.5h", "10 m", "3w"] { XCTAssertNil(DurationText.seconds(bad), bad) }
    }

    func testADurationOptionTakesDurationsOnly() throws {
        XCTAssertEqual(try CommandDeclaration.agent.parse(["--snooze", "15m"]).duration(.snooze), 900)
        XCTAssertNil(try CommandDeclaration.agent.parse([]).duration(.catchUp))
        XCTAssertThrowsError(try CommandDeclaration.agent.parse(["--catch-up=soon"]).duration(.catchUp)) { error in
            XCTAssertEqual((error as? Arguments.UsageError)?.message, "--catch-up takes a duration such as 90s, 10m, 24h or 2d, got soon")
        }
    }

    func testANumberOptionTakesNumbersInItsBounds() throws {
        XCTAssertEqual(try CommandDeclaration.location.parse(["--accuracy", "12.5"]).number(.accuracy), 12.5)
        for bad in ["-1", "1000001", "nan", "inf", "ten"] {
            XCTAssertThrowsError(try CommandDeclaration.location.parse(["--accuracy", bad]).number(.accuracy), bad) { error in
                XCTAssertEqual((error as? Arguments.UsageError)?.message, "--accuracy must be 0…1000000 metres, got \(bad)")
            }
        }
    }
}
