import XCTest
@testable import RemindersModel

final class TimestampTests: XCTestCase {
    func testFormatsUTCWithMilliseconds() {
        XCTAssertEqual(Timestamp(milliseconds: 0).rfc3339, "1970-01-01T00:00:00.000Z")
        XCTAssertEqual(Timestamp(milliseconds: 1_796_000_000_123).rfc3339, "2026-11-30T00:53:20.123Z")
        XCTAssertEqual(Timestamp(milliseconds: -1).rfc3339, "1969-12-31T23:59:59.999Z")
        XCTAssertEqual(Timestamp(seconds: 951_782_400).rfc3339, "2000-02-29T00:00:00.000Z")
    }

    func testParsesOffsetsFractionsAndSeparators() {
        let expected = Timestamp(milliseconds: 1_795_923_200_123)
        for text in [
            "2026-11-29T03:33:20.123Z", "2026-11-29t03:33:20.123z", "2026-11-29 03:33:20.123Z",
            "2026-11-29T09:03:20.123+05:30", "2026-11-28T22:33:20.123-05:00", "2026-11-29T03:33:20.123999Z",
        ] {
            XCTAssertEqual(Timestamp(rfc3339: text), expected, text)
        }
        XCTAssertEqual(Timestamp(rfc3339: "2026-11-29T03:33:20.1Z")?.milliseconds, 1_795_923_200_100)
        XCTAssertEqual(Timestamp(rfc3339: "2026-11-29T03:33:20Z")?.milliseconds, 1_795_923_200_000)
    }

    func testRejectsWhatIsNotRFC3339() {
        for text in [
            "", "2026-11-29", "2026-11-29T03:33:20", "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z", "2026-11-29T24:00:00Z",
            "2026-11-29T03:60:00Z", "2026-11-29T03:33:60Z", "2026-11-29T03:33:20.Z", "2026-11-29T03:33:20+0530",
            "2026-11-29T03:33:20+24:00", "tomorrow", "2026-11-29T03:33:20Zjunk", "١٠٢٦-11-29T03:33:20Z",
        ] {
            XCTAssertNil(Timestamp(rfc3339: text), text)
        }
        XCTAssertNotNil(Timestamp(rfc3339: "2024-02-29T00:00:00Z"))
    }

    func testRoundTripsAcrossCenturies() {
        for milliseconds: Int64 in [-62_135_596_800_000, -1, 0, 1, 253_402_300_799_999, 4_102_444_800_000] {
            let timestamp = Timestamp(milliseconds: milliseconds)
            XCTAssertEqual(Timestamp(rfc3339: timestamp.rfc3339), timestamp, timestamp.rfc3339)
        }
    }
}
