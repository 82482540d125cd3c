import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// `geocode` and `reverseGeocode` through the real binary: the owner's geocoder (a Nominatim-shaped
/// one on 127.0.0.1) asked through remindersd-sync, the store's own places without one, and
/// Core Location's reasons when nothing is found.
final class GeocodeTests: XCTestCase {
    let folder = TemporaryFolder()

    private func remindersd(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try RemindersdProcess.run(arguments + ["--store", folder.store])
    }

    private func call(_ method: String, _ params: JSONValue, client: String = "maps") throws -> (result: JSONValue?, error: JSONValue?) {
        let run = try remindersd(["call", method, params.serialized, "--client", client])
        if run.status == 0 { return (try JSONParser.parse(run.stdout), nil) }
        return (nil, try JSONParser.parse(run.stderr.split(separator: "\n").last.map(String.init) ?? ""))
    }

    func testTheOwnersGeocoderAnswersBothWays() throws {
        let geocoder = try LocalGeocoder()
        XCTAssertEqual(try remindersd(["geocoder", geocoder.url]).status, 0)
        XCTAssertEqual(try remindersd(["geocoder"]).stdout, geocoder.url + "\n")
        let answer = try call("geocode", ["address": "Pariser Platz 1, Berlin"])
        let found = try XCTUnwrap(answer.result, "\(answer.error ?? .null)")
        XCTAssertEqual(
            found["placemarks"]?.arrayValue?.first,
            [
                "location": ["latitude": 52.5162746, "longitude": 13.3777041], "name": "Brandenburger Tor", "thoroughfare": "Pariser Platz",
                "subThoroughfare": "1", "locality": "Berlin", "subLocality": "Mitte", "administrativeArea": "Berlin", "postalCode": "10117",
                "country": "Deutschland", "isoCountryCode": "DE",
            ])
        let reversed = try XCTUnwrap(try call("reverseGeocode", ["latitude": 37.335, "longitude": -122.01]).result)
        XCTAssertEqual(reversed["placemarks"]?.arrayValue?.first?["locality"], "Cupertino")
        XCTAssertTrue(
            geocoder.requests.contains { $0.hasPrefix("/search ") && $0.contains(#""q": "Pariser Platz 1, Berlin""#) }, "\(geocoder.requests)")

        let none = try XCTUnwrap(try call("geocode", ["address": "Atlantis"]).error)
        XCTAssertEqual(none["code"], -32014)
        XCTAssertEqual(none["data"]?["reason"], "geocodeFoundNoResult")
        let nothingThere = try XCTUnwrap(try call("reverseGeocode", ["latitude": 0, "longitude": 0]).error)
        XCTAssertEqual(nothingThere["data"]?["reason"], "geocodeFoundNoResult")
        let broken = try XCTUnwrap(try call("geocode", ["address": "broken"]).error)
        XCTAssertEqual(broken["data"]?["reason"], "network")
        XCTAssertTrue(broken["message"]?.stringValue?.contains("not Nominatim's") ?? false, "\(broken)")

        XCTAssertEqual(try remindersd(["geocoder", "--none"]).status, 0)
        XCTAssertEqual(try remindersd(["geocoder"]).stdout, "")
    }

    func testWithoutAGeocoderThePlacesOfTheStoreAnswerForThoseWhoMayReadThem() throws {
        XCTAssertEqual(try remindersd(["permissions", "set", "--any-program", "maps", "fullAccess"]).status, 0)
        let place: JSONValue = ["title": "Home", "geoLocation": ["latitude": 52.52, "longitude": 13.405], "radius": 100]
        XCTAssertNotNil(
            try call("saveReminder", ["reminder": ["title": "Water the plants", "alarms": [["structuredLocation": place, "proximity": "enter"]]]])
                .result)
        let found = try XCTUnwrap(try call("geocode", ["address": "home"]).result)
        XCTAssertEqual(found["placemarks"], [["location": ["latitude": 52.52, "longitude": 13.405], "name": "Home"]])
        let stranger = try XCTUnwrap(try call("geocode", ["address": "home"], client: "stranger").error, "a client without access")
        XCTAssertEqual(stranger["code"], -32014)
        XCTAssertEqual(stranger["data"]?["reason"], "network", "no geocoder could be asked")
        XCTAssertTrue(stranger["message"]?.stringValue?.contains("remindersd geocoder URL") ?? false, "\(stranger)")
    }

    func testAnUnreachableGeocoderAndBadInput() throws {
        XCTAssertEqual(try remindersd(["geocoder", "http://127.0.0.1:9/"]).status, 0)
        let unreachable = try XCTUnwrap(try call("geocode", ["address": "Berlin"]).error)
        XCTAssertEqual(unreachable["data"]?["reason"], "network")
        XCTAssertTrue(unreachable["message"]?.stringValue?.contains("cannot be reached") ?? false, "\(unreachable)")
        XCTAssertEqual(try call("geocode", ["address": ""]).error?["code"], -32602)
        XCTAssertEqual(try call("reverseGeocode", ["latitude": 91, "longitude": 0]).error?["data"]?["field"], "latitude")
        for bad in ["ftp://example.com/", "http://user:pw@example.com/", "not a url"] {
            XCTAssertEqual(try remindersd(["geocoder", bad]).status, 2, bad)
        }
        XCTAssertEqual(try remindersd(["geocoder"]).stdout, "http://127.0.0.1:9/\n", "a refused URL changes nothing")
    }
}
