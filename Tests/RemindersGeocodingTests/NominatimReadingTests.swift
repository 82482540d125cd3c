import RemindersModel
import XCTest
@testable import RemindersGeocoding

/// Nominatim's answers as placemarks: a search's array, a reverse lookup's object, its "nothing
/// here" error, and what is not its JSON.
final class NominatimReadingTests: XCTestCase {
    func testASearchAnswerWithAddressDetails() throws {
        let body = """
            [{"place_id":1,"lat":"52.5162746","lon":"13.3777041","name":"Brandenburger Tor",
              "display_name":"Brandenburger Tor, Pariser Platz, Mitte, Berlin, 10117, Deutschland",
              "address":{"road":"Pariser Platz","house_number":"1","suburb":"Mitte","city":"Berlin","state":"Berlin",
                         "postcode":"10117","country":"Deutschland","country_code":"de"}},
             {"lat":"47.0","lon":"8.0","display_name":"Dorf, Kanton","address":{"village":"Dorf","county":"Bezirk"}}]
            """
        let placemarks = try XCTUnwrap(NominatimReading.placemarks(Array(body.utf8)))
        XCTAssertEqual(placemarks.count, 2)
        XCTAssertEqual(placemarks[0].location, GeoLocation(latitude: 52.5162746, longitude: 13.3777041))
        XCTAssertEqual(placemarks[0].name, "Brandenburger Tor")
        XCTAssertEqual(placemarks[0].thoroughfare, "Pariser Platz")
        XCTAssertEqual(placemarks[0].subThoroughfare, "1")
        XCTAssertEqual(placemarks[0].locality, "Berlin")
        XCTAssertEqual(placemarks[0].subLocality, "Mitte")
        XCTAssertEqual(placemarks[0].postalCode, "10117")
        XCTAssertEqual(placemarks[0].isoCountryCode, "DE")
        XCTAssertEqual(placemarks[1].name, "Dorf", "no name: the first part of display_name")
        XCTAssertEqual(placemarks[1].locality, "Dorf", "a village is the locality where there is no city")
        XCTAssertEqual(placemarks[1].subAdministrativeArea, "Bezirk")
    }

    func testAReverseAnswerAndNothingThere() throws {
        let one = #"{"lat":52.52,"lon":13.405,"display_name":"Alexanderplatz, Berlin","address":{"town":"Berlin"}}"#
        XCTAssertEqual(NominatimReading.placemarks(Array(one.utf8))?.map(\.locality), ["Berlin"], "numbers as well as strings")
        XCTAssertEqual(NominatimReading.placemarks(Array(#"{"error":"Unable to geocode"}"#.utf8)), [])
        XCTAssertEqual(NominatimReading.placemarks(Array("[]".utf8)), [])
    }

    func testWhatIsNotAGeocodersAnswer() {
        XCTAssertNil(NominatimReading.placemarks(Array("<html>".utf8)))
        XCTAssertNil(NominatimReading.placemarks(Array("42".utf8)))
        XCTAssertEqual(NominatimReading.placemarks(Array(#"[{"lat":"95","lon":"0"},{"lat":"x"}]"#.utf8)), [], "out of range, not a number")
    }
}
