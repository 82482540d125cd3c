import RemindersModel

/// What a subscription's refresh writes into its read-only calendar: the feed's items over the ones
/// of the same UID there (keeping their identifiers, so what refers to them — the deliveries
/// ledger, an undo — still does), and the ones the feed no longer has removed. Only the refresh
/// writes there: every client's write answers `calendarReadOnly`.
extension EventStore {
    /// A series of the feed into the subscribed calendar `calendar`, over the one of its UID
    /// there; `unchanged` when `isUnchanged` says the stored one is the one read.
    /// `keepingOwnersAlarms` (the publisher's alarms left out): the alarms a series has here are
    /// the owner's, and go over to the feed's new version of it.
    public func writeSubscribedEvent(
        _ series: Event, detached: [Event], calendarObject: String, statesCreationDate: Bool, statesLastModified: Bool,
        into calendar: String, keepingOwnersAlarms: Bool, isUnchanged: (_ stored: InterchangedSeries, _ incoming: InterchangedSeries) -> Bool
    ) throws(StoreError) -> InterchangeOutcome {
        try store.write { () throws(StoreError) in
            try requireSubscribed(calendar, holding: .event)
            let existing = try store.events(externalIdentifier: series.calendarItemExternalIdentifier).first {
                !$0.isDetached && $0.calendarIdentifier == calendar
            }
            var incoming = series
            if let existing, keepingOwnersAlarms { incoming.alarms = existing.alarms }
            return try writeInterchanged(
                incoming, detached: detached, calendarObject: calendarObject, statesCreationDate: statesCreationDate,
                statesLastModified: statesLastModified, into: calendar, over: existing, isUnchanged: isUnchanged)
        }
    }

    /// A client's change of a stored event that only a subscribed calendar's owner may make: its
    /// alarms and nothing else, in a calendar whose publisher's alarms are left out (those it has
    /// are the owner's), which the client may change. Anything else is refused as a write to a
    /// read-only calendar is.
    func requireWritable(_ event: Event, over stored: Event?) throws(StoreError) {
        if let stored, let calendar = try store.calendar(identifier: event.calendarIdentifier), calendar.type == .subscription,
            stored.calendarIdentifier == event.calendarIdentifier, sees(calendar.calendarIdentifier, .event),
            try store.subscription(calendar: calendar.calendarIdentifier)?.keepsAlarms == false
        {
            try requireInScope(calendar, field: "calendarIdentifier")
            var compared = event
            compared.alarms = stored.alarms
            compared.lastModifiedDate = stored.lastModifiedDate
            // A change writes the start it read back with its seconds spelt out: the same start.
            if compared.start.timeZone == stored.start.timeZone, compared.start.instant(in: timeZone) == stored.start.instant(in: timeZone) {
                compared.start = stored.start
            }
            if compared == stored { return }
        }
        try requireWritable(event.calendarIdentifier, field: "calendarIdentifier", for: .event)
    }

    /// A reminder of the feed into the subscribed list `calendar`, over the one of its UID there.
    /// `isUnchanged(stored, keptObject)` decides whether there is anything to write.
    public func writeSubscribedReminder(
        _ reminder: Reminder, calendarObject: String, into calendar: String, isUnchanged: (_ stored: Reminder, _ kept: String?) -> Bool
    ) throws(StoreError) -> InterchangeOutcome {
        try store.write { () throws(StoreError) in
            try requireSubscribed(calendar, holding: .reminder)
            var incoming = reminder
            incoming.calendarIdentifier = calendar
            let existing = try store.reminders(externalIdentifier: reminder.calendarItemExternalIdentifier).first {
                $0.calendarIdentifier == calendar
            }
            guard let existing else {
                _ = try writeInterchanged(incoming, calendarObject: calendarObject, over: nil, requireWritable: false)
                return .imported
            }
            if isUnchanged(existing, try store.calendarObject(reminder: existing.calendarItemIdentifier)) { return .unchanged }
            incoming.creationDate = existing.creationDate
            _ = try writeInterchanged(incoming, calendarObject: calendarObject, over: ItemVersion(of: existing), requireWritable: false)
            return .updated
        }
    }

    /// Removes the series and reminders of `calendar` whose UID is not among `kept` (the feed's).
    /// Returns how many went.
    public func removeSubscribedItems(in calendar: String, keeping kept: Set<String>) throws(StoreError) -> Int {
        try store.write { () throws(StoreError) in
            let calendarOf = try requireSubscribed(calendar, holding: nil)
            var removed = 0
            if calendarOf.entityType == .event {
                for series in try store.series(inCalendars: [calendar]) where !kept.contains(series.calendarItemExternalIdentifier) {
                    if try store.deleteEvent(identifier: series.eventIdentifier) { removed += 1 }
                }
            } else {
                for reminder in try store.reminders(where: "calendar = ? AND parent IS NULL", .text(calendar))
                where !kept.contains(reminder.calendarItemExternalIdentifier) {
                    if try store.deleteReminder(identifier: reminder.calendarItemIdentifier) { removed += 1 }
                }
            }
            return removed
        }
    }

    /// The subscribed calendar `identifier`, which must hold `entityType` (nil: either).
    @discardableResult
    private func requireSubscribed(_ identifier: String, holding entityType: EntityType?) throws(StoreError) -> ItemCalendar {
        guard let calendar = try store.calendar(identifier: identifier), calendar.type == .subscription else {
            throw .invalid(ValidationError(field: "calendarIdentifier", reason: .noCalendar, "there is no subscribed calendar \(identifier)"))
        }
        if let entityType, calendar.entityType != entityType {
            throw .invalid(
                ValidationError(
                    field: "calendarIdentifier", reason: entityType == .event ? .calendarDoesNotAllowEvents : .calendarDoesNotAllowReminders,
                    "the subscribed calendar \"\(calendar.title)\" holds \(calendar.entityType.rawValue)s"))
        }
        return calendar
    }
}
