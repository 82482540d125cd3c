import CoreLocation
import EventKit
import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// The EventKit library against the real binary: errors as EventKit's codes, staging, snapshots,
/// change notifications from another process, and a server that dies mid-call.
final class EventKitTests: XCTestCase {
    let folder = TemporaryFolder()
    /// Found before any test points REMINDERSD_BIN elsewhere.
    static let binary = RemindersdProcess.binaryPath

    override func setUp() { Self.prepare(client: "eventkit-tests", store: folder.store) }

    /// Every `EKEventStore()` of the test starts the binary under test on `store`, as `client`,
    /// which the owner granted full access to reminders and events.
    static func prepare(client: String, store: String) {
        RemindersdProcess.ignoreBrokenPipes()
        setenv("REMINDERSD_BIN", binary, 1)
        setenv("REMINDERSD_STORE", store, 1)
        setenv("REMINDERSD_CLIENT", client, 1)
        for entity in ["reminder", "event"] {
            XCTAssertEqual(
                try RemindersdProcess.run(["permissions", "set", "--any-program", client, "fullAccess", "--entity", entity, "--store", store]).status,
                0)
        }
    }

    /// `text` imported into the calendar `calendarIdentifier` by a one-shot `remindersd call`, as
    /// another program of the owner's (a sync, an import) puts what other clients wrote.
    static func importICalendar(_ text: String, into calendarIdentifier: String, store: String, client: String) throws {
        let params: JSONValue = ["text": .string(text), "calendarIdentifier": .string(calendarIdentifier)]
        let imported = try RemindersdProcess.run(["call", "importICalendar", params.serialized, "--store", store, "--client", client])
        XCTAssertEqual(imported.status, 0, imported.stderr)
    }

    private func reminder(_ title: String, in store: EKEventStore) -> EKReminder {
        let reminder = EKReminder(eventStore: store)
        reminder.title = title
        reminder.calendar = store.defaultCalendarForNewReminders()
        return reminder
    }

    private func titles(_ store: EKEventStore) -> [String] {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var found: [String] = []
        store.fetchReminders(matching: store.predicateForReminders(in: nil)) { reminders in
            found = (reminders ?? []).map { $0.title }.sorted()
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        return found
    }

    func testTheStoresRulesArriveAsEKErrorCodes() throws {
        let store = EKEventStore()
        XCTAssertEqual(EKEventStore.authorizationStatus(for: .reminder), .fullAccess)
        let wrong = reminder("Too important", in: store)
        wrong.priority = 12
        XCTAssertThrowsError(try store.save(wrong, commit: true)) { XCTAssertEqual(($0 as? EKError)?.code, .priorityIsInvalid, "\($0)") }
        let recurring = reminder("Every day", in: store)
        recurring.addRecurrenceRule(EKRecurrenceRule(recurrenceWith: .daily, interval: 1, end: nil))
        XCTAssertThrowsError(try store.save(recurring, commit: true)) { XCTAssertEqual(($0 as? EKError)?.code, .recurringReminderRequiresDueDate) }
        let nowhere = EKReminder(eventStore: store)
        nowhere.title = "No list"
        XCTAssertThrowsError(try store.save(nowhere, commit: true)) { error in
            guard case EKError.noCalendar = error else { return XCTFail("\(error)") }
        }
        let event = EKEvent(eventStore: store)
        event.title = "Inverted"
        event.startDate = Date(timeIntervalSince1970: 1_800_000_000)
        event.endDate = Date(timeIntervalSince1970: 1_799_990_000)
        event.calendar = store.defaultCalendarForNewEvents
        XCTAssertThrowsError(try store.save(event, span: .thisEvent)) { error in
            XCTAssertEqual((error as? EKError)?.code, .datesInverted)
            // What a Mac prints, and the store's detail behind it.
            XCTAssertEqual(error.localizedDescription, "The start date must be before the end date.")
            XCTAssertEqual((error as NSError).localizedFailureReason?.contains("endDate"), true, "\(error)")
        }
        XCTAssertEqual(titles(store), [], "nothing was written")
    }

    func testStagedChangesAreCommittedOrForgotten() throws {
        let store = EKEventStore()
        let staged = reminder("Staged", in: store)
        try store.save(staged, commit: false)
        XCTAssertFalse(staged.calendarItemIdentifier.isEmpty, "the identifier it will keep")
        XCTAssertEqual(titles(store), [], "fetches give committed reminders only")
        XCTAssertEqual((store.calendarItem(withIdentifier: staged.calendarItemIdentifier) as? EKReminder)?.title, "Staged")
        try store.commit()
        XCTAssertEqual(titles(store), ["Staged"])
        try store.save(reminder("Forgotten", in: store), commit: false)
        store.reset()
        try store.commit()
        XCTAssertEqual(titles(store), ["Staged"])
    }

    /// Calendars made, found and removed; items by their sync identifier; a fetch cancelled
    /// before it answers never calls back.
    func testCalendarsExternalIdentifiersAndCancelledFetches() throws {
        let store = EKEventStore()
        let errands = EKCalendar(for: .reminder, eventStore: store)
        errands.title = "Errands"
        errands.colorHex = "#FF9500"
        try store.saveCalendar(errands, commit: true)
        XCTAssertFalse(errands.calendarIdentifier.isEmpty)
        XCTAssertEqual(store.calendar(withIdentifier: errands.calendarIdentifier)?.title, "Errands")
        XCTAssertTrue(store.calendars(for: .reminder).contains { $0.title == "Errands" && $0.colorHex == "#FF9500" })
        XCTAssertFalse(store.calendars(for: .event).contains { $0.title == "Errands" }, "a calendar holds one kind")
        XCTAssertEqual(store.sources.map(\.sourceType), [.local])

        let parcel = reminder("Parcel", in: store)
        parcel.calendar = errands
        try store.save(parcel, commit: true)
        let found = store.calendarItems(withExternalIdentifier: parcel.calendarItemExternalIdentifier)
        XCTAssertEqual(found.map(\.calendarItemIdentifier), [parcel.calendarItemIdentifier])

        nonisolated(unsafe) var calledBack = false
        let token = store.fetchReminders(matching: store.predicateForReminders(in: [errands])) { _ in calledBack = true }
        store.cancelFetchRequest(token)
        Thread.sleep(forTimeInterval: 1)
        XCTAssertFalse(calledBack, "a cancelled fetch never calls back")

        try store.removeCalendar(errands, commit: true)
        XCTAssertNil(store.calendar(withIdentifier: errands.calendarIdentifier))
        XCTAssertNil(store.calendarItem(withIdentifier: parcel.calendarItemIdentifier), "its reminders went with it")
        XCTAssertEqual(EKEventStore().eventStoreIdentifier, store.eventStoreIdentifier, "the same store, the same name")
    }

    /// A fetch is a snapshot; `refresh()` reads it again and says whether it is still there.
    func testSnapshotsAndRefresh() throws {
        let store = EKEventStore(), other = EKEventStore()
        let mine = reminder("Mine", in: store)
        mine.dueDateComponents = DateComponents(year: 2027, month: 3, day: 1, hour: 9, minute: 30)
        mine.addAlarm(EKAlarm(relativeOffset: -600))
        try store.save(mine, commit: true)
        let theirs = try XCTUnwrap(other.calendarItem(withIdentifier: mine.calendarItemIdentifier) as? EKReminder)
        XCTAssertEqual(theirs.dueDateComponents?.hour, 9)
        XCTAssertEqual(theirs.alarms?.first?.relativeOffset, -600)
        XCTAssertFalse(theirs.hasChanges)
        theirs.title = "Renamed elsewhere"
        theirs.isCompleted = true
        XCTAssertTrue(theirs.hasChanges)
        try other.save(theirs, commit: true)
        XCTAssertNotNil(theirs.completionDate)
        XCTAssertEqual(mine.title, "Mine", "a snapshot until refreshed")
        XCTAssertTrue(mine.refresh())
        XCTAssertEqual(mine.title, "Renamed elsewhere")
        XCTAssertTrue(mine.isCompleted)
        try other.remove(theirs, commit: true)
        XCTAssertFalse(mine.refresh(), "gone from the store")
    }

    /// A fetch's reminders are read when first looked at, from the answer the fetch got: what
    /// changed in the store after the fetch does not show (a snapshot still), every member reads
    /// as the store had it, and a change made before any member was read sends that change alone.
    func testFetchedRemindersAreSnapshotsReadWhenFirstLookedAt() throws {
        let store = EKEventStore(), other = EKEventStore()
        let saved = reminder("Tea", in: store)
        saved.notes = "green, \"sencha\" ✓"
        saved.priority = 1
        saved.dueDateComponents = DateComponents(year: 2027, month: 1, day: 2, hour: 8, minute: 15)
        saved.addAlarm(EKAlarm(relativeOffset: -300))
        saved.tags = ["home"]
        try store.save(saved, commit: true)
        try store.save(reminder("Coffee", in: store), commit: true)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var fetched: [EKReminder] = []
        store.fetchReminders(matching: store.predicateForReminders(in: nil)) {
            fetched = $0 ?? []; done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        let tea = try XCTUnwrap(fetched.first { $0.calendarItemIdentifier == saved.calendarItemIdentifier })
        let theirs = try XCTUnwrap(other.calendarItem(withIdentifier: saved.calendarItemIdentifier) as? EKReminder)
        theirs.notes = "changed after the fetch"
        try other.save(theirs, commit: true)
        XCTAssertEqual(tea.notes, "green, \"sencha\" ✓", "what the fetch got")
        XCTAssertEqual([tea.title, tea.calendar?.calendarIdentifier], ["Tea", saved.calendar.calendarIdentifier])
        XCTAssertEqual(tea.priority, 1)
        XCTAssertEqual(tea.dueDateComponents?.minute, 15)
        XCTAssertEqual(tea.alarms?.map(\.relativeOffset), [-300])
        XCTAssertEqual(tea.tags, ["home"])
        XCTAssertFalse(tea.hasChanges)
        // Another reminder of the same answer, changed before anything of it was read.
        let coffee = try XCTUnwrap(fetched.first { $0 !== tea })
        coffee.isCompleted = true
        try store.save(coffee, commit: true)
        let stored = try XCTUnwrap(other.calendarItem(withIdentifier: coffee.calendarItemIdentifier) as? EKReminder)
        XCTAssertEqual([stored.title, String(stored.isCompleted)], ["Coffee", "true"], "the change alone was sent")
    }

    func testAnotherProcessesChangeIsPostedOnTheMainQueueWithinASecond() throws {
        let store = EKEventStore()
        _ = store.calendars(for: .reminder)
        let posted = expectation(description: "EKEventStoreChanged")
        let started = Date()
        nonisolated(unsafe) var onMain = false
        let token = NotificationCenter.default.addObserver(forName: .EKEventStoreChanged, object: store, queue: .main) { _ in
            onMain = Thread.isMainThread
            posted.fulfill()
        }
        defer { NotificationCenter.default.removeObserver(token) }
        XCTAssertEqual(
            try RemindersdProcess.run([
                "call", "saveReminder", #"{"reminder":{"title":"From elsewhere"}}"#, "--store", folder.store,
                "--client", "eventkit-tests",
            ]).status, 0)
        wait(for: [posted], timeout: 5)
        XCTAssertTrue(onMain)
        XCTAssertLessThan(Date().timeIntervalSince(started), 1.5, "heard within about a second")
    }

    /// A server that dies mid-session: every call after it fails with an error, none hangs.
    func testTheServerDyingGivesErrorsNeverAHang() throws {
        // (Its input kept on fd 3 first: a background command's is /dev/null otherwise.)
        let dying = folder.script(
            "dying-remindersd",
            """
            exec 3<&0
            "\(Self.binary)" "$@" <&3 3<&- &
            server=$!
            sleep 1
            kill -9 $server
            """)
        setenv("REMINDERSD_BIN", dying, 1)
        let store = EKEventStore()
        XCTAssertFalse(store.calendars(for: .reminder).isEmpty, "it works while it lives")
        let late = reminder("After the end", in: store)
        usleep(1_500_000)
        let started = Date()
        XCTAssertThrowsError(try store.save(late, commit: true)) { error in
            XCTAssertEqual((error as? EKError)?.code, .internalFailure, "\(error)")
        }
        XCTAssertEqual(store.calendars(for: .reminder), [])
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        setenv("REMINDERSD_BIN", "/nonexistent/remindersd", 1)
        let missing = EKEventStore()
        XCTAssertThrowsError(try missing.commit()) { XCTAssertEqual(($0 as? EKError)?.code, .internalFailure) }
    }

    func testEventsWithRulesSpansAndPlaces() throws {
        let store = EKEventStore()
        let event = EKEvent(eventStore: store)
        event.title = "Standup"
        event.startDate = Date(timeIntervalSince1970: 1_800_000_000)
        event.endDate = event.startDate.addingTimeInterval(900)
        event.calendar = store.defaultCalendarForNewEvents
        let place = EKStructuredLocation(title: "Office")
        place.geoLocation = CLLocation(latitude: 52.52, longitude: 13.405)
        event.structuredLocation = place
        event.addRecurrenceRule(EKRecurrenceRule(recurrenceWith: .daily, interval: 1, end: EKRecurrenceEnd(occurrenceCount: 5)))
        try store.save(event, span: .thisEvent)
        let week = store.predicateForEvents(
            withStart: event.startDate.addingTimeInterval(-3600), end: event.startDate.addingTimeInterval(7 * 86_400), calendars: nil)
        var occurrences = store.events(matching: week)
        XCTAssertEqual(occurrences.count, 5)
        XCTAssertEqual(occurrences.first?.structuredLocation?.geoLocation?.coordinate.latitude, 52.52)
        occurrences[2].title = "Standup (moved)"
        try store.save(occurrences[2], span: .thisEvent)
        try store.remove(occurrences[4], span: .thisEvent)
        occurrences = store.events(matching: week)
        XCTAssertEqual(occurrences.map { $0.title! }, ["Standup", "Standup", "Standup (moved)", "Standup"])
        XCTAssertTrue(occurrences[2].isDetached)
        var seen = 0
        store.enumerateEvents(matching: week) { _, stop in
            seen += 1
            if seen == 2 { stop.pointee = true }
        }
        XCTAssertEqual(seen, 2)
        XCTAssertEqual(store.event(withIdentifier: event.eventIdentifier)?.title, "Standup")
    }
}
