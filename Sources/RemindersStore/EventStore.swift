import Foundation
import RemindersModel

/// One client's view of the store, as EKEventStore is one app's: lists, reminders, and the
/// changes it made with `commit: false` that nobody else sees yet.
///
/// Every save first stages its change; `commit: true` then commits everything staged in one
/// transaction, as EventKit's `save(_:commit:)` does. A failed commit writes nothing.
public final class EventStore {
    /// Reached from outside this module only inside `read { }` / `write { }`.
    let store: CalendarStore
    public var rules: CalendarItemRules
    /// The client's time zone: where its floating and all-day dates are read, e.g. when completing
    /// an occurrence of a series meets the series' end date.
    public var timeZone: TimeZone
    let clock: () -> Timestamp

    /// The time as this store's clock says: the wall clock, or the one a test gave.
    public func now() -> Timestamp { clock() }
    /// The calendars this client may see, by entity type, when it was granted chosen lists only
    /// (see `EventStore+Scope`); none: every calendar.
    public var scopes: [EntityType: CalendarScope] = [:]
    /// What this client staged with `commit: false`, reminders and events alike (see `StagedChanges`).
    var staged = StagedChanges()
    /// Inside a group (`durably`): a commit writes into its transaction, and what it wrote leaves
    /// the staged log only when the group is durable.
    private(set) var inGroup = false

    init(
        store: CalendarStore, rules: CalendarItemRules = CalendarItemRules(), timeZone: TimeZone = .current,
        clock: @escaping () -> Timestamp = Timestamp.now
    ) {
        self.store = store
        self.rules = rules
        self.timeZone = timeZone
        self.clock = clock
        store.clock = clock
    }

    /// Opens (creating if needed) the store at `path` for one client; see `CalendarStore.init`.
    public convenience init(
        path: String, busyTimeoutMilliseconds: Int = CalendarStore.defaultBusyTimeout, rules: CalendarItemRules = CalendarItemRules(),
        timeZone: TimeZone = .current, clock: @escaping () -> Timestamp = Timestamp.now
    ) throws(StoreError) {
        self.init(
            store: try CalendarStore(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds), rules: rules, timeZone: timeZone, clock: clock)
    }

    /// Runs `body` in one read transaction — one consistent snapshot — handing it the store's
    /// tables: the only way to them from outside this module (GRDB's `read { db in }`), so no
    /// sequence of reads sees another program's commit land half-way. Nested in a transaction,
    /// it is part of that one. What the client staged is not in it: ask `EventStore` for that.
    public func read<T>(_ body: (CalendarStore) throws(StoreError) -> T) throws(StoreError) -> T {
        try store.read { () throws(StoreError) in try body(self.store) }
    }

    /// Runs `body` in one write transaction (a savepoint when nested), handing it the store's
    /// tables; an error rolls back what `body` did.
    public func write<T>(_ body: (CalendarStore) throws(StoreError) -> T) throws(StoreError) -> T {
        try store.write { () throws(StoreError) in try body(self.store) }
    }

    /// The store's file.
    public var path: String { store.path }

    /// Who this store's writes are recorded as by (see the history).
    public var author: ChangeAuthor {
        get { store.author }
        set { store.author = newValue }
    }

    public var hasUncommittedChanges: Bool { !staged.isEmpty }

    /// What is staged is events only (so committing it is a matter of access to events).
    public var stagesOnlyEvents: Bool { !staged.hasReminders && staged.hasEvents }
    public var stagesNothing: Bool { staged.isEmpty }

    /// Runs a group of requests — a pipelining client's writes — as one transaction, where every
    /// commit among them (`commit`, a save with `commit: true`) writes what is staged: durable all
    /// together once the group's transaction is, and otherwise none of it. Says which: committed,
    /// the staged changes it wrote leaving the log; or rolled back, and everything staged before the
    /// group staged still (what the group staged goes with it: its requests are answered with the
    /// failure). Inside another group, it is part of that one.
    public func durably<T>(_ body: () throws(StoreError) -> T) -> GroupOutcome<T> {
        guard !inGroup else {
            do throws(StoreError) { return .committed(try body()) } catch { return .rolledBack(error) }
        }
        inGroup = true
        defer { inGroup = false }
        let mark = staged.mark
        do throws(StoreError) {
            let value = try store.write(body)
            staged.becameDurable()
            return .committed(value)
        } catch {
            staged.restore(mark)
            return .rolledBack(error)
        }
    }

    /// Runs a group of requests that only stage changes (`commit: false`) in one transaction their
    /// trials and reads share, rolled back at its end: nothing — not an event's trial write —
    /// reaches the store or tells other clients of a commit. What they staged stays staged; if
    /// the transaction itself fails, none of it does.
    public func stagingOnly(_ body: () -> Void) throws(StoreError) {
        let mark = staged.mark
        do throws(StoreError) {
            _ = try store.transaction { () throws(StoreError) -> TransactionOutcome in
                body()
                return .rollBack
            }
        } catch {
            staged.restore(mark)
            throw error
        }
    }

    // MARK: Lists

    public func calendars(for entityType: EntityType = .reminder) throws(StoreError) -> [ItemCalendar] {
        try store.read { () throws(StoreError) in self.scoped(try self.store.calendars(for: entityType), entityType) }
    }

    /// nil when every list is read-only.
    public func defaultCalendarForNewReminders() throws(StoreError) -> ItemCalendar? {
        try store.read { () throws(StoreError) in try self.defaultCalendar(for: .reminder) }
    }

    /// nil when every event calendar is read-only.
    public func defaultCalendarForNewEvents() throws(StoreError) -> ItemCalendar? {
        try store.read { () throws(StoreError) in try self.defaultCalendar(for: .event) }
    }

    /// Creates a list (no identifier) or changes one. Lists are saved at once.
    public func saveCalendar(_ changes: CalendarChanges) throws(StoreError) -> ItemCalendar {
        try store.write { () throws(StoreError) in
            var calendar: ItemCalendar
            let isNew = changes.calendarIdentifier == nil
            var kind = changes.entityType ?? .reminder
            if let identifier = changes.calendarIdentifier, let existing = try self.store.calendar(identifier: identifier) {
                kind = existing.entityType
            }
            try self.requireChangeable(changes.calendarIdentifier, entityType: kind)
            if let identifier = changes.calendarIdentifier {
                guard let existing = try self.store.calendar(identifier: identifier) else {
                    throw .notFound(kind: "list", identifier: identifier)
                }
                calendar = existing
                if let entityType = changes.entityType, entityType != existing.entityType {
                    throw .invalid(
                        ValidationError(field: "allowedEntityTypes", "a calendar keeps the kind it was made for (\(existing.entityType.rawValue))"))
                }
            } else {
                guard changes.title != nil else { throw .invalid(ValidationError(field: "title", "a new list needs a title")) }
                calendar = ItemCalendar(calendarIdentifier: Identifiers.make(), title: "", entityType: changes.entityType ?? .reminder)
                if calendar.entityType == .event { calendar.color = ItemCalendar.defaultEventColor }
            }
            if let title = changes.title { calendar.title = title }
            if let color = changes.color { calendar.color = ItemCalendar.normalizedColor(color) ?? color }
            if let allows = changes.allowsContentModifications { calendar.allowsContentModifications = allows }
            // Its items are its feed's: a subscribed calendar may be renamed and recoloured, never written.
            if calendar.type == .subscription, calendar.allowsContentModifications {
                throw .invalid(
                    ValidationError(
                        field: "allowsContentModifications", reason: .calendarReadOnly,
                        "the calendar \"\(calendar.title)\" is subscribed: what it holds comes from its feed"))
            }
            do throws(ValidationError) { try calendar.validate() } catch { throw .invalid(error) }
            if let account = changes.account {
                guard isNew || calendar.source?.account == account else {
                    throw .invalid(ValidationError(field: "source.account", "a list stays in the account it was made in"))
                }
                if isNew {
                    guard try self.store.account(named: account) != nil else {
                        throw .invalid(
                            ValidationError(field: "source.account", "there is no account \(account); add it with remindersd accounts add"))
                    }
                    // Made on the server by the next sync (MKCALENDAR), which then knows its href.
                    try self.store.addSyncedCollection(
                        SyncedCollection(
                            calendarIdentifier: calendar.calendarIdentifier, account: account,
                            entityType: calendar.entityType, href: nil),
                        list: calendar, now: self.clock())
                    try self.store.storeDefaultCalendar()
                    return try self.store.calendar(identifier: calendar.calendarIdentifier) ?? calendar
                }
            }
            if isNew { try self.store.insertCalendar(calendar, creationDate: self.clock()) } else { try self.store.updateCalendar(calendar) }
            try self.store.storeDefaultCalendar()
            return try self.store.calendar(identifier: calendar.calendarIdentifier) ?? calendar
        }
    }

    /// Removes a list and every reminder in it, read-only lists included (as unsubscribing does in
    /// EventKit: `allowsContentModifications` is about the items, not the list). The last list
    /// cannot be removed. When the default goes, the oldest writable list becomes the default.
    public func removeCalendar(identifier: String) throws(StoreError) {
        try store.write { () throws(StoreError) in
            guard let calendar = try self.store.calendar(identifier: identifier), self.sees(identifier, calendar.entityType) else {
                throw .notFound(kind: "list", identifier: identifier)
            }
            try self.requireChangeable(identifier, entityType: calendar.entityType)
            guard try self.store.calendarCount(for: calendar.entityType) > 1 else {
                throw .invalid(
                    ValidationError(
                        field: "calendarIdentifier",
                        calendar.entityType == .reminder
                            ? "the last list cannot be removed"
                            : "the last event calendar cannot be removed"))
            }
            try self.store.rememberRemovedCollection(calendar: identifier)
            _ = try self.store.deleteCalendar(identifier: identifier)
            try self.store.storeDefaultCalendar()
        }
    }

    // MARK: Reading reminders

    /// A reminder or an event (a series, or a detached occurrence) by identifier, as this client
    /// sees it — EKEventStore.calendarItem(withIdentifier:).
    public func calendarItem(identifier: String) throws(StoreError) -> AnyCalendarItem? {
        if let occurrence = try event(identifier: identifier, occurrenceDate: nil) { return .event(occurrence.event) }
        return try reminder(identifier: identifier).map(AnyCalendarItem.reminder)
    }

    /// A reminder by identifier, as this client sees it (its own uncommitted changes included).
    public func reminder(identifier: String) throws(StoreError) -> Reminder? {
        switch staged.reminderChange(identifier) {
        case .save(let reminder, _, _)?: return reminder
        case .remove?: return nil
        case nil:
            let stored = try store.read { () throws(StoreError) in try self.store.reminder(identifier: identifier) }
            return stored.flatMap { self.sees($0.calendarIdentifier) ? $0 : nil }
        }
    }

    public func calendarItems(externalIdentifier: String) throws(StoreError) -> [Reminder] {
        try store.read { () throws(StoreError) in try self.store.reminders(externalIdentifier: externalIdentifier) }
            .filter { self.sees($0.calendarIdentifier) }
    }

    /// Committed reminders only, as EventKit's fetches return.
    public func fetchReminders(
        matching predicate: ReminderPredicate, in zone: TimeZone,
        shouldContinue: () -> Bool = { true }
    ) throws(StoreError) -> [Reminder] {
        try store.reminders(matching: scoped(predicate), in: zone, shouldContinue: shouldContinue)
    }

    /// The predicate narrowed to the client's scope.
    private func scoped(_ predicate: ReminderPredicate) -> ReminderPredicate {
        guard let scope = scopes[.reminder] else { return predicate }
        var narrowed = predicate
        narrowed.calendarIdentifiers = scope.narrowing(predicate.calendarIdentifiers)
        return narrowed
    }

    /// A page of `fetchReminders`, after `position`.
    public func fetchReminders(
        matching predicate: ReminderPredicate, in zone: TimeZone, after position: FetchPosition?, limit: Int?,
        order: FetchOrder = .dueDate, shouldContinue: () -> Bool = { true }
    ) throws(StoreError) -> FetchPage {
        try store.reminders(matching: scoped(predicate), in: zone, after: position, limit: limit, order: order, shouldContinue: shouldContinue)
    }
}
