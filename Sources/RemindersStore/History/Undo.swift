import RemindersModel

/// Undoing a change: a made item is removed, a changed one gets back what it was, a removed one
/// comes back with its identifier, alarms, subtasks and sync state (a list with its reminders, an
/// event calendar with its events, a series with its detached occurrences).
/// An undo is a change like any other (it records which one it undid), so it can be undone too.
/// Refused, changing nothing, when the item changed since in a way the undo would overwrite.
extension CalendarStore {
    /// Undoes change `id` and the rest of its undo group not undone yet (what was done with it:
    /// the series a completion moved on, the subtasks a move carried), newest first — only when
    /// each is `author`'s, if given (a write-only client's own: its name and program), and of one of `kinds` (those of the
    /// entity types the client may change), if given. Returns the changes the undo made.
    /// `calendars`: only a change of an item in one of these (a client granted chosen lists may
    /// change only those); one outside them is unknown to it.
    public func undo(
        change id: Int64, onlyBy author: ChangeAuthor? = nil, kinds: Set<ItemChange.Kind>? = nil, calendars: Set<String>? = nil
    ) throws(StoreError) -> [ItemChange] {
        try write { () throws(StoreError) in
            let mark = try self.sqlite { () throws(SQLiteError) in try self.database.scalar("SELECT max(id) FROM changes")?.integer ?? 0 }
            if let calendars, let change = try self.change(identifier: id), !change.lies(within: calendars) {
                throw .notFound(kind: "change", identifier: String(id))
            }
            let group = try self.sqlite { () throws(SQLiteError) in try self.undoGroup(with: id) }
            try self.requireReachable(group.filter { $0 != id }, together: id, calendars: calendars)
            try self.asOneUndoGroup { () throws(StoreError) in
                for member in group { try self.undoOne(member, onlyBy: author, kinds: kinds) }
            }
            return try self.changesMade(after: mark)
        }
    }

    /// Undoes the last `count` things `client` did that are not undone yet (undos aside) — each an
    /// undo group, its changes newest first; of `kinds` only, if given; run as `program` only, if
    /// given (a write-only client's own).
    public func undo(
        client: String, program: String? = nil, count: Int, kinds: Set<ItemChange.Kind>? = nil, calendars: Set<String>? = nil
    ) throws(StoreError) -> [ItemChange] {
        guard count >= 1, count <= 100 else { throw .invalid(ValidationError(field: "count", "must be 1 to 100")) }
        return try write { () throws(StoreError) in
            let groups = try self.sqlite { () throws(SQLiteError) -> [Int64] in
                let statement = try self.database.statement(
                    """
                    SELECT coalesce(c.undo_group, c.id) AS g FROM changes c JOIN change_authors a ON a.id = c.author
                    WHERE a.client = ? AND (? IS NULL OR a.program = ?) AND c.part_of IS NULL AND c.undoes IS NULL
                        AND instr(?, ' ' || c.kind || ' ') > 0
                        AND (? IS NULL OR (instr(?, char(10) || c.calendar || char(10)) > 0
                            AND (c.from_calendar IS NULL OR instr(?, char(10) || c.from_calendar || char(10)) > 0)))
                        AND NOT EXISTS (SELECT 1 FROM changes u WHERE u.undoes = c.id)
                    GROUP BY g ORDER BY g DESC LIMIT ?
                    """)
                defer { statement.reset() }
                let allowed = " " + (kinds ?? Set(ItemChange.Kind.allCases)).map(\.rawValue).joined(separator: " ") + " "
                let within = calendars.map { "\n" + $0.sorted().joined(separator: "\n") + "\n" }
                try statement.bind([
                    .text(client), program.sql, program.sql, .text(allowed), within.sql, within.sql, within.sql, .integer(Int64(count)),
                ])
                var groups: [Int64] = []
                while try statement.step() { groups.append(statement.int64(0)) }
                return groups
            }
            guard !groups.isEmpty else {
                throw .invalid(ValidationError(field: "client", "\(client) has no change in the history left to undo"))
            }
            let mark = try self.sqlite { () throws(SQLiteError) in try self.database.scalar("SELECT max(id) FROM changes")?.integer ?? 0 }
            for group in groups {
                let members = try self.sqlite { () throws(SQLiteError) in try self.undoGroupMembers(group) }
                try self.requireReachable(members, together: group, calendars: calendars, kinds: kinds)
                try self.asOneUndoGroup { () throws(StoreError) in
                    for id in members { try self.undoOne(id, onlyBy: nil, kinds: nil) }
                }
            }
            return try self.changesMade(after: mark)
        }
    }

    /// The top-level changes of undo group `group` that are not undone yet, newest first.
    private func undoGroupMembers(_ group: Int64) throws(SQLiteError) -> [Int64] {
        let statement = try database.statement(
            """
            SELECT id FROM changes m WHERE m.part_of IS NULL AND (m.id = ?1 OR m.undo_group = ?1)
                AND NOT EXISTS (SELECT 1 FROM changes u WHERE u.undoes = m.id)
            ORDER BY m.id DESC
            """)
        defer { statement.reset() }
        try statement.bind([.integer(group)])
        var members: [Int64] = []
        while try statement.step() { members.append(statement.int64(0)) }
        return members
    }

    /// Change `id` and, when it is no part of another, the rest of its undo group not undone yet,
    /// newest first (`id` whatever it is: undoing it again says why it cannot be).
    private func undoGroup(with id: Int64) throws(SQLiteError) -> [Int64] {
        let statement = try database.statement("SELECT part_of IS NULL, coalesce(undo_group, id) FROM changes WHERE id = ?")
        defer { statement.reset() }
        try statement.bind([.integer(id)])
        guard try statement.step(), statement.int64(0) != 0 else { return [id] }
        let group = statement.int64(1)
        statement.reset()
        return Set(try undoGroupMembers(group) + [id]).sorted(by: >)
    }

    /// A group is undone whole or not at all: one of its changes outside what the client may
    /// change refuses the undo.
    private func requireReachable(
        _ members: [Int64], together id: Int64, calendars: Set<String>?, kinds: Set<ItemChange.Kind>? = nil
    ) throws(StoreError) {
        guard calendars != nil || kinds != nil else { return }
        for member in members {
            guard let change = try change(identifier: member) else { continue }
            let outside = calendars.map { !change.lies(within: $0) } ?? false
            if outside || !(kinds?.contains(change.kind) ?? true) {
                throw .invalid(
                    ValidationError(
                        field: "changeIdentifier",
                        "change \(id) was made together with a change this client cannot undo; they are undone together or not at all"))
            }
        }
    }

    private func changesMade(after mark: Int64) throws(StoreError) -> [ItemChange] {
        let ids = try sqlite { () throws(SQLiteError) -> [Int64] in
            let statement = try self.database.statement("SELECT id FROM changes WHERE id > ? AND part_of IS NULL ORDER BY id")
            defer { statement.reset() }
            try statement.bind([.integer(mark)])
            var ids: [Int64] = []
            while try statement.step() { ids.append(statement.int64(0)) }
            return ids
        }
        var made: [ItemChange] = []
        for id in ids { if let change = try change(identifier: id) { made.append(change) } }
        return made
    }

    private func undoOne(_ id: Int64, onlyBy author: ChangeAuthor?, kinds: Set<ItemChange.Kind>?) throws(StoreError) {
        guard let change = try change(identifier: id) else {
            let oldest = try sqlite { () throws(SQLiteError) in try self.oldestChange() }
            if let oldest, id < oldest {
                throw .invalid(
                    ValidationError(field: "changeIdentifier", "change \(id) is older than the history keeps (it begins at change \(oldest))"))
            }
            throw .notFound(kind: "change", identifier: String(id))
        }
        if let author, change.client != author.client || change.program != author.program {
            throw .invalid(
                ValidationError(
                    field: "changeIdentifier",
                    "change \(id) was made by \(change.client) (\(change.program)); a write-only client undoes only its own"))
        }
        if let kinds, !kinds.contains(change.kind) {
            throw .invalid(
                ValidationError(
                    field: "changeIdentifier",
                    "change \(id) is of \(change.kind == .event || change.kind == .calendar ? "events" : "reminders"), which this client has no access to"
                ))
        }
        let outer = history
        history.undoing = id
        history.partOf = nil
        defer {
            history.undoing = outer.undoing
            history.partOf = outer.partOf
            history.restoring = outer.restoring
        }
        try requireUnchangedSince(change, id: id)
        switch (change.kind, change.action) {
        case (.reminder, .created), (.reminder, .restored):
            try removeAgain(reminder: change.itemIdentifier)
        case (.reminder, .changed), (.reminder, .completed), (.reminder, .moved):
            guard case .reminder(let before)? = change.before else { throw missingCopy(id) }
            try putBack(before)
        case (.reminder, .removed):
            try restoreReminder(removedBy: id)
        case (.event, .created), (.event, .restored):
            try removeAgain(event: change.itemIdentifier)
        case (.event, .changed), (.event, .completed), (.event, .moved):
            guard case .event(let before)? = change.before else { throw missingCopy(id) }
            try putBack(before)
        case (.event, .removed):
            try restoreEvent(removedBy: id)
        case (.list, .created), (.list, .restored), (.calendar, .created), (.calendar, .restored):
            try removeAgain(list: change.itemIdentifier)
        case (.list, .changed), (.list, .moved), (.list, .completed), (.calendar, .changed), (.calendar, .moved), (.calendar, .completed):
            guard case .list(let before)? = change.before else { throw missingCopy(id) }
            guard var list = try calendar(identifier: change.itemIdentifier) else { throw gone(change) }
            list.title = before.title
            list.color = before.color
            list.allowsContentModifications = before.allowsContentModifications
            try updateCalendar(list)
        case (.list, .removed), (.calendar, .removed):
            try restoreList(removedBy: id)
        }
    }

    func missingCopy(_ id: Int64) -> StoreError {
        .invalid(ValidationError(field: "changeIdentifier", "the history has no copy of what change \(id) overwrote"))
    }

    func gone(_ change: ItemChange) -> StoreError {
        .invalid(ValidationError(field: "changeIdentifier", "the \(change.kind) \(change.itemIdentifier) was removed since; restore it first"))
    }

    /// Refuses when the item is no longer what the change left: what it left is what the next
    /// change of it found (its copy), or, with none since, what it is now.
    private func requireUnchangedSince(_ change: ItemChange, id: Int64) throws(StoreError) {
        // The first and the last change of the item since, in one read of the changes after it.
        let (next, latest) = try sqlite { () throws(SQLiteError) -> (Int64?, Int64?) in
            let statement = try self.database.statement("SELECT min(id), max(id) FROM changes WHERE item = ? AND id > ?")
            defer { statement.reset() }
            try statement.bind([.text(change.itemIdentifier), .integer(id)])
            guard try statement.step() else { return (nil, nil) }
            return (statement.optionalInt64(0), statement.optionalInt64(1))
        }
        switch change.kind {
        case .reminder:
            let now = try reminder(identifier: change.itemIdentifier)
            if change.action == .removed {
                guard now == nil else {
                    throw .invalid(
                        ValidationError(
                            field: "changeIdentifier", "the reminder \(change.itemIdentifier) is there again; there is nothing to restore"))
                }
                return
            }
            guard let now else { throw gone(change) }
            guard let next, let latest else { return }
            guard let left = try sqlite({ () throws(SQLiteError) in try self.copiedReminder(madeBy: next) }) else { return }
            let fields = ItemDifference.fields(left, now)
            if !fields.isEmpty { throw .changedSince(kind: "reminder", identifier: change.itemIdentifier, fields: fields, change: String(latest)) }
        case .list, .calendar:
            let now = try calendar(identifier: change.itemIdentifier)
            if change.action == .removed {
                guard now == nil else {
                    throw .invalid(
                        ValidationError(
                            field: "changeIdentifier", "the \(change.kind) \(change.itemIdentifier) is there again; there is nothing to restore"))
                }
                return
            }
            guard let now else { throw gone(change) }
            guard let next, let latest else { return }
            guard let left = try sqlite({ () throws(SQLiteError) in try self.copiedCalendar(madeBy: next) }) else { return }
            let fields = ItemDifference.fields(left, now)
            if !fields.isEmpty {
                throw .changedSince(kind: change.kind.rawValue, identifier: change.itemIdentifier, fields: fields, change: String(latest))
            }
        case .event:
            try requireEventUnchanged(since: change, next: next, latest: latest)
        }
    }

    // MARK: Reminders

    private func removeAgain(reminder identifier: String) throws(StoreError) {
        guard try reminder(identifier: identifier) != nil else { return }
        _ = try deleteReminder(identifier: identifier)
    }

    /// Writes back what a reminder was, as a new version of it.
    private func putBack(_ before: Reminder) throws(StoreError) {
        guard let now = try reminder(identifier: before.calendarItemIdentifier) else {
            throw .invalid(
                ValidationError(field: "changeIdentifier", "the reminder \(before.calendarItemIdentifier) was removed since; restore it first"))
        }
        var reminder = before
        try requireHome(of: reminder)
        reminder.lastModifiedDate = max(clock(), now.lastModifiedDate.advanced(by: 1))
        _ = try updateReminder(reminder)
    }

    /// A restored reminder's list must still be there, and its parent.
    private func requireHome(of reminder: Reminder) throws(StoreError) {
        guard let list = try calendar(identifier: reminder.calendarIdentifier), list.entityType == .reminder else {
            throw .invalid(
                ValidationError(
                    field: "changeIdentifier",
                    "the list \(reminder.calendarIdentifier) that \"\(reminder.title)\" was in no longer exists; restore the list first"))
        }
        if let parent = reminder.parentIdentifier, try self.reminder(identifier: parent) == nil {
            throw .invalid(
                ValidationError(field: "changeIdentifier", "the reminder \(parent) that \"\(reminder.title)\" was a subtask of no longer exists"))
        }
    }

    /// Puts back the reminder change `id` removed, and the subtasks removed with it.
    func restoreReminder(removedBy id: Int64, syncLink: Bool = true) throws(StoreError) {
        guard var reminder = try sqlite({ () throws(SQLiteError) in try self.copiedReminder(madeBy: id) }) else { throw missingCopy(id) }
        guard try self.reminder(identifier: reminder.calendarItemIdentifier) == nil else { return }
        try requireHome(of: reminder)
        reminder.lastModifiedDate = max(clock(), reminder.lastModifiedDate.advanced(by: 1))
        let outer = history.restoring
        history.restoring = true
        try insertReminder(reminder)
        history.restoring = outer
        try sqlite { () throws(SQLiteError) in
            let row = try self.database.scalar("SELECT id FROM reminders WHERE identifier = ?", .text(reminder.calendarItemIdentifier))?.integer ?? 0
            try self.database.run(
                "INSERT OR REPLACE INTO reminder_icalendar (reminder, text, href) SELECT ?, icalendar, icalendar_href FROM change_reminders WHERE change = ? AND icalendar IS NOT NULL",
                .integer(row), .integer(id))
            // Not yet removed on the server: the item's tombstone becomes its link again (a sync
            // that already removed it there finds it new, and sends it back).
            if syncLink {
                try self.database.run(
                    """
                    UPDATE sync_items SET reminder = ? WHERE reminder IS NULL
                        AND calendar = (SELECT sync_calendar FROM change_reminders WHERE change = ?)
                        AND href = (SELECT sync_href FROM change_reminders WHERE change = ?)
                    """, .text(reminder.calendarItemIdentifier), .integer(id), .integer(id))
            }
        }
        let restored = try sqlite { () throws(SQLiteError) in try self.database.scalar("SELECT max(id) FROM changes")?.integer ?? 0 }
        let outerPart = history.partOf
        history.partOf = restored
        defer { history.partOf = outerPart }
        for part in try parts(of: id) { try restoreReminder(removedBy: part, syncLink: syncLink) }
    }

    func parts(of id: Int64) throws(StoreError) -> [Int64] {
        try sqlite { () throws(SQLiteError) in
            // Parents before their subtasks.
            let statement = try self.database.statement(
                """
                SELECT c.id FROM changes c LEFT JOIN change_reminders r ON r.change = c.id
                WHERE c.part_of = ? AND c.action = 'removed' ORDER BY r.parent IS NOT NULL, c.id
                """)
            defer { statement.reset() }
            try statement.bind([.integer(id)])
            var ids: [Int64] = []
            while try statement.step() { ids.append(statement.int64(0)) }
            return ids
        }
    }

    // MARK: Lists

    private func removeAgain(list identifier: String) throws(StoreError) {
        guard let list = try calendar(identifier: identifier) else { return }
        guard try calendarCount(for: list.entityType) > 1 else {
            let kind = Self.kind(of: list.entityType)
            throw .invalid(
                ValidationError(field: "changeIdentifier", "the \(kind) \(identifier) is the last one, and the last \(kind) cannot be removed"))
        }
        try rememberRemovedCollection(calendar: identifier)
        _ = try deleteCalendar(identifier: identifier)
        try storeDefaultCalendar()
    }

    /// Puts back the list (or event calendar) change `id` removed, with its reminders (or events),
    /// and its collection: as it was
    /// when the server still has it (its tombstone not yet sent), else to be made there again by
    /// the next sync, which then sends its reminders too.
    private func restoreList(removedBy id: Int64) throws(StoreError) {
        let restoredList = try sqlite { () throws(SQLiteError) -> (String, wasDefault: Bool, EntityType)? in
            let statement = try self.database.statement(
                """
                SELECT c.identifier, c.title, c.sync_account, c.sync_href, c.was_default,
                    (SELECT identifier FROM sources WHERE identifier = c.source),
                    (SELECT source FROM accounts WHERE name = c.sync_account),
                    EXISTS (SELECT 1 FROM sync_removed_collections WHERE account = c.sync_account AND href = c.sync_href),
                    c.entity_type
                FROM change_calendars c WHERE c.change = ?
                """)
            defer { statement.reset() }
            try statement.bind([.integer(id)])
            guard try statement.step(), let identifier = statement.text(0) else { return nil }
            let (title, account, href, wasDefault) = (statement.text(1) ?? "", statement.text(2), statement.text(3), statement.int64(4) != 0)
            let entityType = statement.text(8).flatMap(EntityType.init(rawValue:)) ?? .reminder
            let accountSource = statement.text(6)
            let source = account == nil ? statement.text(5) : accountSource
            let onServer = statement.int64(7) != 0
            statement.reset()
            let local = try self.database.scalar("SELECT identifier FROM sources WHERE type = 'local' ORDER BY rowid LIMIT 1")?.text ?? ""
            let synced = account != nil && accountSource != nil
            try self.database.run(
                """
                INSERT INTO calendars (identifier, source, title, color, type, allows_modifications, creation_date, entity_type)
                SELECT identifier, ?, title, color, ?, allows_modifications, creation_date, entity_type FROM change_calendars WHERE change = ?
                """, .text(source ?? local), .text(synced ? CalendarType.calDAV.rawValue : CalendarType.local.rawValue), .integer(id))
            if synced, let account {
                if onServer, let href {
                    try self.database.run("DELETE FROM sync_removed_collections WHERE account = ? AND href = ?", .text(account), .text(href))
                }
                try self.database.run(
                    """
                    INSERT INTO sync_collections (calendar, account, entity_type, href, sync_token, ctag, title, color)
                    SELECT identifier, sync_account, entity_type, ?, ?, ?, sync_title, sync_color FROM change_calendars WHERE change = ?
                    """, (onServer ? href : nil).sql, .null, .null, .integer(id))
                if onServer {
                    try self.database.run(
                        "UPDATE sync_collections SET sync_token = (SELECT sync_token FROM change_calendars WHERE change = ?), ctag = (SELECT sync_ctag FROM change_calendars WHERE change = ?) WHERE calendar = ?",
                        .integer(id), .integer(id), .text(identifier))
                }
            }
            self.listCache = ListCache()
            try self.recordChange(
                .restored, kind: Self.kind(of: entityType), item: identifier, title: title, calendar: identifier, afterModified: nil)
            return (identifier, wasDefault, entityType)
        }
        guard let (identifier, wasDefault, entityType) = restoredList else { throw missingCopy(id) }
        if wasDefault { try setDefaultCalendar(identifier, for: entityType) }
        let restored = try sqlite { () throws(SQLiteError) in try self.database.scalar("SELECT max(id) FROM changes")?.integer ?? 0 }
        let outerPart = history.partOf
        history.partOf = restored
        for part in try parts(of: id) {
            if entityType == .event {
                try restoreEvent(removedBy: part, syncLink: false)
            } else {
                try restoreReminder(removedBy: part, syncLink: false)
            }
        }
        history.partOf = outerPart
        // The items of a collection the server still has keep what was last synced of them; a
        // collection made anew has none, so the next sync sends every reminder.
        try sqlite { () throws(SQLiteError) in
            try self.database.run(
                """
                INSERT OR IGNORE INTO sync_items (calendar, href, etag, reminder, event, kind, synced_modified, parent_uid)
                SELECT ?1, s.href, s.etag, (SELECT identifier FROM reminders WHERE identifier = s.reminder AND calendar = ?1),
                    (SELECT identifier FROM events WHERE identifier = s.event AND calendar = ?1), s.kind, s.synced_modified, s.parent_uid
                FROM change_sync_items s WHERE s.change = ?2 AND EXISTS (SELECT 1 FROM sync_collections WHERE calendar = ?1 AND href IS NOT NULL)
                """, .text(identifier), .integer(id))
        }
        try storeDefaultCalendar()
    }
}
