import Foundation
import Synchronization
import RemindersJSONRPC
import RemindersProtocol

/// A predicate of reminders, as EventKit makes them: it holds what `fetchReminders` asks the store.
final class RemindersPredicate: NSPredicate {
    let query: JSONValue

    init(_ query: JSONValue) {
        self.query = query
        super.init(value: true)
    }

    required init?(coder: NSCoder) { nil }
}

/// A fetch in flight, for `cancelFetchRequest(_:)`.
final class FetchRequest: Sendable {
    private let cancelled = Atomic<Bool>(false)
    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }
    func cancel() { cancelled.store(true, ordering: .releasing) }
}

/// Reminders: predicates, an asynchronous fetch, saves and removals (staged with `commit: false`).
extension EKEventStore {
    private func calendarIdentifiers(_ calendars: [EKCalendar]?) -> JSONValue? {
        heldCalendars(calendars, .reminder).map { .array($0.map { .string($0.calendarIdentifier) }) }
    }

    /// Every reminder of `calendars` (nil: of every list).
    public func predicateForReminders(in calendars: [EKCalendar]?) -> NSPredicate {
        var predicate: JSONObject = ["kind": "all"]
        if let lists = calendarIdentifiers(calendars) { predicate["calendarIdentifiers"] = lists }
        return RemindersPredicate(.object(predicate))
    }

    /// Open reminders due in `[starting, ending)` (either bound nil: open; once one is given,
    /// reminders without a due date are left out).
    public func predicateForIncompleteReminders(withDueDateStarting starting: Date?, ending: Date?, calendars: [EKCalendar]?) -> NSPredicate {
        var predicate: JSONObject = ["kind": "incomplete"]
        if let lists = calendarIdentifiers(calendars) { predicate["calendarIdentifiers"] = lists }
        if let starting { predicate["dueDateStarting"] = Wire.instant(starting) }
        if let ending { predicate["dueDateEnding"] = Wire.instant(ending) }
        return RemindersPredicate(.object(predicate))
    }

    /// Completed reminders, completed in `[starting, ending)`.
    public func predicateForCompletedReminders(withCompletionDateStarting starting: Date?, ending: Date?, calendars: [EKCalendar]?) -> NSPredicate {
        var predicate: JSONObject = ["kind": "completed"]
        if let lists = calendarIdentifiers(calendars) { predicate["calendarIdentifiers"] = lists }
        if let starting { predicate["completionDateStarting"] = Wire.instant(starting) }
        if let ending { predicate["completionDateEnding"] = Wire.instant(ending) }
        return RemindersPredicate(.object(predicate))
    }

    /// Fetches the committed reminders `predicate` names; `completion` runs off the caller's
    /// thread with them (nil when the program may not read reminders, or the fetch failed). The
    /// value returned cancels the fetch (`cancelFetchRequest(_:)`): its completion then never runs.
    @discardableResult
    public func fetchReminders(matching predicate: NSPredicate, completion: @escaping ([EKReminder]?) -> Void) -> Any {
        let request = FetchRequest()
        let query = (predicate as? RemindersPredicate)?.query ?? ["kind": "all"]
        // Apple's signature takes a closure that is not @Sendable and calls it on another thread.
        nonisolated(unsafe) let completion = completion
        DispatchQueue.global().async { [self] in
            let reminders = try? fetchReminders(query)
            if !request.isCancelled { completion(reminders) }
        }
        return request
    }

    public func cancelFetchRequest(_ fetchIdentifier: Any) {
        (fetchIdentifier as? FetchRequest)?.cancel()
    }

    /// Each reminder of the answer is left unread until it is looked at: the fetch costs what
    /// receiving its bytes and finding where each reminder is in them does.
    func fetchReminders(_ query: JSONValue) throws(EKError) -> [EKReminder] {
        let found = try connection().answer(FetchReminders.name, ["predicate": query])
        return (found["reminders"]?.elements ?? []).map { EKReminder(unread: $0, store: self) }
    }

    /// A reminder or an event by identifier (an event: its first occurrence).
    public func calendarItem(withIdentifier identifier: String) -> EKCalendarItem? {
        guard let found = try? call(CalendarItemMethod.name, ["identifier": .string(identifier)]) else { return nil }
        if let reminder = found["reminder"], reminder.objectValue != nil { return EKReminder(wire: reminder, store: self) }
        if let event = found["event"], event.objectValue != nil { return EKEvent(wire: event, store: self) }
        return nil
    }

    /// Every reminder whose sync identifier (iCalendar UID) is `externalIdentifier`.
    public func calendarItems(withExternalIdentifier externalIdentifier: String) -> [EKCalendarItem] {
        guard let found = try? call(CalendarItems.name, ["externalIdentifier": .string(externalIdentifier)]) else { return [] }
        return (found["reminders"]?.arrayValue ?? []).map { EKReminder(wire: $0, store: self) }
            + (found["events"]?.arrayValue ?? []).map { EKEvent(wire: $0, store: self) }
    }

    /// Saves a reminder: with `commit`, everything staged with it; without, it is staged (this
    /// program sees it through `calendarItem(withIdentifier:)`, fetches do not until `commit()`).
    public func save(_ reminder: EKReminder, commit: Bool) throws {
        if reminder.isNew, reminder.calendar == nil { throw EKError(.noCalendar, message: "the reminder has no calendar") }
        guard reminder.store === self else { throw EKError(.objectBelongsToDifferentStore) }
        let saved = try call(SaveReminder.name, ["reminder": .object(reminder.saveParams), CommitParam.name: .bool(commit)])
        if let value = saved["reminder"] { reminder.read(value) }
    }

    public func remove(_ reminder: EKReminder, commit: Bool) throws {
        guard reminder.store === self else { throw EKError(.objectBelongsToDifferentStore) }
        guard !reminder.isNew else { throw EKError(.internalFailure, message: "the reminder was never saved") }
        try call(RemoveReminder.name, ["identifier": .string(reminder.calendarItemIdentifier), CommitParam.name: .bool(commit)])
    }
}
