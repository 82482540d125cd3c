import Foundation
import XCTest
@testable import RemindersICalendarFormat

final class TimeZoneTests: XCTestCase {
    func testYearlyRulesForZonesWithSummerTime() throws {
        for (identifier, daylight, standard) in [
            ("Europe/Berlin", "BYMONTH=3;BYDAY=-1SU", "BYMONTH=10;BYDAY=-1SU"),
            ("America/New_York", "BYMONTH=3;BYDAY=2SU", "BYMONTH=11;BYDAY=1SU"),
        ] {
            let component = TimeZoneWriter.component(for: TimeZone(identifier: identifier)!, years: 2025...2028)
            XCTAssertEqual(component.value("TZID"), identifier)
            let rules = component.components.map { "\($0.name) \($0.value("RRULE") ?? "-")" }
            XCTAssertEqual(rules.sorted(), ["DAYLIGHT FREQ=YEARLY;\(daylight)", "STANDARD FREQ=YEARLY;\(standard)"], identifier)
        }
    }

    func testAZoneWithoutChangesHasOneObservance() {
        let component = TimeZoneWriter.component(for: TimeZone(identifier: "Asia/Tokyo")!, years: 2026...2027)
        XCTAssertEqual(component.components.map(\.name), ["STANDARD"])
        XCTAssertEqual(component.components[0].value("TZOFFSETTO"), "+0900")
    }

    /// A VTIMEZONE written here, read under a name no database knows, gives the zone's offsets —
    /// and is taken for a zone of the database that has them (RFC 5545 §3.6.5: the rules decide).
    func testWrittenDefinitionsEvaluateToTheZonesOffsets() throws {
        for identifier in ["Europe/Berlin", "America/New_York", "Australia/Sydney", "Asia/Kolkata"] {
            let zone = TimeZone(identifier: identifier)!
            var component = TimeZoneWriter.component(for: zone, years: 2025...2027)
            component.set(Property("TZID", "Custom Zone"))
            let resolver = TimeZoneResolver(timeZones: [component])
            let matched = try XCTUnwrap(resolver.timeZone(for: "Custom Zone"), identifier)
            var instant = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01
            while instant.timeIntervalSince1970 < 1_830_297_600 {  // 2028-01-01
                let offset = zone.secondsFromGMT(for: instant)
                let local = Int(instant.timeIntervalSince1970) + offset
                XCTAssertEqual(resolver.offset(for: "Custom Zone", atLocal: local), offset, "\(identifier) \(instant)")
                XCTAssertEqual(matched.secondsFromGMT(for: instant), offset, "\(identifier) matched as \(matched.identifier), \(instant)")
                instant += 86_400 * 5 + 3_600 * 7
            }
        }
    }

    func testNamesThatLeadToKnownZones() throws {
        let licensed = try Component.parse("BEGIN:VTIMEZONE\nTZID:My Zone\nX-LIC-LOCATION:Europe/Paris\nEND:VTIMEZONE")
        let resolver = TimeZoneResolver(timeZones: licensed)
        XCTAssertEqual(resolver.timeZone(for: "Europe/Berlin")?.identifier, "Europe/Berlin")
        XCTAssertEqual(resolver.timeZone(for: "/freeassociation.sourceforge.net/Tzfile/Europe/Berlin")?.identifier, "Europe/Berlin")
        XCTAssertEqual(resolver.timeZone(for: "My Zone")?.identifier, "Europe/Paris")
        XCTAssertEqual(resolver.timeZone(for: "W. Europe Standard Time")?.identifier, "Europe/Berlin")
        XCTAssertNil(resolver.timeZone(for: "Nowhere Standard Time"))
    }
}
