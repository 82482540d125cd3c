import Foundation
import XCTest
@testable import RemindersModel

/// Reading the process's zone as the C library does (issue 16).
final class SystemTimeZoneTests: XCTestCase {
    private func zone(_ tz: String?) -> SystemTimeZone.Resolution {
        SystemTimeZone.resolve(environment: tz.map { ["TZ": $0] } ?? [:])
    }

    func testNamesPathsAndRules() {
        XCTAssertEqual(zone("Europe/Berlin").name, "Europe/Berlin")
        XCTAssertEqual(zone(":America/New_York").name, "America/New_York")
        XCTAssertEqual(zone("/usr/share/zoneinfo/Asia/Tokyo").name, "Asia/Tokyo")
        XCTAssertEqual(zone(":/usr/share/zoneinfo/posix/Asia/Tokyo").name, "Asia/Tokyo")
        XCTAssertEqual(zone("").name, "UTC")
        let cet = zone("CET-1CEST,M3.5.0,M10.5.0/3")
        XCTAssertEqual(cet.name, "CET")
        XCTAssertNotNil(cet.note)
        XCTAssertNil(cet.warning)
        // Summer in the rule's zone: UTC+2.
        XCTAssertEqual(cet.zone.secondsFromGMT(for: Date(timeIntervalSince1970: 1_782_000_000)), 7200)
        XCTAssertEqual(zone("UTC0").name, "UTC")
        XCTAssertEqual(zone("EST5EDT,M3.2.0,M11.1.0").zone.secondsFromGMT(for: Date(timeIntervalSince1970: 1_767_225_600)), -5 * 3600)
    }

    func testWhatCannotBeReadSaysSoAndUsesUTC() {
        let unknown = zone("Nope/Zone")
        XCTAssertEqual(unknown.name, "UTC")
        XCTAssertEqual(unknown.warning, "TZ=Nope/Zone is not a time zone this system knows; using UTC")
        let noZoneFollows = zone("ABC-3DEF,M3.5.0,M10.5.0")
        XCTAssertEqual(noZoneFollows.zone.secondsFromGMT(), 3 * 3600)
        XCTAssertNotNil(noZoneFollows.warning)
        XCTAssertNil(zone("ABC-3").warning, "a fixed offset needs no daylight saving: nothing is lost")
    }

    func testPOSIXRules() {
        XCTAssertEqual(POSIXTimeZoneRule("CET-1CEST,M3.5.0,M10.5.0/3")?.standardOffsetSeconds, 3600)
        XCTAssertEqual(POSIXTimeZoneRule("<+0330>-3:30")?.standardOffsetSeconds, 12600)
        XCTAssertEqual(POSIXTimeZoneRule("EST5EDT")?.hasDaylightSaving, true)
        XCTAssertEqual(POSIXTimeZoneRule("UTC0")?.hasDaylightSaving, false)
        for bad in ["Nope/Zone", "AB-1", "CET", "CET-1CEST,M3.5.0;rm", "123"] { XCTAssertNil(POSIXTimeZoneRule(bad), bad) }
    }
}
