import RemindersCSQLite
import RemindersModel

/// One stored authorization decision: for a client's name and the program that runs it.
public struct AuthorizationRecord: Equatable, Sendable {
    public var client: String
    public var entityType: EntityType
    /// The program the decision is for; nil: any program that sends this name.
    public var program: String?
    public var status: AuthorizationStatus
    /// The lists the grant is for, when it is for chosen lists only.
    public var scope: CalendarScope?
    public init(client: String, entityType: EntityType, program: String?, status: AuthorizationStatus, scope: CalendarScope? = nil) {
        self.client = client; self.entityType = entityType; self.program = program; self.status = status; self.scope = scope
    }
}

/// Per-client, per-program, per-entity authorization decisions (the owner's "Settings" screen).
///
/// A decision for the program itself comes before one for any program, so the owner can grant a
/// name to every program and still deny it to one; a program that asked and was not answered is
/// recorded as `notDetermined`, which decides nothing.
extension CalendarStore {
    /// How "any program" is stored: no program's path is `*`.
    static let anyProgram = "*"

    /// The status of `client` run by `program`; `notDetermined` when neither it nor any program
    /// with that name was decided on.
    public func authorizationStatus(client: String, program: String, entityType: EntityType) throws(StoreError) -> AuthorizationStatus {
        try sqlite { () throws(SQLiteError) in
            let value = try self.database.scalar(Self.statusQuery, .text(client), .text(entityType.rawValue), .text(program))?.text
            return value.flatMap(AuthorizationStatus.init(rawValue:)) ?? .notDetermined
        }
    }

    static let statusQuery = decidingGrant("status")

    /// `columns` of the grant that decides for client ?1, entity type ?2, program ?3: the
    /// program's own before one for any program; an unanswered request decides nothing.
    static func decidingGrant(_ columns: String) -> String {
        """
        SELECT \(columns) FROM authorizations
        WHERE client = ?1 AND entity_type = ?2 AND program IN (?3, '*') AND status != 'notDetermined'
        ORDER BY program = '*' LIMIT 1
        """
    }

    /// Whether any grant to `client` (of any kind, for any program) is for chosen lists: a client
    /// with none — nearly every one — need not have its scopes read.
    public func hasScopedGrant(client: String) throws(StoreError) -> Bool {
        try sqlite { () throws(SQLiteError) in
            try self.database.scalar("SELECT EXISTS (SELECT 1 FROM authorizations WHERE client = ? AND scoped = 1)", .text(client))?.integer == 1
        }
    }

    /// Records a decision for `program` (nil: any program); `notDetermined` forgets it, so the
    /// client will be asked again. `scope`: the decision is for those lists only (issue 39); each
    /// must be a calendar of `entityType`, or nothing is recorded.
    public func setAuthorizationStatus(
        _ status: AuthorizationStatus, client: String, program: String?, entityType: EntityType, scope: CalendarScope? = nil
    ) throws(StoreError) {
        try write { () throws(StoreError) in
            for identifier in scope?.identifiers ?? [] {
                guard let calendar = try self.calendar(identifier: identifier), calendar.entityType == entityType else {
                    throw .invalid(
                        ValidationError(field: "lists", "there is no \(entityType == .reminder ? "list" : "event calendar") \(identifier)"))
                }
            }
            try self.sqlite { () throws(SQLiteError) in
                let program = Self.stored(program)
                try self.database.run(
                    "DELETE FROM authorization_scopes WHERE client = ? AND entity_type = ? AND program = ?",
                    .text(client), .text(entityType.rawValue), .text(program))
                if status == .notDetermined {
                    try self.database.run(
                        "DELETE FROM authorizations WHERE client = ? AND entity_type = ? AND program = ?",
                        .text(client), .text(entityType.rawValue), .text(program))
                    return
                }
                try self.database.run(
                    """
                    INSERT OR REPLACE INTO authorizations (client, entity_type, program, status, scoped, manages_lists)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                    .text(client), .text(entityType.rawValue), .text(program), .text(status.rawValue), .integer(scope == nil ? 0 : 1),
                    .integer(scope?.managesLists == true ? 1 : 0))
                for (calendar, readOnly) in scope?.calendars ?? [:] {
                    try self.database.run(
                        "INSERT INTO authorization_scopes (client, entity_type, program, calendar, read_only) VALUES (?, ?, ?, ?, ?)",
                        .text(client), .text(entityType.rawValue), .text(program), .text(calendar), .integer(readOnly ? 1 : 0))
                }
            }
        }
    }

    /// The lists the deciding grant of `client` run by `program` is for (the one
    /// `authorizationStatus` reads); nil when it is for every list. Only calendars that still
    /// exist: one removed has dropped out.
    public func authorizationScope(client: String, program: String, entityType: EntityType) throws(StoreError) -> CalendarScope? {
        try sqlite { () throws(SQLiteError) in
            let statement = try self.database.statement(Self.decidingGrant("program, scoped, manages_lists"))
            defer { statement.reset() }
            try statement.bind([.text(client), .text(entityType.rawValue), .text(program)])
            guard try statement.step(), statement.int64(1) != 0 else { return nil }
            let (deciding, manages) = (statement.text(0) ?? Self.anyProgram, statement.int64(2) != 0)
            statement.reset()
            var scope = try self.storedScope(client: client, program: deciding, entityType: entityType)
            scope.managesLists = manages
            return scope
        }
    }

    private func storedScope(client: String, program: String, entityType: EntityType) throws(SQLiteError) -> CalendarScope {
        let statement = try database.statement(
            """
            SELECT s.calendar, s.read_only FROM authorization_scopes s JOIN calendars c ON c.identifier = s.calendar
            WHERE s.client = ? AND s.entity_type = ? AND s.program = ?
            """)
        defer { statement.reset() }
        try statement.bind([.text(client), .text(entityType.rawValue), .text(program)])
        var scope = CalendarScope()
        while try statement.step() { scope.calendars[statement.text(0) ?? ""] = statement.int64(1) != 0 }
        return scope
    }

    /// Remembers that `program` asked as `client` and nobody could answer, unless it is decided already.
    public func recordUnansweredRequest(client: String, program: String, entityType: EntityType) throws(StoreError) {
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                try self.database.run(
                    "INSERT OR IGNORE INTO authorizations (client, entity_type, program, status) VALUES (?, ?, ?, 'notDetermined')",
                    .text(client), .text(entityType.rawValue), .text(program))
            }
        }
    }

    /// Every decision and unanswered request, by client, entity type and program (any program first).
    public func authorizations() throws(StoreError) -> [AuthorizationRecord] {
        try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                let statement = try self.database.statement(
                    """
                    SELECT client, entity_type, program, status, scoped, manages_lists FROM authorizations
                    ORDER BY client, entity_type, program != '*', program
                    """)
                defer { statement.reset() }
                var records: [AuthorizationRecord] = []
                while try statement.step() {
                    let program = statement.text(2) ?? Self.anyProgram
                    guard let entity = EntityType(rawValue: statement.text(1) ?? ""),
                        let status = AuthorizationStatus(rawValue: statement.text(3) ?? "")
                    else {
                        throw SQLiteError(
                            code: SQLITE_CORRUPT, message: "authorizations: an unknown entity type or status for \(statement.text(0) ?? "")")
                    }
                    records.append(
                        AuthorizationRecord(
                            client: statement.text(0) ?? "", entityType: entity,
                            program: program == Self.anyProgram ? nil : program, status: status,
                            scope: statement.int64(4) != 0 ? CalendarScope(managesLists: statement.int64(5) != 0) : nil))
                }
                statement.reset()
                for index in records.indices where records[index].scope != nil {
                    let record = records[index]
                    records[index].scope = try self.storedScope(
                        client: record.client, program: Self.stored(record.program), entityType: record.entityType)
                    records[index].scope?.managesLists = record.scope?.managesLists ?? false
                }
                return records
            }
        }
    }

    static func stored(_ program: String?) -> String { program ?? anyProgram }
}
