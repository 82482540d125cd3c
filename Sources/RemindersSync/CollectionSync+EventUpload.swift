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
        let series = try store.series(inCalendars: [list])
        // Dismissals and snoozes made here change the item on the server, not the event.
        let alarmStates = try store.eventAlarmStatesToShare(calendar: list)
        let byIdentifier = Dictionary(series.map { ($0.eventIdentifier, $0) }, uniquingKeysWith: { first, _ in first })
        var lastChanges: [String: Timestamp] = [:]
        for event in series { lastChanges[event.eventIdentifier] = try store.lastChange(ofSeries: event.eventIdentifier) ?? event.lastModifiedDate }
        let plan = SyncPlan.outgoing(local: series.map { event in
            SyncPlan.LocalItem(identifier: event.eventIdentifier, uid: event.calendarItemExternalIdentifier, title: event.title,
                               lastChange: lastChanges[event.eventIdentifier] ?? event.lastModifiedDate,
                               hasAlarmState: alarmStates[event.eventIdentifier] != nil)
        }, synced: items, kind: itemKind, collection: href, movedAway: try movedAway(present: Set(byIdentifier.keys)),
           forcesDeletion: forcesDeletion)
        try carryOut(plan) { identifier, known, target in
            guard let event = byIdentifier[identifier], let lastChange = lastChanges[identifier] else { return }
            try send(event, lastChange: lastChange, known: known, target: target, alarmStates: alarmStates[identifier] ?? [])
        }
    }

    private func send(_ event: Event, lastChange: Timestamp, known: SyncedItem?, target: String, alarmStates: [AlarmState]) throws {
        let detached = try store.detachedOccurrences(of: event.eventIdentifier)
        let original = try store.calendarObject(event: event.eventIdentifier)
            .flatMap { try? Component.parse($0).first { $0.name == "VCALENDAR" } }
        var object = EventWriter.object(for: event, detached: detached, original: original, now: options.now())
        if !alarmStates.isEmpty, let master = object.calendar.components.firstIndex(where: { $0.name == "VEVENT" && $0.property("RECURRENCE-ID") == nil }) {
            AlarmState.write(alarmStates, into: &object.calendar.components[master], title: event.title)
        }
        let text = object.text
        switch attempt({ () throws(DAVError) in try client.put(text, at: target, known?.etag.map(Precondition.ifMatch) ?? .ifNoneMatch) }) {
        case .success(let newETag):
            try store.write { () throws(StoreError) in
                try self.store.setKeptCalendarObject(text, event: event.eventIdentifier)
                if let through = alarmStates.compactMap(\.acknowledged).max() {
                    try self.store.markAlarmStatesShared(reminder: event.eventIdentifier, through: through)
                }
            }
            remember(SyncedItem(href: target, etag: newETag, itemIdentifier: event.eventIdentifier, kind: .event, syncedModified: lastChange))
            report.uploaded += 1
        case .failure(.tooLarge(let message)):
            report.skipped.append(Skipped(href: target, message: message))
        case .failure(let error) where error != .preconditionFailed:
            throw error
        case .failure:
            // Changed (or made, with the same UID) there since: the server's version comes here.
            try applyEvents(try client.fetch([target], in: href))
        }
    }
}
