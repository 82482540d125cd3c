import RemindersModel

/// One stored authorization decision.
public struct AuthorizationRecord: Equatable, Sendable {
    public var client: String
    public var entityType: EntityType
    public var status: AuthorizationStatus
    public init(client: String, entityType: EntityType, status: AuthorizationStatus) {
        self.client = client; self.entityType = entityType; self.status = status
    }
}

/// Per-client, per-entity authorization decisions (the owner's "Settings" screen).
extension CalendarStore {
    /// The stored status; `notDetermined` when the client was never decided on.
    public func authorizationStatus(client: String, entityType: EntityType) throws(StoreError) -> AuthorizationStatus {
        try sqlite { () throws(SQLiteError) in
            let value = try self.database.scalar("SELECT status FROM authorizations WHERE client = ? AND entity_type = ?",
                                                 .text(client), .text(entityType.rawValue))?.text
            return value.flatMap(AuthorizationStatus.init(rawValue:)) ?? .notDetermined
        }
    }

    /// Records a decision; `notDetermined` forgets it, so the client will be asked again.
    public func setAuthorizationStatus(_ status: AuthorizationStatus, client: String, entityType: EntityType) throws(StoreError) {
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                if status == .notDetermined {
                    try self.database.run("DELETE FROM authorizations WHERE client = ? AND entity_type = ?",
                                          .text(client), .text(entityType.rawValue))
                } else {
                    try self.database.run("INSERT OR REPLACE INTO authorizations (client, entity_type, status) VALUES (?, ?, ?)",
                                          .text(client), .text(entityType.rawValue), .text(status.rawValue))
                }
            }
        }
    }

    public func authorizations() throws(StoreError) -> [AuthorizationRecord] {
        try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                let statement = try self.database.statement("SELECT client, entity_type, status FROM authorizations ORDER BY client, entity_type")
                defer { statement.reset() }
                var records: [AuthorizationRecord] = []
                while try statement.step() {
                    guard let entity = EntityType(rawValue: statement.text(1) ?? ""),
                          let status = AuthorizationStatus(rawValue: statement.text(2) ?? "") else { continue }
                    records.append(AuthorizationRecord(client: statement.text(0) ?? "", entityType: entity, status: status))
                }
                return records
            }
        }
    }
}
