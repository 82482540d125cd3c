import CSQLite
import RemindersModel

/// One stored authorization decision: for a client's name and the program that runs it.
public struct AuthorizationRecord: Equatable, Sendable {
    public var client: String
    public var entityType: EntityType
    /// The program the decision is for; nil: any program that sends this name.
    public var program: String?
    public var status: AuthorizationStatus
    public init(client: String, entityType: EntityType, program: String?, status: AuthorizationStatus) {
        self.client = client; self.entityType = entityType; self.program = program; self.status = status
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

    static let statusQuery = """
        SELECT status FROM authorizations
        WHERE client = ? AND entity_type = ? AND program IN (?3, '*') AND status != 'notDetermined'
        ORDER BY program = '*' LIMIT 1
        """

    /// Records a decision for `program` (nil: any program); `notDetermined` forgets it, so the
    /// client will be asked again.
    public func setAuthorizationStatus(_ status: AuthorizationStatus, client: String, program: String?, entityType: EntityType) throws(StoreError) {
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                let program = Self.stored(program)
                if status == .notDetermined {
                    try self.database.run(
                        "DELETE FROM authorizations WHERE client = ? AND entity_type = ? AND program = ?",
                        .text(client), .text(entityType.rawValue), .text(program))
                } else {
                    try self.database.run(
                        "INSERT OR REPLACE INTO authorizations (client, entity_type, program, status) VALUES (?, ?, ?, ?)",
                        .text(client), .text(entityType.rawValue), .text(program), .text(status.rawValue))
                }
            }
        }
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
                    "SELECT client, entity_type, program, status FROM authorizations ORDER BY client, entity_type, program != '*', program")
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
                            program: program == Self.anyProgram ? nil : program, status: status))
                }
                return records
            }
        }
    }

    static func stored(_ program: String?) -> String { program ?? anyProgram }
}
