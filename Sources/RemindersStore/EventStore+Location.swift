import RemindersModel

extension EventStore {
    /// Where the person is now (`updateLocation`): each open reminder's location alarm learns which
    /// side of its fence that is, and a crossing in the alarm's direction is decided — recorded in
    /// the deliveries ledger as firing, for the agent to deliver — in the same transaction that
    /// moves the side, so that it fires once, whoever reports the fix and however often.
    /// The first side an alarm learns only sets it (made at home, "when I leave home" waits for
    /// leaving); a fix the fence cannot use (too inaccurate, or within its edge band) or older than
    /// the one it last used changes nothing. A client granted chosen lists reports the person's
    /// whereabouts for the alarms in them only.
    public func updateLocation(_ fix: LocationFix) throws(StoreError) -> [GeofenceTransition] {
        try store.write { () throws(StoreError) in
            var remembered = try store.rememberedSides()
            var transitions: [GeofenceTransition] = []
            for reminder in try store.remindersWatchingPlaces() {
                // A client granted chosen lists moves the fences of its lists only: the others'
                // alarms neither fire for it nor learn a side from it (nor forget theirs).
                guard sees(reminder.calendarIdentifier) else {
                    for alarm in reminder.alarms {
                        remembered[AlarmKey(reminder: reminder.calendarItemIdentifier, alarm: alarm.alarmIdentifier)] = nil
                    }
                    continue
                }
                for alarm in reminder.alarms {
                    guard let fence = Geofence(alarm) else { continue }
                    let key = AlarmKey(reminder: reminder.calendarItemIdentifier, alarm: alarm.alarmIdentifier)
                    let before = remembered.removeValue(forKey: key).flatMap { $0.fence == fence ? $0 : nil }
                    guard let side = fence.side(of: fix), before.map({ $0.seen <= fix.timestamp }) ?? true else { continue }
                    try store.remember(RememberedSide(side: side, fence: fence, seen: fix.timestamp), for: key)
                    guard let before, before.side != side, alarm.proximity.fires(arrivingOn: side) else { continue }
                    let delivery = AlarmDelivery(
                        itemIdentifier: reminder.calendarItemIdentifier, alarmIdentifier: alarm.alarmIdentifier,
                        occurrence: fix.timestamp.milliseconds, fireDate: fix.timestamp, state: .firing, late: false,
                        reason: alarm.proximity.rawValue)
                    if try store.claim(delivery, now: clock()) {
                        transitions.append(
                            GeofenceTransition(
                                reminderIdentifier: reminder.calendarItemIdentifier,
                                alarmIdentifier: alarm.alarmIdentifier, proximity: alarm.proximity))
                    }
                }
            }
            for key in remembered.keys { try store.forgetSide(of: key) }
            return transitions
        }
    }
}

extension EventStore {
    /// The geocoder the owner chose, if any (`CalendarStore.geocoder`).
    public func geocoder() throws(StoreError) -> String? { try store.read { () throws(StoreError) in try self.store.geocoder() } }

    /// Places this client can see by title: in the calendars of `entityTypes` it may read (its
    /// scope's, for a client granted chosen lists).
    public func places(titled title: String, readable entityTypes: [EntityType]) throws(StoreError) -> [Placemark] {
        try store.read { () throws(StoreError) in
            var calendars = Set<String>()
            for entityType in entityTypes { calendars.formUnion(try self.calendars(for: entityType).map(\.calendarIdentifier)) }
            return try self.store.places(titled: title, inCalendars: calendars)
        }
    }
}
