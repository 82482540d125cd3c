import RemindersModel

/// Reading the history: pages of changes, newest first, and the trash — the removals whose item
/// is still gone.
extension CalendarStore {
    private static let changeSelect = """
        SELECT c.id, c.time, a.client, a.program, a.account, c.action, c.kind, c.item, c.title, c.calendar, c.undoes, c.part_of,
            c.undo_group, c.from_calendar
        FROM changes c JOIN change_authors a ON a.id = c.author
        """

    /// A page of changes, newest first, each with what its item was before.
    public func changes(_ filter: ChangesFilter) throws(StoreError) -> ChangesPage {
        try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                var conditions: [String] = []
                var values: [SQLValue] = []
                if let before = filter.before { conditions.append("c.id < ?"); values.append(.integer(before)) }
                if let item = filter.itemIdentifier { conditions.append("c.item = ?"); values.append(.text(item)) }
                if let client = filter.client { conditions.append("a.client = ?"); values.append(.text(client)) }
                if let program = filter.program { conditions.append("a.program = ?"); values.append(.text(program)) }
                if let since = filter.since { conditions.append("c.time >= ?"); values.append(.integer(since.milliseconds)) }
                if let until = filter.until { conditions.append("c.time < ?"); values.append(.integer(until.milliseconds)) }
                if let kinds = filter.kinds { conditions.append(Self.kindCondition(kinds)) }
                if let calendars = filter.calendars {
                    let within = Self.condition(within: calendars)
                    conditions.append(within.sql)
                    values += within.values
                }
                let condition = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
                let statement = try self.database.statement(Self.changeSelect + condition + " ORDER BY c.id DESC LIMIT ?")
                defer { statement.reset() }
                try statement.bind(values + [.integer(Int64(filter.limit) + 1)])
                var changes: [(Int64, ItemChange)] = []
                while try statement.step() { changes.append((statement.int64(0), try Self.change(from: statement))) }
                statement.reset()
                let more = changes.count > filter.limit
                if more { changes.removeLast() }
                var page: [ItemChange] = []
                page.reserveCapacity(changes.count)
                for (id, var change) in changes {
                    change.before = try self.copy(madeBy: id, kind: change.kind)
                    page.append(change)
                }
                return ChangesPage(changes: page, nextCursor: more ? changes.last.map { String($0.0) } : nil)
            }
        }
    }

    /// One change, with what its item was before; nil when the history does not (or no longer) have it.
    public func change(identifier: Int64) throws(StoreError) -> ItemChange? {
        try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) -> ItemChange? in
                let statement = try self.database.statement(Self.changeSelect + " WHERE c.id = ?")
                defer { statement.reset() }
                try statement.bind([.integer(identifier)])
                guard try statement.step() else { return nil }
                var change = try Self.change(from: statement)
                statement.reset()
                change.before = try self.copy(madeBy: identifier, kind: change.kind)
                return change
            }
        }
    }

    /// `c.kind` is one of `kinds` (spelled from the enumeration, not bound).
    private static func kindCondition(_ kinds: Set<ItemChange.Kind>) -> String {
        let names = kinds.map { "'\($0.rawValue)'" }.sorted()
        return names.isEmpty ? "0" : "c.kind IN (\(names.joined(separator: ", ")))"
    }

    /// The removed reminders, lists, events and calendars still gone (a reminder removed with its
    /// list is in the list's entry, an event with its calendar in the calendar's), newest first.
    /// `author`: only what that client (its name and program) removed — a write-only client's own;
    /// `kinds`: only those. `calendars`: only what was in these (a client granted chosen lists).
    public func trash(
        limit: Int, before: Int64? = nil, author: ChangeAuthor? = nil, kinds: Set<ItemChange.Kind>? = nil,
        calendars: Set<String>? = nil
    ) throws(StoreError) -> ChangesPage {
        let within = calendars.map(Self.condition(within:))
        return try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                let statement = try self.database.statement(
                    Self.changeSelect + """
                         WHERE c.action = 'removed' AND c.part_of IS NULL AND c.id < ? AND (? IS NULL OR (a.client = ? AND a.program = ?))
                            AND \(kinds.map(Self.kindCondition) ?? "1")
                            AND \(within?.sql ?? "1")
                            AND NOT EXISTS (SELECT 1 FROM reminders WHERE identifier = c.item)
                            AND NOT EXISTS (SELECT 1 FROM events WHERE identifier = c.item)
                            AND NOT EXISTS (SELECT 1 FROM calendars WHERE identifier = c.item)
                            AND NOT EXISTS (SELECT 1 FROM changes l WHERE l.item = c.item AND l.id > c.id AND l.action = 'removed')
                        ORDER BY c.id DESC LIMIT ?
                        """)
                defer { statement.reset() }
                try statement.bind(
                    [.integer(before ?? Int64.max), (author?.client).sql, (author?.client).sql, (author?.program).sql]
                        + (within?.values ?? []) + [.integer(Int64(limit) + 1)])
                var entries: [(Int64, ItemChange)] = []
                while try statement.step() { entries.append((statement.int64(0), try Self.change(from: statement))) }
                statement.reset()
                let more = entries.count > limit
                if more { entries.removeLast() }
                var page: [ItemChange] = []
                for (id, var change) in entries {
                    change.before = try self.copy(madeBy: id, kind: change.kind)
                    page.append(change)
                }
                return ChangesPage(changes: page, nextCursor: more ? entries.last.map { String($0.0) } : nil)
            }
        }
    }

    /// The latest removal of an item that is still gone, for `restore`.
    public func lastRemoval(of item: String) throws(StoreError) -> Int64? {
        try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) -> Int64? in
                try self.database.scalar("SELECT max(id) FROM changes WHERE item = ? AND action = 'removed'", .text(item))?.integer
            }
        }
    }

    /// The newest change of an item.
    public func latestChange(of item: String) throws(StoreError) -> Int64? {
        try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) -> Int64? in
                try self.database.scalar("SELECT max(id) FROM changes WHERE item = ?", .text(item))?.integer
            }
        }
    }

    /// The oldest change the history still has.
    func oldestChange() throws(SQLiteError) -> Int64? {
        try database.scalar("SELECT min(id) FROM changes")?.integer
    }

    /// What change `id` found its item to be, when it copied it.
    func copy(madeBy id: Int64, kind: ItemChange.Kind) throws(SQLiteError) -> ItemChange.Before? {
        switch kind {
        case .reminder: return try copiedReminder(madeBy: id).map { .reminder($0) }
        case .list, .calendar: return try copiedCalendar(madeBy: id).map { .list($0) }
        case .event: return try copiedEvent(madeBy: id).map { .event($0) }
        }
    }

    func copiedReminder(madeBy id: Int64) throws(SQLiteError) -> Reminder? {
        let statement = try database.statement("SELECT \(ReminderColumn.selectList) FROM change_reminders WHERE change = ?")
        defer { statement.reset() }
        try statement.bind([.integer(id)])
        guard try statement.step() else { return nil }
        return try reminder(from: statement, copiedBy: id)
    }

    func copiedCalendar(madeBy id: Int64) throws(SQLiteError) -> ItemCalendar? {
        let statement = try database.statement(
            "SELECT identifier, title, color, type, allows_modifications, sync_account, entity_type FROM change_calendars WHERE change = ?")
        defer { statement.reset() }
        try statement.bind([.integer(id)])
        guard try statement.step() else { return nil }
        return ItemCalendar(
            calendarIdentifier: statement.text(0) ?? "", title: statement.text(1) ?? "", color: statement.text(2) ?? "",
            type: statement.text(3).flatMap(CalendarType.init(rawValue:)) ?? .local, allowsContentModifications: statement.int64(4) != 0,
            isDefault: false, source: statement.text(5).map { CalendarSource(account: $0, url: nil) },
            entityType: statement.text(6).flatMap(EntityType.init(rawValue:)) ?? .reminder)
    }

    private static func change(from statement: Statement) throws(SQLiteError) -> ItemChange {
        let account = statement.text(4) ?? ""
        return ItemChange(
            changeIdentifier: String(statement.int64(0)), date: Timestamp(milliseconds: statement.int64(1)), client: statement.text(2) ?? "",
            program: statement.text(3) ?? "", account: account.isEmpty ? nil : account,
            action: statement.text(5).flatMap(ItemChange.Action.init(rawValue:)) ?? .changed,
            kind: statement.text(6).flatMap(ItemChange.Kind.init(rawValue:)) ?? .reminder, itemIdentifier: statement.text(7) ?? "",
            title: statement.text(8) ?? "", calendarIdentifier: statement.text(9), undoes: statement.optionalInt64(10).map(String.init),
            partOf: statement.optionalInt64(11).map(String.init), undoGroup: statement.optionalInt64(12).map(String.init),
            fromCalendarIdentifier: statement.text(13))
    }

    /// `changes c` lies within `calendars` (`ItemChange.lies(within:)`), with the values it binds.
    static func condition(within calendars: Set<String>) -> (sql: String, values: [SQLValue]) {
        let list = "(" + Array(repeating: "?", count: calendars.count).joined(separator: ", ") + ")"
        let values = calendars.sorted().map(SQLValue.text)
        return ("c.calendar IN \(list) AND (c.from_calendar IS NULL OR c.from_calendar IN \(list))", values + values)
    }
}
