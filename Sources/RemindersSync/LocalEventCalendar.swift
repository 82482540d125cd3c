import RemindersModel
import RemindersStore

/// An event calendar of the store as one side of its sync: its series, each with its detached
/// occurrences and the calendar object it was last synced as, versioned by the last change of any
/// of them. Written in read-only calendars too: the server's content is what they hold.
struct LocalEventCalendar: LocalCalendar {
    struct Item: LocalItem {
        var series: Event
        var detached: [Event]
        var calendarObject: String?
        /// When the series or one of its detached occurrences last changed here (its version).
        var lastChange: Timestamp

        var key: String { series.eventIdentifier }
        var version: Timestamp { lastChange }
    }

    let eventStore: EventStore
    let identifier: String

    func listing() throws(StoreError) -> [Listed<Timestamp>] {
        try eventStore.read { store throws(StoreError) in
            var listed: [Listed<Timestamp>] = []
            for series in try store.series(inCalendars: [identifier]) {
                let lastChange = try store.lastChange(ofSeries: series.eventIdentifier) ?? series.lastModifiedDate
                listed.append(
                    Listed(key: series.eventIdentifier, version: lastChange, uid: series.calendarItemExternalIdentifier, title: series.title))
            }
            return listed
        }
    }

    func items(_ keys: [String]) throws(StoreError) -> [Item] {
        // One snapshot per batch: a series read with its detached occurrences from before another
        // program's commit and its calendar object from after would go up as neither.
        try eventStore.read { store throws(StoreError) in
            var found: [Item] = []
            for key in keys {
                guard let series = try store.event(identifier: key), series.calendarIdentifier == identifier else { continue }
                found.append(
                    Item(
                        series: series, detached: try store.detachedOccurrences(of: key), calendarObject: try store.calendarObject(event: key),
                        lastChange: try store.lastChange(ofSeries: key) ?? series.lastModifiedDate))
            }
            return found
        }
    }

    func write(_ item: Item, over version: Timestamp?) throws(StoreError) -> Item {
        let written = try eventStore.writeSyncedEvent(
            item.series, detached: item.detached, calendarObject: item.calendarObject ?? "", into: identifier,
            over: version.map { ItemVersion(identifier: item.series.eventIdentifier, lastChange: $0) })
        return try eventStore.read { store throws(StoreError) in
            Item(
                series: written, detached: try store.detachedOccurrences(of: written.eventIdentifier), calendarObject: item.calendarObject,
                lastChange: try store.lastChange(ofSeries: written.eventIdentifier) ?? written.lastModifiedDate)
        }
    }

    func remove(_ key: String, at version: Timestamp?) throws(StoreError) {
        var lastChange = version
        if lastChange == nil { lastChange = try eventStore.read { store throws(StoreError) in try store.lastChange(ofSeries: key) } }
        guard let lastChange else { return }
        try eventStore.removeSyncedEvent(ItemVersion(identifier: key, lastChange: lastChange))
    }

    func listed(_ key: String) throws(StoreError) -> Listed<Timestamp>? {
        try eventStore.read { store throws(StoreError) in
            guard let series = try store.event(identifier: key), series.calendarIdentifier == identifier,
                let lastChange = try store.lastChange(ofSeries: key)
            else { return nil }
            return Listed(key: key, version: lastChange, uid: series.calendarItemExternalIdentifier, title: series.title)
        }
    }

    func calendar(of key: String) throws(StoreError) -> String? {
        try eventStore.read { store throws(StoreError) in try store.event(identifier: key)?.calendarIdentifier }
    }

    func keys(uid: String) throws(StoreError) -> [String] {
        try eventStore.read { store throws(StoreError) in try store.events(externalIdentifier: uid) }
            .filter { $0.calendarIdentifier == identifier }.map(\.eventIdentifier)
    }

    /// Only the text: an event is never merged, so what it was synced as needs no href to be a base.
    func keep(_ object: KeptCalendarObject, of key: String) throws(StoreError) {
        try eventStore.write { store throws(StoreError) in try store.setKeptCalendarObject(object.text, event: key) }
    }

    func alarmStatesToShare() throws(StoreError) -> [String: [AlarmState]] {
        try eventStore.read { store throws(StoreError) in try store.eventAlarmStatesToShare(calendar: identifier) }
    }

    func markAlarmStatesShared(of key: String, through: Timestamp) throws(StoreError) {
        try eventStore.write { store throws(StoreError) in try store.markAlarmStatesShared(reminder: key, through: through) }
    }
}
