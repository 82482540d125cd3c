import RemindersICalendarFormat
import RemindersICalendar
import RemindersModel
import RemindersStore

import struct Foundation.TimeZone

/// Event series as a sync carries them: one calendar object each, its overrides and exceptions
/// inside. Not merged: a series changed on both sides since the last sync takes the server's
/// version, and the report says what was lost here (as vdirsyncer's "b wins" does) — an event's
/// parts hang together (a moved start with its end, its overrides, its exceptions) more than a
/// to-do's.
struct EventSyncKind: SyncKind {
    struct Reading: ItemReading {
        var calendar: Component
        var event: EventReader.Reading

        var uid: String { event.uid }
        var title: String { event.series.title }
        var parentUID: String? { nil }
        var notes: [String] { event.notes }
        /// The VEVENT of the series itself (not an override).
        var master: Component? { calendar.components.first { $0.name == "VEVENT" && $0.property("RECURRENCE-ID") == nil } }
    }

    static let itemKind = SyncedItem.Kind.event
    static let noun = (one: "event", many: "events")
    let local: LocalEventCalendar

    init(local: LocalEventCalendar) { self.local = local }

    // MARK: The codec

    func decode(_ text: String, now: Timestamp) -> Decoded<Reading> {
        do throws(ICalendarError) {
            guard let calendar = try Component.parse(text).first(where: { $0.name == "VCALENDAR" }) else {
                throw ICalendarError("no VCALENDAR in the calendar object")
            }
            // A to-do or a journal entry in a collection of both kinds is not an event.
            guard calendar.components.contains(where: { $0.name == "VEVENT" }) else { return .otherKind }
            return .item(Reading(calendar: calendar, event: try EventReader.read(calendar, now: now)))
        } catch {
            return .unreadable(error.description)
        }
    }

    func incoming(_ fetched: Downloaded<Reading>, over local: LocalEventCalendar.Item?) throws(StoreError) -> Incoming<LocalEventCalendar.Item> {
        let reading = fetched.reading.event
        var item = LocalEventCalendar.Item(
            series: reading.series, detached: reading.detached, calendarObject: fetched.text, lastChange: reading.series.lastModifiedDate)
        if let local { item.series.eventIdentifier = local.series.eventIdentifier }
        return Incoming(item: item)
    }

    func outgoing(_ item: LocalEventCalendar.Item, known: SyncedItem?, alarmStates: [AlarmState], now: Timestamp) throws(StoreError) -> Outgoing {
        let original = item.calendarObject.flatMap { try? Component.parse($0).first { $0.name == "VCALENDAR" } }
        var object = EventWriter.object(for: item.series, detached: item.detached, original: original, now: now)
        if !alarmStates.isEmpty,
            let master = object.calendar.components.firstIndex(where: { $0.name == "VEVENT" && $0.property("RECURRENCE-ID") == nil })
        {
            // A series' snooze is its occurrence's, as Thunderbird writes it (floating dates read here).
            let series = item.series
            let occurrenceStart: ((Int64) -> Timestamp)? =
                series.recurrenceRules.isEmpty ? nil : { series.occurrenceStart(forKey: $0).instant(in: .current) }
            AlarmState.write(alarmStates, into: &object.calendar.components[master], title: series.title, occurrenceStart: occurrenceStart)
        }
        return Outgoing(text: object.text)
    }

    /// For Thunderbird's item-wide form, an alarm fires when its last occurrence before now did.
    func recordAlarmStates(of fetched: Downloaded<Reading>, for written: LocalEventCalendar.Item, now: Timestamp) throws(StoreError) {
        guard let master = fetched.reading.master else { return }
        let event = written.series, zone = TimeZone.current
        let states = AlarmState.read(
            master, alarms: event.alarms,
            fireDate: { alarm in
                event.alarmFirings(from: now.advanced(by: -86_400_000), to: now, in: zone)
                    .filter { $0.alarm.alarmIdentifier == alarm.alarmIdentifier }.map(\.fireDate).max()
            })
        let snoozes = AlarmState.occurrenceSnoozes(of: master)
        if states.isEmpty && snoozes.isEmpty { return }
        let lastAck = AlarmState.lastAcknowledged(of: master)
        try local.eventStore.write { store throws(StoreError) in
            // Snoozing in Thunderbird also moves X-MOZ-LASTACK: the occurrence's snooze first, so
            // the acknowledgement made with it does not take it for a dismissal.
            try store.recordOccurrenceSnoozes(snoozes, of: event, in: zone, madeAt: lastAck)
            try store.recordAlarmStates(states, of: event, in: zone)
        }
    }

    // MARK: The conflict policy

    func sameContent(
        _ local: LocalEventCalendar.Item, as incoming: Incoming<LocalEventCalendar.Item>, from fetched: Downloaded<Reading>, known: SyncedItem?
    ) throws(StoreError) -> Bool {
        let theirs = incoming.item
        guard local.series.sameContent(as: theirs.series), local.detached.count == theirs.detached.count else { return false }
        let ordered = theirs.detached.sorted { ($0.originalOccurrence ?? 0) < ($1.originalOccurrence ?? 0) }
        return zip(local.detached, ordered).allSatisfy { $0.sameContent(as: $1) }
    }

    func resolve(
        _ local: LocalEventCalendar.Item, with incoming: Incoming<LocalEventCalendar.Item>, from fetched: Downloaded<Reading>,
        known: SyncedItem?, changedHere: Bool, now: Timestamp
    ) throws(StoreError) -> Resolution<LocalEventCalendar.Item> {
        var resolution = Resolution(item: incoming.item)
        if changedHere {
            let series = local.series
            resolution.conflicts.append(
                Conflict(
                    uid: series.calendarItemExternalIdentifier, title: series.title, property: "event", kept: "server",
                    lostValue: "the changes made here to \"\(series.title)\" since the last sync"))
        }
        return resolution
    }

    /// Events hang under nothing.
    func linkWaiting(_ record: SyncedItem) throws(StoreError) -> SyncedItem? { nil }
}
