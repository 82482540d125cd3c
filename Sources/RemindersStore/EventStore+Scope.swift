import RemindersModel

/// A client granted chosen lists only (`scopes`, issue 39) sees those and nothing else: a
/// calendar outside them, and every item in it, does not exist for it — reads miss, a save into
/// one is refused as into no list — and one it may only read is read-only for it, as a calendar
/// whose `allowsContentModifications` is false. EventKit programs unaware of scopes so behave as
/// if the other lists did not exist.
extension EventStore {
    /// Whether this client sees the calendar `identifier` of `entityType`.
    public func sees(_ identifier: String, _ entityType: EntityType = .reminder) -> Bool {
        scopes[entityType]?.allowsReading(identifier) ?? true
    }

    /// Whether this client was granted chosen calendars of some kind only.
    public var isScoped: Bool { !scopes.isEmpty }

    /// Of `wanted` (nil: every one this client sees, of both kinds), the calendars it sees.
    public func visibleCalendars(_ wanted: [String]?) throws(StoreError) -> [String] {
        guard let wanted else { return try (calendars(for: .reminder) + calendars(for: .event)).map(\.calendarIdentifier) }
        return try store.read { () throws(StoreError) in
            var visible: [String] = []
            for identifier in wanted {
                if let calendar = try self.store.calendar(identifier: identifier), self.sees(identifier, calendar.entityType) {
                    visible.append(identifier)
                }
            }
            return visible
        }
    }

    /// The calendars as this client sees them: those of its scope, a read-only one as one that
    /// allows no modifications.
    func scoped(_ calendars: [ItemCalendar], _ entityType: EntityType) -> [ItemCalendar] {
        guard let scope = scopes[entityType] else { return calendars }
        return calendars.compactMap { calendar in
            guard scope.allowsReading(calendar.calendarIdentifier) else { return nil }
            var seen = calendar
            if scope.isReadOnly(calendar.calendarIdentifier) { seen.allowsContentModifications = false }
            return seen
        }
    }

    /// Where a new item goes when none is named: the store's default when this client may write
    /// there, else the first calendar of its scope it may write to (nil: none).
    func defaultCalendar(for entityType: EntityType) throws(StoreError) -> ItemCalendar? {
        let chosen = try store.defaultCalendar(for: entityType)
        guard let scope = scopes[entityType] else { return chosen }
        if let chosen, scope.allowsWriting(chosen.calendarIdentifier) { return chosen }
        return scoped(try store.calendars(for: entityType), entityType).first { $0.allowsContentModifications }
    }

    /// Refuses writing into a calendar the client may only read (one it does not see at all,
    /// `requireWritable` refuses as one that does not exist).
    func requireInScope(_ calendar: ItemCalendar, field: String) throws(StoreError) {
        guard let scope = scopes[calendar.entityType], !scope.allowsWriting(calendar.calendarIdentifier) else { return }
        let noun = calendar.entityType == .reminder ? "list" : "calendar"
        throw .invalid(ValidationError(field: field, reason: .calendarReadOnly, "the \(noun) \"\(calendar.title)\" is read-only for this client"))
    }

    /// A stored item a staged change writes over or removes, checked as the grant and the item are
    /// when the change commits, not as they were when it was staged: since then the owner may have
    /// narrowed the grant, or moved the item into a list outside it — then it is not found, and its
    /// stored value (a conflict's `current`) is never shown; in a list the client may only read it
    /// is refused.
    func requireReachable(stored calendarIdentifier: String, of entityType: EntityType, identifier: String) throws(StoreError) {
        guard sees(calendarIdentifier, entityType) else { throw .notFound(kind: entityType.rawValue, identifier: identifier) }
        try requireWritable(calendarIdentifier, field: "identifier", for: entityType)
    }

    /// A list or calendar this client may change (rename, remove): one outside its scope does not
    /// exist for it, one in it only when the owner let it manage its lists (`--manage-lists`), and a
    /// client granted chosen lists makes none.
    func requireChangeable(_ identifier: String?, entityType: EntityType) throws(StoreError) {
        guard let scope = scopes[entityType] else { return }
        guard let identifier else {
            throw .invalid(
                ValidationError(field: "calendarIdentifier", "this client was granted chosen lists only, and makes no new ones"))
        }
        guard scope.allowsReading(identifier) else { throw .notFound(kind: "list", identifier: identifier) }
        guard scope.allowsWriting(identifier) else {
            throw .invalid(
                ValidationError(field: "calendarIdentifier", reason: .calendarReadOnly, "the list \(identifier) is read-only for this client"))
        }
        guard scope.managesLists else {
            throw .invalid(
                ValidationError(
                    field: "calendarIdentifier", reason: .calendarReadOnly,
                    """
                    this client was granted what is in the list \(identifier), not the list itself: the owner lets it rename and \
                    remove its lists with remindersd permissions set CLIENT STATUS --lists ... --manage-lists
                    """))
        }
    }
}
