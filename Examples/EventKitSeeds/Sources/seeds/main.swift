// Runs the seeds' code against remindersd and prints what happens, a line per outcome, for
// scripts/eventkit-seeds to check: `seeds guide | tutorial | radio | write-only | refused`.
import CoreLocation
import EventKit
import Foundation

func say(_ line: String) {
    print(line)
    fflush(stdout)
}

/// A time `days` from now at `hour`:00, on this machine's wall clock.
func at(days: Int, hour: Int) -> Date {
    let calendar = Calendar.current
    let day = calendar.date(byAdding: .day, value: days, to: calendar.startOfDay(for: Date()))!
    return calendar.date(bySettingHour: hour, minute: 0, second: 0, of: day)!
}

/// Another program changing the store, as the guide's observer expects from the Calendar app.
func anotherProgramChanges() {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ProcessInfo.processInfo.environment["REMINDERSD_BIN"] ?? "/usr/bin/env")
    process.arguments = [
        "call", "saveReminder", #"{"reminder":{"title":"From another program"}}"#,
        "--client", ProcessInfo.processInfo.environment["REMINDERSD_CLIENT"] ?? "seeds",
    ]
    process.standardOutput = FileHandle.nullDevice
    try? process.run()
    process.waitUntilExit()
}

func guide() async throws {
    let guide = EventKitGuide()
    let access = try await guide.requestAccess()
    say("access: events \(access.events), reminders \(access.reminders), status \(guide.status())")

    // An event in the default calendar, then one in the first writable calendar at Apple Park with alarms and a rule.
    try guide.createEvent(title: "Dentist", startDate: at(days: 1, hour: 9), endDate: at(days: 1, hour: 10))
    let event = EKEvent(eventStore: guide.eventStore)
    event.title = "Team sync"
    event.startDate = at(days: 2, hour: 14)
    event.endDate = at(days: 2, hour: 15)
    guide.setSpecificCalendar(event)
    guide.addStructuredLocation(event)
    guide.addAlarms(event, alertDate: at(days: 2, hour: 13))
    guide.complexRecurrence(event)
    try guide.eventStore.save(event, span: .thisEvent)
    say("saved: \(event.title!) in \(event.calendar.title), identifier \(event.eventIdentifier.isEmpty ? "missing" : "given")")

    let fetched = guide.fetchEvents(from: at(days: 0, hour: 0), to: at(days: 15, hour: 0))
    // (How many Mondays and Wednesdays the next two weeks hold depends on today.)
    say(
        "fetched: Dentist \(fetched.filter { $0.title == "Dentist" }.count), Team sync \(fetched.contains { $0.title == "Team sync" }), "
            + "sorted \(fetched.map(\.startDate) == fetched.map(\.startDate).sorted())")
    say(
        "place: \(fetched.first { $0.title == "Team sync" }?.structuredLocation?.title ?? "none") "
            + "\(fetched.first { $0.title == "Team sync" }?.structuredLocation?.geoLocation.map { "\($0.coordinate.latitude),\($0.coordinate.longitude)" } ?? "")"
    )
    say("alarms: \(fetched.first { $0.title == "Team sync" }?.alarms?.count ?? 0)")
    guide.printEvent(savedEventID: event.eventIdentifier)

    // The guide's three simple rules, each on an event of its own.
    let ruled = EKEvent(eventStore: guide.eventStore)
    ruled.title = "Weekly"
    ruled.startDate = at(days: 3, hour: 8)
    ruled.endDate = at(days: 3, hour: 9)
    ruled.calendar = guide.eventStore.defaultCalendarForNewEvents
    let rules = guide.simpleRecurrence(ruled, endDate: at(days: 100, hour: 0))
    try guide.eventStore.save(ruled, span: .thisEvent)
    for (title, rule) in [("Biweekly", rules[1]), ("Monthly", rules[2])] {
        let other = EKEvent(eventStore: guide.eventStore)
        other.title = title
        other.startDate = at(days: 3, hour: 10)
        other.endDate = at(days: 3, hour: 11)
        other.calendar = guide.eventStore.defaultCalendarForNewEvents
        other.addRecurrenceRule(rule)
        try guide.eventStore.save(other, span: .thisEvent)
    }
    let year = guide.fetchEvents(from: at(days: 0, hour: 0), to: at(days: 400, hour: 0))
    for title in ["Weekly", "Biweekly", "Monthly"] {
        let rule = year.first { $0.title == title }?.recurrenceRules?.first
        say(
            "rule \(title): \(year.filter { $0.title == title }.count) occurrences, frequency \(rule?.frequency.rawValue ?? -1), "
                + "interval \(rule?.interval ?? 0), end \(rule?.recurrenceEnd?.occurrenceCount ?? 0)/\(rule?.recurrenceEnd?.endDate == nil ? "open" : "dated")"
        )
    }

    // Spans: the second occurrence changed alone, the fourth and later.
    var weekly = guide.fetchEvents(from: at(days: 0, hour: 0), to: at(days: 40, hour: 0)).filter { $0.title == "Weekly" }
    weekly[1].title = "Weekly (moved)"
    try guide.changeOnlyThisOccurrence(weekly[1])
    weekly[3].title = "Weekly (new time)"
    try guide.changeThisAndFutureOccurrences(weekly[3])
    weekly = guide.fetchEvents(from: at(days: 0, hour: 0), to: at(days: 40, hour: 0)).filter { $0.title.hasPrefix("Weekly") }
    say("spans: " + weekly.prefix(6).map { $0.title! }.joined(separator: ", "))
    say("detached: \(weekly[1].isDetached)")

    // Reminders: create, fetch the open ones, complete one.
    try guide.createReminder(title: "Buy milk", dueDate: at(days: 1, hour: 18))
    try guide.createReminder(title: "Call mum", dueDate: at(days: 2, hour: 19))
    var open = await guide.fetchIncompleteReminders()
    say("open reminders: " + open.map { $0.title! }.sorted().joined(separator: ", "))
    say("due: \(open.first { $0.title == "Buy milk" }?.dueDateComponents?.hour ?? -1):00")
    try guide.completeReminder(open.first { $0.title == "Buy milk" }!)
    open = await guide.fetchIncompleteReminders()
    say("after completing: " + open.map { $0.title! }.sorted().joined(separator: ", "))

    // Observing changes another program makes.
    guide.observeChanges()
    anotherProgramChanges()
    let deadline = Date().addingTimeInterval(5)
    while guide.refreshed == 0, Date() < deadline { try await Task.sleep(nanoseconds: 50_000_000) }
    say("changed from elsewhere: \(guide.refreshed > 0)")
}

func tutorial() async {
    let manager = RemindersManager()
    manager.viewWillAppear()
    while manager.loaded.wait(timeout: .now()) == .timedOut { try? await Task.sleep(nanoseconds: 10_000_000) }
    say("listed: \(manager.table.count)")
    manager.saveNewReminder(text: "Pick up the parcel", date: at(days: 1, hour: 17))
    manager.viewWillAppear()
    while manager.loaded.wait(timeout: .now()) == .timedOut { try? await Task.sleep(nanoseconds: 10_000_000) }
    say("after adding: " + manager.table.sorted().joined(separator: "; "))
    let parcel = manager.reminders.firstIndex { $0.title == "Pick up the parcel" }!
    manager.saveReminder(manager.reminders[parcel], text: "Pick up the parcel at the post office", date: at(days: 2, hour: 11))
    manager.viewWillAppear()
    while manager.loaded.wait(timeout: .now()) == .timedOut { try? await Task.sleep(nanoseconds: 10_000_000) }
    say("after editing: " + manager.table.sorted().joined(separator: "; "))
    manager.commitEditingStyle(forRowAt: manager.reminders.firstIndex { $0.title.hasPrefix("Pick up") }!)
    manager.viewWillAppear()
    while manager.loaded.wait(timeout: .now()) == .timedOut { try? await Task.sleep(nanoseconds: 10_000_000) }
    say("after removing: \(manager.table.count)")
}

func radio() async throws {
    let locator = RadioLocator()
    _ = try await locator.store.requestFullAccessToReminders()
    let station = Station(ownedBy: "KLOVE", frequency: "88.5", city: "Sacramento", range: 30, lat: 38.5816, lng: -121.4944)
    say("added: \(try locator.addReminder(for: station))")
    let reminder = locator.store.calendarItem(withIdentifier: locator.eventId) as? EKReminder
    let alarm = reminder?.alarms?.first
    say("reminder: \(reminder?.title ?? "none"), notes \(reminder?.notes ?? "none")")
    say(
        "geofence: \(alarm?.proximity == .enter ? "enter" : "other") \(alarm?.structuredLocation?.title ?? "") radius \(Int(alarm?.structuredLocation?.radius ?? 0)) m"
    )
    let distance = alarm?.structuredLocation?.geoLocation?.distance(from: CLLocation(latitude: 38.96, longitude: -121.24)) ?? 0
    say("Auburn is \(Int(distance / 1609)) miles away")
    say("pending: \(locator.stillPending())")
    say("removed: \(try locator.removeReminder()), pending: \(locator.stillPending())")
}

func writeOnly() async throws {
    let guide = EventKitGuide()
    say("write-only granted: \(try await guide.eventStore.requestWriteOnlyAccessToEvents()), status \(guide.status())")
    let event = EKEvent(eventStore: guide.eventStore)
    event.title = "Booked"
    event.startDate = at(days: 1, hour: 9)
    event.endDate = at(days: 1, hour: 10)
    event.calendar = guide.eventStore.defaultCalendarForNewEvents
    try guide.eventStore.save(event, span: .thisEvent)
    say("created: \(!event.calendarItemIdentifier.isEmpty)")
    say(
        "read back: \(guide.fetchEvents(from: at(days: 0, hour: 0), to: at(days: 3, hour: 0)).count) fetched, "
            + "by identifier \(guide.eventStore.event(withIdentifier: event.calendarItemIdentifier) == nil ? "nil" : "found")")
}

func refused() async {
    let store = EKEventStore()
    let granted = (try? await store.requestFullAccessToReminders()) ?? false
    say("granted: \(granted), status \(EKEventStore.authorizationStatus(for: .reminder).rawValue)")
    let reminder = EKReminder(eventStore: store)
    reminder.title = "Not allowed"
    reminder.calendar = store.defaultCalendarForNewReminders() ?? EKCalendar(for: .reminder, eventStore: store)
    do {
        try store.save(reminder, commit: true)
        say("saved, wrongly")
    } catch let error as EKError {
        say("refused: \(error.code == .eventStoreNotAuthorized ? "eventStoreNotAuthorized" : "\(error.code)")")
    } catch {
        say("refused with \(error)")
    }
}

switch CommandLine.arguments.dropFirst().first {
case "guide": try await guide()
case "tutorial": await tutorial()
case "radio": try await radio()
case "write-only": try await writeOnly()
case "refused": await refused()
default:
    FileHandle.standardError.write(Data("usage: seeds guide | tutorial | radio | write-only | refused\n".utf8))
    exit(2)
}
