import Foundation
import RemindersICalendar
import RemindersICalendarFormat
import RemindersModel
import RemindersStore

/// A calendar's items as the face serves them: one member per reminder (a VTODO) or per event
/// series (its VEVENTs, detached occurrences included), named as the app that made it named it
/// (else by the store's identifier), its ETag the moment it last changed, its text the calendar
/// object the sync would upload — written over what an app last PUT, else over the one last
/// synced, so what remindersd does not map is there as the app or the phone's server wrote it.
struct FaceItem: Equatable {
    var identifier: String
    var version: Timestamp
    var name: String

    init(identifier: String, version: Timestamp, name: String? = nil) {
        (self.identifier, self.version, self.name) = (identifier, version, name ?? Self.defaultName(identifier))
    }

    var etag: String { "\"\(version.milliseconds)\"" }

    static func defaultName(_ identifier: String) -> String { identifier + ".ics" }
}

enum FaceItems {
    /// Every item of `calendar`, parents before subtasks.
    static func list(_ calendar: ItemCalendar, in store: CalendarStore) throws(StoreError) -> [FaceItem] {
        let names = try store.davNames(calendar: calendar.calendarIdentifier)
        switch calendar.entityType {
        case .reminder:
            let predicate = ReminderPredicate(kind: .all, calendarIdentifiers: [calendar.calendarIdentifier])
            let reminders = try store.reminders(matching: predicate, in: .gmt)
            let ordered = reminders.filter { $0.parentIdentifier == nil } + reminders.filter { $0.parentIdentifier != nil }
            return ordered.map {
                FaceItem(identifier: $0.calendarItemIdentifier, version: $0.lastModifiedDate, name: names[$0.calendarItemIdentifier])
            }
        case .event:
            var items: [FaceItem] = []
            for series in try store.series(inCalendars: [calendar.calendarIdentifier]) {
                let version = try store.lastChange(ofSeries: series.eventIdentifier) ?? series.lastModifiedDate
                items.append(FaceItem(identifier: series.eventIdentifier, version: version, name: names[series.eventIdentifier]))
            }
            return items
        }
    }

    /// The member `name` of `calendar`; nil when there is none.
    static func item(named name: String, in calendar: ItemCalendar, store: CalendarStore) throws(StoreError) -> FaceItem? {
        if let named = try store.davItem(named: name, calendar: calendar.calendarIdentifier),
            let found = try item(named, in: calendar, store: store), found.name == name
        {
            return found
        }
        guard name.hasSuffix(".ics"), let found = try item(String(name.dropLast(4)), in: calendar, store: store), found.name == name else {
            return nil
        }
        return found
    }

    /// The store's item `identifier` as a member of `calendar`, with its name; nil when it is not one.
    static func item(_ identifier: String, in calendar: ItemCalendar, store: CalendarStore) throws(StoreError) -> FaceItem? {
        let version: Timestamp
        switch calendar.entityType {
        case .reminder:
            guard let reminder = try store.reminder(identifier: identifier), reminder.calendarIdentifier == calendar.calendarIdentifier else {
                return nil
            }
            version = reminder.lastModifiedDate
        case .event:
            guard let series = try store.event(identifier: identifier), series.calendarIdentifier == calendar.calendarIdentifier,
                series.eventIdentifier == identifier
            else { return nil }
            version = try store.lastChange(ofSeries: identifier) ?? series.lastModifiedDate
        }
        let name = try store.davObject(item: identifier, calendar: calendar.calendarIdentifier)?.name
        return FaceItem(identifier: identifier, version: version, name: name)
    }

    /// The member of `calendar` the store's item `identifier` is part of — a detached occurrence is
    /// part of its series — or nil when it is not in `calendar` (removed, moved out).
    static func member(_ identifier: String, in calendar: ItemCalendar, store: CalendarStore) throws(StoreError) -> FaceItem? {
        switch calendar.entityType {
        case .reminder: return try item(identifier, in: calendar, store: store)
        case .event:
            guard let event = try store.event(identifier: identifier) else { return nil }
            return try item(event.seriesIdentifier ?? event.eventIdentifier, in: calendar, store: store)
        }
    }

    /// The item's calendar object; nil when it went since it was listed.
    static func text(of item: FaceItem, in calendar: ItemCalendar, store: CalendarStore, now: Timestamp) throws(StoreError) -> String? {
        switch calendar.entityType {
        case .reminder:
            guard let reminder = try store.reminder(identifier: item.identifier) else { return nil }
            let parentUID = try reminder.parentIdentifier.flatMap { parent throws(StoreError) in try store.reminder(identifier: parent) }?
                .calendarItemExternalIdentifier
            var base = try store.davObject(item: item.identifier, calendar: calendar.calendarIdentifier)?.text
            if base == nil { base = try store.keptCalendarObject(reminder: item.identifier)?.text }
            let original = base.flatMap { try? CalendarObject(parsing: $0) }
            return TodoWriter.object(for: reminder, parentUID: parentUID, original: original, now: now).text
        case .event:
            guard let series = try store.event(identifier: item.identifier) else { return nil }
            var base = try store.davObject(item: item.identifier, calendar: calendar.calendarIdentifier)?.text
            if base == nil { base = try store.calendarObject(event: item.identifier) }
            let original = base.flatMap { text in try? Component.parse(text).first { $0.name == "VCALENDAR" } }
            return EventWriter.object(for: series, detached: try store.detachedOccurrences(of: item.identifier), original: original, now: now)
                .text
        }
    }
}
