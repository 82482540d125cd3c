import CalDAV
import Foundation
import ICalendar
import RemindersICalendar
import RemindersModel
import RemindersStore

/// Event series changed here, taken to the server as one calendar object each (overrides and
/// exceptions inside), over the object last synced so that what remindersd does not map stays.
/// New ones go with `If-None-Match: *`, changed ones with `If-Match`; a 412 (changed there too)
/// brings the server's version here instead, as a download does.
extension CollectionSync {
    func uploadEvents() throws {
        let listing = try localEvents.listing()
        // Dismissals and snoozes made here change the item on the server, not the event.
        let alarmStates = try eventStore.read { store throws(StoreError) in try store.eventAlarmStatesToShare(calendar: list) }
        let plan = SyncPlan.outgoing(
            local: listing, alarmStates: Set(alarmStates.keys), synced: items, kind: itemKind, collection: href,
            movedAway: try movedAway(present: Set(listing.map(\.key))), forcesDeletion: forcesDeletion)
        try carryOut(plan) { identifier, known, target in
            guard let item = try localEvents.items([identifier]).first else { return }
            try send(item, known: known, target: target, alarmStates: alarmStates[identifier] ?? [])
        }
    }

    private func send(_ item: LocalEventCalendar.Item, known: SyncedItem?, target: String, alarmStates: [AlarmState]) throws {
        let event = item.series
        let original = item.calendarObject.flatMap { try? Component.parse($0).first { $0.name == "VCALENDAR" } }
        var object = EventWriter.object(for: event, detached: item.detached, original: original, now: options.now())
        if !alarmStates.isEmpty,
            let master = object.calendar.components.firstIndex(where: { $0.name == "VEVENT" && $0.property("RECURRENCE-ID") == nil })
        {
            AlarmState.write(alarmStates, into: &object.calendar.components[master], title: event.title)
        }
        let text = object.text
        switch attempt({ () throws(DAVError) in try there.write(FetchedItem(href: target, etag: nil, text: text, status: nil), over: known?.etag) }) {
        case .success(let stored):
            try eventStore.write { store throws(StoreError) in
                try store.setKeptCalendarObject(text, event: event.eventIdentifier)
                if let through = alarmStates.compactMap(\.acknowledged).max() {
                    try store.markAlarmStatesShared(reminder: event.eventIdentifier, through: through)
                }
            }
            try remember(
                SyncedItem(href: target, etag: stored.etag, itemIdentifier: event.eventIdentifier, kind: .event, syncedModified: item.lastChange))
            report.uploaded += 1
        case .failure(.tooLarge(let message)):
            report.skipped.append(Skipped(href: target, message: message))
        case .failure(let error) where error != .preconditionFailed:
            throw error
        case .failure:
            // Changed (or made, with the same UID) there since: the server's version comes here.
            try applyEvents(try there.items([target]))
        }
    }
}
