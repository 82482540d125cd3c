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
        var itemOf: [String: SyncedItem] = [:]
        for item in items.values { if let identifier = item.itemIdentifier { itemOf[identifier] = item } }
        for event in series {
            if options.isCancelled() { throw SyncError("cancelled") }
            let known = itemOf[event.eventIdentifier]
            let lastChange = try store.lastChange(ofSeries: event.eventIdentifier) ?? event.lastModifiedDate
            let changed = known.map { $0.etag == nil || lastChange > ($0.syncedModified ?? Timestamp(milliseconds: Int64.min)) } ?? true
            guard changed else { continue }
            if options.dryRun { report.uploaded += 1; continue }
            let target = known?.href ?? Href.item(uid: event.calendarItemExternalIdentifier, in: href)
            try eachItem(target, title: event.title) { try send(event, lastChange: lastChange, known: known, target: target) }
        }
        try removeGone(present: Set(series.map(\.eventIdentifier)))
    }

    private func send(_ event: Event, lastChange: Timestamp, known: SyncedItem?, target: String) throws {
        let detached = try store.detachedOccurrences(of: event.eventIdentifier)
        let original = try store.calendarObject(event: event.eventIdentifier)
            .flatMap { try? Component.parse($0).first { $0.name == "VCALENDAR" } }
        let text = EventWriter.object(for: event, detached: detached, original: original, now: options.now()).text
        switch attempt({ () throws(DAVError) in try client.put(text, at: target, known?.etag.map(Precondition.ifMatch) ?? .ifNoneMatch) }) {
        case .success(let newETag):
            try store.write { () throws(StoreError) in try self.store.setKeptCalendarObject(text, event: event.eventIdentifier) }
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
