import RemindersJSONRPC
import RemindersServerHarness
import RemindersTestSupport
import XCTest

/// Dates that mean what people mean: all-day and floating dates in the reader's zone, DST days,
/// and predicate bounds in any RFC 3339 form.
final class DateTests: XCTestCase {
    let folder = TemporaryFolder()

    private func session(_ zone: String) throws -> InProcessServer {
        try InProcessServer.granted("dates", store: folder.store, timeZone: zone)
    }

    private func titles(_ server: InProcessServer, from start: String? = nil, to end: String? = nil) -> [String] {
        var predicate: JSONObject = ["kind": "incomplete"]
        if let start { predicate["dueDateStarting"] = .string(start) }
        if let end { predicate["dueDateEnding"] = .string(end) }
        let response = server.channel.request("fetchReminders", ["predicate": .object(predicate)])
        XCTAssertNil(response["error"], "\(response)")
        return response.at("result", "reminders")?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
    }

    func testAllDayDatesAreTheReadersDayOnBothSidesOfTheDateLine() throws {
        let writer = try session("UTC")
        writer.channel.request("saveReminder", ["reminder": ["title": "all day", "dueDateComponents": ["year": 2026, "month": 12, "day": 1]]])
        writer.shutDown()
        let kiritimati = try session("Pacific/Kiritimati"), pagoPago = try session("Pacific/Pago_Pago")
        // Each client's own 1 December holds it; neither sees it on its 30 November or 2 December.
        XCTAssertEqual(titles(kiritimati, from: "2026-12-01T00:00:00+14:00", to: "2026-12-02T00:00:00+14:00"), ["all day"])
        XCTAssertEqual(titles(pagoPago, from: "2026-12-01T00:00:00-11:00", to: "2026-12-02T00:00:00-11:00"), ["all day"])
        XCTAssertEqual(titles(kiritimati, from: "2026-11-30T00:00:00+14:00", to: "2026-12-01T00:00:00+14:00"), [])
        XCTAssertEqual(titles(pagoPago, from: "2026-12-02T00:00:00-11:00", to: "2026-12-03T00:00:00-11:00"), [])
        // The same instant window, 10:00–11:00 UTC on 30 November, is 1 December for one and not yet for the other.
        XCTAssertEqual(titles(kiritimati, from: "2026-11-30T10:00:00Z", to: "2026-11-30T11:00:00Z"), ["all day"])
        XCTAssertEqual(titles(pagoPago, from: "2026-11-30T10:00:00Z", to: "2026-11-30T11:00:00Z"), [])
        kiritimati.shutDown()
        pagoPago.shutDown()
    }

    func testDueDatesOnDSTChanges() throws {
        let berlin = try session("Europe/Berlin")
        for (title, components) in [
            ("berlin all day", ["year": 2026, "month": 3, "day": 29] as JSONValue),
            ("berlin 02:30 floating", ["year": 2026, "month": 3, "day": 29, "hour": 2, "minute": 30]),
            ("new york 02:30 zoned", ["year": 2026, "month": 3, "day": 8, "hour": 2, "minute": 30, "timeZone": "America/New_York"]),
            ("berlin fall back 02:30", ["year": 2026, "month": 10, "day": 25, "hour": 2, "minute": 30, "timeZone": "Europe/Berlin"]),
        ] {
            XCTAssertNil(berlin.channel.request("saveReminder", ["reminder": ["title": .string(title), "dueDateComponents": components]])["error"])
        }
        // Berlin's 29 March lasts 23 hours: 00:00+01:00 to 00:00+02:00.
        XCTAssertEqual(
            titles(berlin, from: "2026-03-29T00:00:00+01:00", to: "2026-03-30T00:00:00+02:00"), ["berlin all day", "berlin 02:30 floating"])
        // 02:30 does not exist that day: it means 03:30 CEST, 01:30 UTC.
        XCTAssertEqual(titles(berlin, from: "2026-03-29T01:30:00Z", to: "2026-03-29T01:30:00.001Z"), ["berlin 02:30 floating"])
        // New York's skipped 02:30 is 03:30 EDT, 07:30 UTC.
        XCTAssertEqual(titles(berlin, from: "2026-03-08T07:30:00Z", to: "2026-03-08T07:31:00Z"), ["new york 02:30 zoned"])
        // A repeated hour takes one of its two instants.
        let repeated = titles(berlin, from: "2026-10-25T00:30:00Z", to: "2026-10-25T01:31:00Z")
        XCTAssertEqual(repeated, ["berlin fall back 02:30"])
        let newYork = try session("America/New_York")
        // For a New York reader the floating Berlin entry is 02:30 New York time — which does not exist
        // on 8 March but does on 29 March (EDT): 06:30 UTC.
        XCTAssertEqual(titles(newYork, from: "2026-03-29T06:30:00Z", to: "2026-03-29T06:31:00Z"), ["berlin 02:30 floating"])
        XCTAssertEqual(
            titles(newYork, from: "2026-03-29T00:00:00-04:00", to: "2026-03-30T00:00:00-04:00"), ["berlin all day", "berlin 02:30 floating"])
        berlin.shutDown()
        newYork.shutDown()
    }

    func testAFloatingTimeSeenFromTwoZones() throws {
        let berlin = try session("Europe/Berlin"), tokyo = try session("Asia/Tokyo")
        berlin.channel.request(
            "saveReminder", ["reminder": ["title": "floating nine", "dueDateComponents": ["year": 2026, "month": 12, "day": 1, "hour": 9]]])
        berlin.channel.request(
            "saveReminder",
            [
                "reminder": [
                    "title": "zoned half past eight",
                    "dueDateComponents": ["year": 2026, "month": 12, "day": 1, "hour": 8, "minute": 30, "timeZone": "Europe/Berlin"],
                ]
            ])
        // 09:00 floating is 08:00Z in Berlin and 00:00Z in Tokyo; the zoned reminder is 07:30Z for both.
        XCTAssertEqual(titles(berlin, from: "2026-12-01T08:00:00Z", to: "2026-12-01T08:00:01Z"), ["floating nine"])
        XCTAssertEqual(titles(tokyo, from: "2026-12-01T00:00:00Z", to: "2026-12-01T00:00:01Z"), ["floating nine"])
        XCTAssertEqual(titles(tokyo, from: "2026-12-01T08:00:00Z", to: "2026-12-01T08:00:01Z"), [])
        // Order follows each reader's clock: the floating one comes first in Tokyo, second in Berlin.
        XCTAssertEqual(titles(berlin), ["zoned half past eight", "floating nine"])
        XCTAssertEqual(titles(tokyo), ["floating nine", "zoned half past eight"])
        berlin.shutDown()
        tokyo.shutDown()
    }

    func testBoundsInEveryRFC3339Form() throws {
        let server = try session("UTC")
        server.channel.request(
            "saveReminder",
            ["reminder": ["title": "noon", "dueDateComponents": ["year": 2026, "month": 6, "day": 1, "hour": 12, "timeZone": "UTC"]]])
        for (start, end) in [
            ("2026-06-01T12:00:00Z", "2026-06-01T12:00:01Z"), ("2026-06-01t12:00:00z", "2026-06-01 12:00:00.001Z"),
            ("2026-06-01T17:30:00+05:30", "2026-06-01T08:00:00.999999-04:00"), ("2026-06-01T11:59:59.999Z", "2026-06-01T12:00:00.1Z"),
        ] {
            XCTAssertEqual(titles(server, from: start, to: end), ["noon"], "\(start) – \(end)")
        }
        XCTAssertEqual(titles(server, from: "2026-06-01T12:00:00.001Z"), [], "start is inclusive, to the millisecond")
        XCTAssertEqual(titles(server, to: "2026-06-01T12:00:00Z"), [], "end is exclusive")
        for bad in ["2026-06-01", "2026-06-01T12:00:00", "12:00", "2026-06-01T12:00:00+5:30", "1780315200", ""] {
            let response = server.channel.request("fetchReminders", ["predicate": ["dueDateStarting": .string(bad)]])
            XCTAssertEqual(response.errorField, "predicate.dueDateStarting", bad)
        }
        server.shutDown()
    }
}
