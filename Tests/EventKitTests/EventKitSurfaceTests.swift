import CoreLocation
import EventKit
import Foundation
import TestSupport
import XCTest

/// Apple's EventKit and Core Location API that published programs reach, each as Apple documents
/// it: the signature (this file compiles only if it is there) and what it answers here.
final class EventKitSurfaceTests: XCTestCase {
    let folder = TemporaryFolder()

    override func setUp() { EventKitTests.prepare(client: "eventkit-surface", store: folder.store) }

    func testSourcesByIdentifierAndNoDelegateSources() {
        let store = EKEventStore()
        let local = store.sources.first { $0.sourceType == .local }
        XCTAssertNotNil(local)
        XCTAssertEqual(store.source(withIdentifier: local?.sourceIdentifier ?? "")?.title, local?.title)
        XCTAssertNil(store.source(withIdentifier: "no-such-source"))
        XCTAssertEqual(store.delegateSources.count, 0, "no delegated accounts, as on a Mac without any")
    }

    @available(*, deprecated)
    func testRequestAccessToAnEntityTypeAwaited() async throws {
        let store = EKEventStore()
        let granted = try await store.requestAccess(to: .reminder)
        XCTAssertTrue(granted, "the owner granted it")
    }

    func testCoreLocationCoordinatesAndLocationsAsApplesAre() {
        let coordinate = CLLocationCoordinate2DMake(52.52, 13.405)
        XCTAssertEqual(coordinate, CLLocationCoordinate2D(latitude: 52.52, longitude: 13.405))
        let when = Date(timeIntervalSince1970: 1_800_000_000)
        let full = CLLocation(coordinate: coordinate, altitude: 34, horizontalAccuracy: 5, verticalAccuracy: 3, timestamp: when)
        XCTAssertEqual([full.altitude, full.horizontalAccuracy, full.verticalAccuracy], [34, 5, 3])
        XCTAssertEqual(full.timestamp, when)
        let plain = CLLocation(latitude: 52.52, longitude: 13.405)
        XCTAssertEqual(plain.verticalAccuracy, -1, "a location made from a coordinate alone has no known altitude")
        XCTAssertEqual(plain.distance(from: full), 0, accuracy: 0.001)
    }

    func testEventCalendarsSayWhichAvailabilitiesTheyTakeAndEventsHaveNoBirthdayContact() throws {
        let store = EKEventStore()
        let events = try XCTUnwrap(store.defaultCalendarForNewEvents)
        XCTAssertEqual(events.supportedEventAvailabilities, [.busy, .free, .tentative, .unavailable])
        XCTAssertEqual(store.defaultCalendarForNewReminders()?.supportedEventAvailabilities, [])
        let event = EKEvent(eventStore: store)
        XCTAssertNil(event.birthdayContactIdentifier)
        event.title = "Dentist"
        event.startDate = Date(timeIntervalSince1970: 1_800_000_000)
        event.endDate = event.startDate.addingTimeInterval(3600)
        event.calendar = events
        try store.save(event, span: .thisEvent, commit: true)
        var seen: [String] = []
        let collect: EKEventSearchCallback = { event, stop in
            seen.append(event.title)
            stop.pointee = true
        }
        let predicate = store.predicateForEvents(
            withStart: event.startDate.addingTimeInterval(-60), end: event.endDate.addingTimeInterval(60), calendars: nil)
        store.enumerateEvents(matching: predicate, using: collect)
        XCTAssertEqual(seen, ["Dentist"])
    }

    func testACalendarsColourAsCGColorBothWays() throws {
        let store = EKEventStore()
        let calendar = EKCalendar(for: .event, eventStore: store)
        calendar.title = "Work"
        calendar.cgColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        XCTAssertEqual(calendar.colorHex, "#FF8000")
        try store.saveCalendar(calendar, commit: true)
        let again = try XCTUnwrap(EKEventStore().calendar(withIdentifier: calendar.calendarIdentifier))
        let components = try XCTUnwrap(again.cgColor.components)
        XCTAssertEqual(again.cgColor.numberOfComponents, 4)
        XCTAssertEqual(components[0], 1, accuracy: 0.001)
        XCTAssertEqual(components[1], 128.0 / 255, accuracy: 0.001)
        XCTAssertEqual(components[2], 0, accuracy: 0.001)
        XCTAssertEqual(again.cgColor.alpha, 1)
        calendar.cgColor = CGColor(gray: 0.2, alpha: 1)
        XCTAssertEqual(calendar.colorHex, "#333333", "a grey is its three equal components")
    }
}
