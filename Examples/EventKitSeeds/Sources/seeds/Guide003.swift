// The code of ../shared/seeds/003 (a modern, iOS 17 EventKit implementation guide), unchanged:
// each snippet of the guide is the body of one method below (the guide writes them against a
// property `eventStore` and, for the event snippets, an `event` at hand). Only what the guide
// leaves to its app (UIKit screens, EventKitUI) is not here.
import CoreLocation
import EventKit
import Foundation

final class EventKitGuide {
    // "Create a single EKEventStore instance and reuse it."
    let eventStore = EKEventStore()
    var refreshed = 0

    // MARK: Full Access to Events / Reminders, Write-Only Access

    func requestAccess() async throws -> (events: Bool, reminders: Bool) {
        let events = try await eventStore.requestFullAccessToEvents()
        let reminders = try await eventStore.requestFullAccessToReminders()
        return (events, reminders)
    }

    // MARK: Checking Authorization Status

    func status() -> String {
        switch EKEventStore.authorizationStatus(for: .event) {
        case .notDetermined: return "notDetermined"
        case .fullAccess: return "fullAccess"
        case .writeOnly: return "writeOnly"
        case .restricted: return "restricted"
        case .denied: return "denied"
        @unknown default: return "unknown"
        }
    }

    // MARK: Creating Events

    func createEvent(
        title: String,
        startDate: Date,
        endDate: Date,
        calendar: EKCalendar? = nil
    ) throws {
        let event = EKEvent(eventStore: eventStore)
        event.title = title
        event.startDate = startDate
        event.endDate = endDate
        event.calendar = calendar ?? eventStore.defaultCalendarForNewEvents

        try eventStore.save(event, span: .thisEvent)
    }

    // MARK: Setting a Specific Calendar

    func setSpecificCalendar(_ event: EKEvent) {
        // List writable calendars
        let calendars = eventStore.calendars(for: .event)
            .filter { $0.allowsContentModifications }

        // Use the first writable calendar, or the default
        let targetCalendar = calendars.first ?? eventStore.defaultCalendarForNewEvents
        event.calendar = targetCalendar
    }

    // MARK: Adding Structured Location

    func addStructuredLocation(_ event: EKEvent) {
        let location = EKStructuredLocation(title: "Apple Park")
        location.geoLocation = CLLocation(latitude: 37.3349, longitude: -122.0090)
        event.structuredLocation = location
    }

    // MARK: Fetching Events

    func fetchEvents(from start: Date, to end: Date) -> [EKEvent] {
        let predicate = eventStore.predicateForEvents(
            withStart: start,
            end: end,
            calendars: nil  // nil = all calendars
        )
        return eventStore.events(matching: predicate)
            .sorted { $0.startDate < $1.startDate }
    }

    // MARK: Fetching a Single Event by Identifier

    func printEvent(savedEventID: String) {
        if let event = eventStore.event(withIdentifier: savedEventID) {
            print(event.title ?? "No title")
        }
    }

    // MARK: Creating a Reminder

    func createReminder(title: String, dueDate: Date) throws {
        let reminder = EKReminder(eventStore: eventStore)
        reminder.title = title
        reminder.calendar = eventStore.defaultCalendarForNewReminders()

        let dueDateComponents = Calendar.current.dateComponents(
            [.year, .month, .day, .hour, .minute],
            from: dueDate
        )
        reminder.dueDateComponents = dueDateComponents

        try eventStore.save(reminder, commit: true)
    }

    // MARK: Fetching Reminders

    func fetchIncompleteReminders() async -> [EKReminder] {
        let predicate = eventStore.predicateForIncompleteReminders(
            withDueDateStarting: nil,
            ending: nil,
            calendars: nil
        )

        return await withCheckedContinuation { continuation in
            eventStore.fetchReminders(matching: predicate) { reminders in
                continuation.resume(returning: reminders ?? [])
            }
        }
    }

    // MARK: Completing a Reminder

    func completeReminder(_ reminder: EKReminder) throws {
        reminder.isCompleted = true
        try eventStore.save(reminder, commit: true)
    }

    // MARK: Recurrence Rules

    func simpleRecurrence(_ event: EKEvent, endDate: Date) -> [EKRecurrenceRule] {
        // Every week, indefinitely
        let weeklyRule = EKRecurrenceRule(
            recurrenceWith: .weekly,
            interval: 1,
            end: nil
        )
        event.addRecurrenceRule(weeklyRule)

        // Every 2 weeks, ending after 10 occurrences
        let biweeklyRule = EKRecurrenceRule(
            recurrenceWith: .weekly,
            interval: 2,
            end: EKRecurrenceEnd(occurrenceCount: 10)
        )

        // Monthly, ending on a specific date
        let monthlyRule = EKRecurrenceRule(
            recurrenceWith: .monthly,
            interval: 1,
            end: EKRecurrenceEnd(end: endDate)
        )
        return [weeklyRule, biweeklyRule, monthlyRule]
    }

    func complexRecurrence(_ event: EKEvent) {
        // Every Monday and Wednesday
        let days = [
            EKRecurrenceDayOfWeek(.monday),
            EKRecurrenceDayOfWeek(.wednesday),
        ]

        let complexRule = EKRecurrenceRule(
            recurrenceWith: .weekly,
            interval: 1,
            daysOfTheWeek: days,
            daysOfTheMonth: nil,
            monthsOfTheYear: nil,
            weeksOfTheYear: nil,
            daysOfTheYear: nil,
            setPositions: nil,
            end: nil
        )
        event.addRecurrenceRule(complexRule)
    }

    // MARK: Editing Recurring Events

    func changeOnlyThisOccurrence(_ event: EKEvent) throws {
        // Change only this occurrence
        try eventStore.save(event, span: .thisEvent)
    }

    func changeThisAndFutureOccurrences(_ event: EKEvent) throws {
        // Change this and all future occurrences
        try eventStore.save(event, span: .futureEvents)
    }

    // MARK: Alarms

    func addAlarms(_ event: EKEvent, alertDate: Date) {
        // 15 minutes before
        let alarm = EKAlarm(relativeOffset: -15 * 60)
        event.addAlarm(alarm)

        // At an absolute date
        let absoluteAlarm = EKAlarm(absoluteDate: alertDate)
        event.addAlarm(absoluteAlarm)
    }

    // MARK: Observing Changes

    func observeChanges() {
        NotificationCenter.default.addObserver(
            forName: .EKEventStoreChanged,
            object: eventStore,
            queue: .main
        ) { [weak self] _ in
            self?.refreshEvents()
        }
    }

    func refreshEvents() { refreshed += 1 }
}
