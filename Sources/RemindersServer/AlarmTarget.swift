import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore

/// The alarm `identifier` + `alarmIdentifier` names — a reminder's, or an event's — with the
/// occurrence it is for and when it fires (or fired), for `snoozeAlarm` and `dismissAlarm`.
///
/// A reminder's alarm is for its current occurrence; a location alarm, which has no time, is taken
/// as firing now (snoozed, it fires again at its new time, as the notification's Snooze makes it).
/// An event's alarm is for the occurrence at `occurrenceDate` when given, else the one whose alarm
/// fired last in the past day, else the next to fire.
struct AlarmTarget {
    var item: String
    var alarm: String
    var occurrence: Int64
    var fireDate: Timestamp

    static func find(_ params: AlarmParams, _ context: MethodContext) throws -> AlarmTarget {
        let eventStore = try context.session.eventStore()
        let (identifier, alarmIdentifier) = (params.identifier, params.alarmIdentifier)
        if let event = try eventStore.read({ store throws(StoreError) in try store.event(identifier: identifier) }),
            eventStore.sees(event.calendarIdentifier, .event)
        {
            return try find(event, alarmIdentifier: alarmIdentifier, at: params.occurrenceDate, in: eventStore)
        }
        guard let reminder = try eventStore.reminder(identifier: identifier) else {
            throw StoreError.notFound(kind: "reminder", identifier: identifier)
        }
        guard let alarm = reminder.alarms.first(where: { $0.alarmIdentifier == alarmIdentifier }) else {
            throw StoreError.notFound(kind: "alarm", identifier: alarmIdentifier)
        }
        guard !reminder.isCompleted else {
            throw ResponseError.invalidParams("the reminder is completed: its alarms do not fire", field: "alarmIdentifier")
        }
        var fireDate = alarm.fireDate(of: reminder, in: eventStore.timeZone)
        if fireDate == nil, case .location = alarm.trigger { fireDate = eventStore.now() }
        guard let fireDate else {
            throw ResponseError.invalidParams("a relative alarm of a reminder without a due date never fires", field: "alarmIdentifier")
        }
        return AlarmTarget(
            item: reminder.calendarItemIdentifier, alarm: alarm.alarmIdentifier, occurrence: AlarmDelivery.occurrence(of: reminder),
            fireDate: fireDate)
    }

    private static func find(_ event: Event, alarmIdentifier: String, at occurrenceDate: Timestamp?, in eventStore: EventStore) throws -> AlarmTarget
    {
        guard let alarm = event.alarms.first(where: { $0.alarmIdentifier == alarmIdentifier }) else {
            throw StoreError.notFound(kind: "alarm", identifier: alarmIdentifier)
        }
        let zone = eventStore.timeZone, now = eventStore.now()
        let replaced =
            try eventStore.read { store throws(StoreError) in try store.replacedOccurrences(ofSeries: [event.eventIdentifier]) }[
                event.eventIdentifier] ?? []
        let firings = event.alarmFirings(
            from: Timestamp(milliseconds: now.milliseconds - 86_400_000),
            to: Timestamp(milliseconds: now.milliseconds + 366 * 86_400_000), in: zone, replaced: replaced
        )
        .filter { $0.alarm.alarmIdentifier == alarmIdentifier }
        let chosen: Event.AlarmFiring?
        if let occurrenceDate {
            chosen = firings.first { $0.occurrence.startDate(in: zone) == occurrenceDate }
            guard chosen != nil else {
                throw ResponseError.invalidParams(
                    "the event has no occurrence at \(occurrenceDate.rfc3339) whose alarm fires in the coming year", field: "occurrenceDate")
            }
        } else {
            chosen = firings.last { $0.fireDate <= now } ?? firings.first { $0.fireDate > now }
        }
        guard let chosen else {
            var reason = "the alarm fires neither in the past day nor in the coming year"
            if case .location = alarm.trigger { reason = "an event's location alarm does not fire here" }
            throw ResponseError.invalidParams(reason, field: "alarmIdentifier")
        }
        return AlarmTarget(
            item: event.eventIdentifier, alarm: alarm.alarmIdentifier, occurrence: Event.occurrenceKey(chosen.occurrence.start),
            fireDate: chosen.fireDate)
    }

    /// Whose access the call needs: an event's identifier takes access to events.
    static func entityType(of params: AlarmParams, session: Session) throws -> EntityType {
        try session.eventStore().read { store throws(StoreError) in try store.event(identifier: params.identifier) } != nil ? .event : .reminder
    }

    func decide(_ state: AlarmDelivery.State, snoozedUntil: Timestamp?, in context: MethodContext) throws {
        let (item, alarm, occurrence, fireDate) = (item, alarm, occurrence, fireDate)
        try context.session.eventStore().write { store throws(StoreError) in
            try store.decide(
                state, item: item, alarm: alarm, occurrence: occurrence, fireDate: fireDate, snoozedUntil: snoozedUntil, now: context.session.now)
        }
    }
}
