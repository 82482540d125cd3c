import CalDAV
import Foundation
import ICalendar
import RemindersICalendar
import RemindersModel
import RemindersStore

/// An event calendar's items that changed on the server, brought here. Events are not merged: a
/// series changed on both sides since the last sync takes the server's version, and the report
/// says what was lost here (as vdirsyncer's "b wins" does) — an event's parts hang together
/// (a moved start with its end, its overrides, its exceptions) more than a to-do's.
extension CollectionSync {
    struct DownloadedEvent {
        var href: String
        var etag: String?
        var text: String
        var calendar: Component
        var reading: EventReader.Reading
    }

    /// Items as the server sent them, each written in a savepoint of its own inside one transaction.
    func applyEvents(_ fetched: [FetchedItem]) throws {
        let readings = try fetched.compactMap(readEvent)
        try eventStore.write { _ throws(StoreError) in
            for item in readings { try self.applyOne(href: item.href, etag: item.etag) { () throws(StoreError) in try self.apply(item) } }
        }
    }

    private func readEvent(_ item: FetchedItem) throws(StoreError) -> DownloadedEvent? {
        guard let text = text(of: item) else { return nil }
        let calendar: Component
        do throws(ICalendarError) {
            guard let found = try Component.parse(text).first(where: { $0.name == "VCALENDAR" }) else {
                throw ICalendarError("no VCALENDAR in the calendar object")
            }
            calendar = found
        } catch {
            report.skipped.append(Skipped(href: item.href, message: error.description))
            try keepUnlessKnown(item)
            return nil
        }
        guard calendar.components.contains(where: { $0.name == "VEVENT" }) else {
            // A to-do or a journal entry in a collection of both kinds: not an event; left alone.
            try remember(SyncedItem(href: item.href, etag: item.etag, itemIdentifier: nil, kind: .ignored, syncedModified: nil))
            return nil
        }
        do {
            return DownloadedEvent(
                href: item.href, etag: item.etag, text: text, calendar: calendar,
                reading: try EventReader.read(calendar, now: options.now()))
        } catch {
            report.skipped.append(Skipped(href: item.href, message: error.description))
            try keepUnlessKnown(item)
            return nil
        }
    }

    private func apply(_ item: DownloadedEvent) throws(StoreError) {
        guard let event = try applyContent(item),
            let master = item.calendar.components.first(where: {
                $0.name == "VEVENT" && $0.property("RECURRENCE-ID") == nil
            })
        else { return }
        // What the server's item says of the alarms (dismissed or snoozed on another device); for
        // Thunderbird's item-wide form, an alarm fires when its last occurrence before now did.
        let zone = TimeZone.current, now = options.now()
        let states = AlarmState.read(
            master, alarms: event.alarms,
            fireDate: { alarm in
                event.alarmFirings(from: now.advanced(by: -86_400_000), to: now, in: zone)
                    .filter { $0.alarm.alarmIdentifier == alarm.alarmIdentifier }.map(\.fireDate).max()
            })
        if !states.isEmpty { try eventStore.write { store throws(StoreError) in try store.recordAlarmStates(states, of: event, in: zone) } }
    }

    /// The item's content written here; the series it now is.
    private func applyContent(_ item: DownloadedEvent) throws(StoreError) -> Event? {
        let known = items[item.href]
        // One moved to another calendar here is no longer this one's: what changed there comes back as a copy.
        var local = try known?.itemIdentifier.flatMap { identifier throws(StoreError) in try localEvents.items([identifier]).first }
        if known == nil, local == nil {
            // Made here and uploaded, and the record of it lost: the same UID here is the same event.
            // The set only when there is a candidate: built for every new item, it made an initial sync quadratic.
            let candidates = try localEvents.series(uid: item.reading.uid)
            if !candidates.isEmpty {
                let bound = Set(items.values.compactMap(\.itemIdentifier))
                if let candidate = candidates.first(where: { !bound.contains($0.eventIdentifier) }) {
                    local = try localEvents.items([candidate.eventIdentifier]).first
                }
            }
        }
        var incoming = LocalEventCalendar.Item(
            series: item.reading.series, detached: item.reading.detached, calendarObject: item.text,
            lastChange: item.reading.series.lastModifiedDate)
        guard let local else {
            if known?.kind == .event {
                report.notes.append("\"\(item.reading.series.title)\" came back: it changed on the server after it was removed here")
            }
            let written = try localEvents.write(incoming, over: nil)
            try remember(
                SyncedItem(
                    href: item.href, etag: item.etag, itemIdentifier: written.series.eventIdentifier, kind: .event, syncedModified: written.lastChange
                ))
            report.downloaded += 1
            return written.series
        }
        let series = local.series
        if series.sameContent(as: item.reading.series), local.detached.count == item.reading.detached.count,
            zip(local.detached, item.reading.detached.sorted { ($0.originalOccurrence ?? 0) < ($1.originalOccurrence ?? 0) }).allSatisfy({
                $0.sameContent(as: $1)
            })
        {
            // The server rewrote what it stores, or both sides made the same change: nothing to do.
            try eventStore.write { store throws(StoreError) in try store.setKeptCalendarObject(item.text, event: series.eventIdentifier) }
            try remember(
                SyncedItem(href: item.href, etag: item.etag, itemIdentifier: series.eventIdentifier, kind: .event, syncedModified: local.lastChange))
            return series
        }
        if local.lastChange > (known?.syncedModified ?? Timestamp(milliseconds: Int64.min)) {
            report.conflicts.append(
                Conflict(
                    uid: series.calendarItemExternalIdentifier, title: series.title, property: "event", kept: "server",
                    lostValue: "the changes made here to \"\(series.title)\" since the last sync"))
        }
        incoming.series.eventIdentifier = series.eventIdentifier
        let written = try localEvents.write(incoming, over: local.lastChange)
        try remember(
            SyncedItem(
                href: item.href, etag: item.etag, itemIdentifier: written.series.eventIdentifier, kind: .event, syncedModified: written.lastChange))
        report.downloaded += 1
        return written.series
    }
}
