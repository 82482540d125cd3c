import CoreLocation
import EventKit
import Foundation
import RemindersTestSupport
import XCTest

/// CLGeocoder as a Mac program uses it: an address to a placemark with a location (for a "when I
/// arrive at …" reminder), a location to an address, and Core Location's errors offline, when
/// nothing matches and when cancelled.
final class CLGeocoderTests: XCTestCase {
    let folder = TemporaryFolder()

    override func setUp() { EventKitTests.prepare(client: "geocoding", store: folder.store) }

    private func useGeocoder(_ url: String) throws {
        XCTAssertEqual(try RemindersdProcess.run(["geocoder", url, "--store", folder.store]).status, 0)
    }

    func testAnAddressBecomesALocationReminder() async throws {
        let geocoder = try LocalGeocoder()
        try useGeocoder(geocoder.url)
        let placemarks = try await CLGeocoder().geocodeAddressString("Pariser Platz 1, Berlin")
        let place = try XCTUnwrap(placemarks.first)
        XCTAssertEqual(place.name, "Brandenburger Tor")
        XCTAssertEqual(place.locality, "Berlin")
        XCTAssertEqual(place.isoCountryCode, "DE")
        let location = try XCTUnwrap(place.location)
        XCTAssertEqual(location.coordinate.latitude, 52.5162746, accuracy: 1e-7)

        // What published programs then do with it.
        let store = EKEventStore()
        let reminder = EKReminder(eventStore: store)
        reminder.title = "Meet Ana"
        reminder.calendar = store.defaultCalendarForNewReminders()
        let structured = EKStructuredLocation(title: place.name ?? "")
        structured.geoLocation = location
        structured.radius = 150
        let alarm = EKAlarm()
        alarm.structuredLocation = structured
        alarm.proximity = .enter
        reminder.addAlarm(alarm)
        try store.save(reminder, commit: true)
        let saved = store.calendarItem(withIdentifier: reminder.calendarItemIdentifier) as? EKReminder
        XCTAssertEqual(saved?.alarms?.first?.structuredLocation?.geoLocation?.coordinate.longitude ?? 0, 13.3777041, accuracy: 1e-7)

        // Offline now (no geocoder): the store's own place answers by its title.
        try useGeocoder("http://127.0.0.1:9/")
        let remembered = try await CLGeocoder().geocodeAddressString("brandenburger")
        XCTAssertEqual(remembered.map(\.name), ["Brandenburger Tor"])
    }

    func testALocationBecomesAnAddressOnTheMainQueue() throws {
        let geocoder = try LocalGeocoder()
        try useGeocoder(geocoder.url)
        let heard = expectation(description: "completion")
        CLGeocoder().reverseGeocodeLocation(CLLocation(latitude: 37.335, longitude: -122.01)) { placemarks, error in
            XCTAssertTrue(Thread.isMainThread, "as Apple's, on the main queue")
            XCTAssertNil(error)
            XCTAssertEqual(placemarks?.first?.locality, "Cupertino")
            XCTAssertEqual(placemarks?.first?.postalCode, "95014")
            heard.fulfill()
        }
        wait(for: [heard], timeout: 30)
    }

    func testCoreLocationsErrors() async throws {
        do {
            _ = try await CLGeocoder().geocodeAddressString("Pariser Platz 1, Berlin")
            XCTFail("no geocoder, no place in the store")
        } catch CLError.network {
            // Apple's offline error.
        }
        let geocoder = try LocalGeocoder()
        try useGeocoder(geocoder.url)
        do {
            _ = try await CLGeocoder().geocodeAddressString("Atlantis")
            XCTFail("nothing is called that")
        } catch let error as CLError {
            XCTAssertEqual(error.code, .geocodeFoundNoResult)
            XCTAssertEqual((error as NSError).domain, kCLErrorDomain)
            XCTAssertEqual((error as NSError).code, 8)
        }

        let slow = CLGeocoder()
        let heard = expectation(description: "cancelled")
        slow.geocodeAddressString("slow") { placemarks, error in
            XCTAssertNil(placemarks)
            XCTAssertEqual((error as? CLError)?.code, .geocodeCanceled)
            heard.fulfill()
        }
        for _ in 0..<200 where !geocoder.requests.contains(where: { $0.contains(#""q": "slow""#) }) { usleep(20_000) }
        XCTAssertTrue(slow.isGeocoding)
        slow.cancelGeocode()
        await fulfillment(of: [heard], timeout: 20)
        XCTAssertFalse(slow.isGeocoding)
    }
}
