import RemindersModel

/// What a sync would take to the server, told cheaply enough to ask after every commit: whether
/// a reminder or event of a synced calendar changed here since an instant and is not yet as
/// synced, how many removed items wait to be removed there, and how many calendars wait to be
/// made there. The always-on sync asks it to tell a change made here from its own writes.
public struct SyncBacklog: Equatable, Sendable {
    public var changedSince: Bool
    public var removed: Int
    public var calendarsToMake: Int

    public init(changedSince: Bool = false, removed: Int = 0, calendarsToMake: Int = 0) {
        self.changedSince = changedSince; self.removed = removed; self.calendarsToMake = calendarsToMake
    }

    /// Work for a sync beyond what `baseline` (the backlog a sync left, its items skipped or withheld) already held.
    public func exceeds(_ baseline: SyncBacklog) -> Bool {
        changedSince || removed > baseline.removed || calendarsToMake > baseline.calendarsToMake
    }
}

extension CalendarStore {
    public func syncBacklog(changedSince since: Timestamp) throws(StoreError) -> SyncBacklog {
        try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                let changed = try self.database.scalar(Self.changedSinceQuery, .integer(since.milliseconds))?.integer ?? 0
                let removed =
                    try self.database.scalar(
                        "SELECT count(*) FROM sync_items WHERE reminder IS NULL AND event IS NULL AND kind IN ('reminder', 'event')")?.integer ?? 0
                let calendars =
                    try self.database.scalar(
                        """
                        SELECT count(*) FROM calendars k JOIN accounts a ON a.source = k.source
                        WHERE NOT EXISTS (SELECT 1 FROM sync_collections c WHERE c.calendar = k.identifier AND c.href IS NOT NULL)
                        """)?.integer ?? 0
                return SyncBacklog(changedSince: changed != 0, removed: Int(removed), calendarsToMake: Int(calendars))
            }
        }
    }

    /// A reminder, or an event (a series or one of its detached occurrences), of a synced
    /// calendar that is new here or changed since it was synced — as the upload decides — and
    /// changed at or after `?1`; or an alarm of one dismissed or snoozed since then.
    static let changedSinceQuery = """
        SELECT EXISTS (
            SELECT 1 FROM reminders r JOIN sync_collections c ON c.calendar = r.calendar
            LEFT JOIN sync_items i ON i.calendar = r.calendar AND i.reminder = r.identifier
            WHERE r.last_modified >= ?1 AND (i.href IS NULL OR i.etag IS NULL OR r.last_modified > coalesce(i.synced_modified, -1))
        ) OR EXISTS (
            SELECT 1 FROM events e JOIN sync_collections c ON c.calendar = e.calendar
            LEFT JOIN sync_items i ON i.calendar = e.calendar AND i.event = coalesce(e.series, e.identifier)
            WHERE e.last_modified >= ?1 AND (i.href IS NULL OR i.etag IS NULL OR e.last_modified > coalesce(i.synced_modified, -1))
        ) OR EXISTS (
            SELECT 1 FROM alarm_deliveries d JOIN reminders r ON r.identifier = d.reminder JOIN sync_collections c ON c.calendar = r.calendar
            WHERE d.to_share >= ?1 AND \(sharedCondition)
        ) OR EXISTS (
            SELECT 1 FROM alarm_deliveries d JOIN events e ON e.identifier = d.reminder JOIN sync_collections c ON c.calendar = e.calendar
            WHERE d.to_share >= ?1 AND e.series IS NULL AND d.state IN ('dismissed', 'snoozed')
        )
        """
}
