import Foundation
import Synchronization
import RemindersJSONRPC
import RemindersModel
import RemindersProtocol

/// A predicate of reminders, as EventKit makes them: it holds what `fetchReminders` asks the store.
final class RemindersPredicate: NSPredicate {
    let query: ReminderPredicate

    init(_ query: ReminderPredicate) {
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
    private func predicate(_ kind: ReminderPredicate.Kind, _ calendars: [EKCalendar]?) -> ReminderPredicate {
        var predicate = ReminderPredicate(kind: kind)
        predicate.calendarIdentifiers = heldCalendars(calendars, .reminder)?.map(\.calendarIdentifier)
        return predicate
    }

    /// Every reminder of `calendars` (nil: of every list).
    public func predicateForReminders(in calendars: [EKCalendar]?) -> NSPredicate {
        RemindersPredicate(predicate(.all, calendars))
    }

    /// Open reminders due in `[starting, ending)` (either bound nil: open; once one is given,
    /// reminders without a due date are left out).
    public func predicateForIncompleteReminders(withDueDateStarting starting: Date?, ending: Date?, calendars: [EKCalendar]?) -> NSPredicate {
        var predicate = predicate(.incomplete, calendars)
        predicate.dueDateStarting = starting.map(FoundationValues.timestamp)
        predicate.dueDateEnding = ending.map(FoundationValues.timestamp)
        return RemindersPredicate(predicate)
    }

    /// Completed reminders, completed in `[starting, ending)`.
    public func predicateForCompletedReminders(withCompletionDateStarting starting: Date?, ending: Date?, calendars: [EKCalendar]?) -> NSPredicate {
        var predicate = predicate(.completed, calendars)
        predicate.completionDateStarting = starting.map(FoundationValues.timestamp)
        predicate.completionDateEnding = ending.map(FoundationValues.timestamp)
        return RemindersPredicate(predicate)
    }

    /// Fetches the committed reminders `predicate` names; `completion` runs off the caller's
    /// thread with them (nil when the program may not read reminders, or the fetch failed). The
    /// value returned cancels the fetch (`cancelFetchRequest(_:)`): its completion then never runs.
    @discardableResult
    public func fetchReminders(matching predicate: NSPredicate, completion: @escaping ([EKReminder]?) -> Void) -> Any {
        let request = FetchRequest()
        let query = (predicate as? RemindersPredicate)?.query ?? ReminderPredicate(kind: .all)
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
    func fetchReminders(_ query: ReminderPredicate) throws(EKError) -> [EKReminder] {
        let found = try connection().answer(FetchReminders.self, FetchReminders.Params(predicate: query))
        return (found[FetchReminders.Result.remindersMember]?.elements ?? []).map { EKReminder(unread: $0, store: self) }
    }

    /// A reminder or an event by identifier (an event: its first occurrence).
    public func calendarItem(withIdentifier identifier: String) -> EKCalendarItem? {
        switch try? connection().call(CalendarItemMethod.self, IdentifierParams(identifier: identifier)) {
        case .reminder(let reminder?)?: return EKReminder(reminder, store: self)
        case .event(let occurrence, _)?: return EKEvent(occurrence, store: self)
        case .reminder(nil)?, nil: return nil
        }
    }

    /// Every reminder whose sync identifier (iCalendar UID) is `externalIdentifier`.
    public func calendarItems(withExternalIdentifier externalIdentifier: String) -> [EKCalendarItem] {
        guard let found = try? connection().call(CalendarItems.self, CalendarItems.Params(externalIdentifier: externalIdentifier)) else { return [] }
        return found.reminders.map { EKReminder($0, store: self) }
    }

    /// Saves a reminder: with `commit`, everything staged with it; without, it is staged (this
    /// program sees it through `calendarItem(withIdentifier:)`, fetches do not until `commit()`).
    public func save(_ reminder: EKReminder, commit: Bool) throws {
        if reminder.isNew, reminder.calendar == nil { throw EKError(.noCalendar, message: "the reminder has no calendar") }
        guard reminder.store === self else { throw EKError(.objectBelongsToDifferentStore) }
        reminder.read(try connection().call(SaveReminder.self, SaveReminder.Params(reminder: try reminder.save()), commit: commit).reminder)
    }

    public func remove(_ reminder: EKReminder, commit: Bool) throws {
        guard reminder.store === self else { throw EKError(.objectBelongsToDifferentStore) }
        guard !reminder.isNew else { throw EKError(.internalFailure, message: "the reminder was never saved") }
        try connection().call(RemoveReminder.self, RemoveReminder.Params(identifier: reminder.calendarItemIdentifier), commit: commit)
    }
}
