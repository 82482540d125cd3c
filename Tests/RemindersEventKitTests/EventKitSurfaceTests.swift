import CoreLocation
import EventKit
import Foundation
import RemindersTestSupport
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

    func testAStoreOfChosenSourcesHoldsTheirCalendarsOnly() throws {
        let everything = EKEventStore()
        let local = try XCTUnwrap(everything.sources.first { $0.sourceType == .local })
        let reminder = EKReminder(eventStore: everything)
        reminder.title = "Local"
        reminder.calendar = everything.defaultCalendarForNewReminders()
        try everything.save(reminder, commit: true)

        let mine = EKEventStore(sources: [local])
        XCTAssertEqual(mine.calendars(for: .reminder).count, everything.calendars(for: .reminder).count)
        XCTAssertEqual(mine.sources.map(\.sourceIdentifier), [local.sourceIdentifier])
        let none = EKEventStore(sources: [])
        XCTAssertEqual(none.calendars(for: .reminder), [])
        XCTAssertEqual(none.sources, [])
        XCTAssertNil(none.defaultCalendarForNewReminders())
        let fetched = expectation(description: "fetched")
        _ = none.fetchReminders(matching: none.predicateForReminders(in: nil)) { reminders in
            XCTAssertEqual(reminders?.count, 0, "nil calendars: the store's sources' only")
            fetched.fulfill()
        }
        wait(for: [fetched], timeout: 10)
    }

    @available(*, deprecated)
    func testAMacsAlarmKindsSayTheirTypeAndEmailIsRefusedAsOnIOS() throws {
        let store = EKEventStore()
        let alarm = EKAlarm(relativeOffset: -600)
        XCTAssertEqual(alarm.type, .display)
        alarm.soundName = "Basso"
        XCTAssertEqual(alarm.type, .audio)
        let mail = EKAlarm(relativeOffset: -600)
        mail.emailAddress = "me@example.com"
        XCTAssertEqual(mail.type, .email)
        let reminder = EKReminder(eventStore: store)
        reminder.title = "Mailed"
        reminder.calendar = store.defaultCalendarForNewReminders()
        reminder.dueDateComponents = DateComponents(year: 2027, month: 1, day: 4, hour: 9)
        reminder.addAlarm(mail)
        XCTAssertThrowsError(try store.save(reminder, commit: true)) { error in
            XCTAssertEqual((error as? EKError)?.code, .reminderAlarmContainsEmailOrUrl)
        }
        reminder.alarms = [alarm]
        try store.save(reminder, commit: true)
        let saved = store.calendarItem(withIdentifier: reminder.calendarItemIdentifier)
        XCTAssertEqual(saved?.alarms?.map(\.type), [.display], "the sound is the desktop's: not kept")
    }

    /// Apple's `event(withIdentifier:)` answers the first occurrence by its place in the series,
    /// detached or not: removing it with `futureEvents` removes the whole series.
    func testTheFirstOccurrenceIsFoundWhenItWasDetached() throws {
        let store = EKEventStore()
        let event = EKEvent(eventStore: store)
        event.title = "Weekly"
        event.startDate = Date(timeIntervalSince1970: 1_799_053_200)  // 2027-01-04 09:00 UTC
        event.endDate = event.startDate.addingTimeInterval(3600)
        event.timeZone = TimeZone(identifier: "UTC")
        event.calendar = store.defaultCalendarForNewEvents
        event.addRecurrenceRule(EKRecurrenceRule(recurrenceWith: .weekly, interval: 1, end: EKRecurrenceEnd(occurrenceCount: 4)))
        try store.save(event, span: .futureEvents, commit: true)
        let identifier = try XCTUnwrap(event.eventIdentifier)
        let range = store.predicateForEvents(
            withStart: event.startDate.addingTimeInterval(-86_400), end: event.startDate.addingTimeInterval(40 * 86_400), calendars: nil)
        let first = try XCTUnwrap(store.events(matching: range).first)
        first.title = "Weekly (moved to 11:00)"
        first.startDate = first.startDate.addingTimeInterval(7200)
        first.endDate = first.endDate.addingTimeInterval(7200)
        try store.save(first, span: .thisEvent, commit: true)

        let found = try XCTUnwrap(store.event(withIdentifier: identifier))
        XCTAssertTrue(found.isDetached)
        XCTAssertEqual(found.title, "Weekly (moved to 11:00)")
        XCTAssertEqual(found.occurrenceDate, event.startDate, "where it was meant to be")
        try store.remove(found, span: .futureEvents, commit: true)
        XCTAssertEqual(store.events(matching: range).map(\.title), [], "the whole series, as on Apple's")
        XCTAssertNil(store.event(withIdentifier: identifier))
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
