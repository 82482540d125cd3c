import RemindersCSQLite
import RemindersModel

/// An app of the desktop (GNOME Calendar, Thunderbird, …) that reaches the store over the CalDAV
/// face with a password made for it. Its permissions are a grant like any client's, to the
/// client `name` run by the program `DAVApp.program`.
public struct DAVApp: Equatable, Sendable {
    /// The program every app's grant names: the face vouches for the app (by its password), as a
    /// program's path vouches for a JSON-RPC client. No executable's absolute path is this.
    public static let program = "caldav"

    public var name: String
    /// libcrypt's hash of the app's password (`$y$…`); the password itself is never stored.
    public var passwordHash: String
    public var creationDate: Timestamp

    public init(name: String, passwordHash: String, creationDate: Timestamp) {
        (self.name, self.passwordHash, self.creationDate) = (name, passwordHash, creationDate)
    }
}

extension CalendarStore {
    /// Records a new app; one of the same name is refused (remove it first), so a password once
    /// given keeps working until its app is removed.
    public func addDAVApp(_ app: DAVApp) throws(StoreError) {
        try write { () throws(StoreError) in
            if try self.davApp(named: app.name) != nil {
                throw .invalid(
                    ValidationError(field: "name", "an app named \"\(app.name)\" exists: remove it with `remindersd dav remove-app` first"))
            }
            try self.sqlite { () throws(SQLiteError) in
                try self.database.run(
                    "INSERT INTO dav_apps (name, password_hash, created_at) VALUES (?, ?, ?)", .text(app.name), .text(app.passwordHash),
                    .integer(app.creationDate.milliseconds))
            }
        }
    }

    public func davApp(named name: String) throws(StoreError) -> DAVApp? {
        try davApps(where: "WHERE name = ?", [.text(name)]).first
    }

    /// Every app, by name.
    public func davApps() throws(StoreError) -> [DAVApp] { try davApps(where: "", []) }

    /// Forgets the app and every grant it had; false when there was none of that name.
    public func removeDAVApp(named name: String) throws(StoreError) -> Bool {
        try write { () throws(StoreError) in
            guard try self.davApp(named: name) != nil else { return false }
            for entityType in EntityType.allCases {
                try self.setAuthorizationStatus(.notDetermined, client: name, program: DAVApp.program, entityType: entityType)
            }
            try self.sqlite { () throws(SQLiteError) in try self.database.run("DELETE FROM dav_apps WHERE name = ?", .text(name)) }
            return true
        }
    }

    private func davApps(where condition: String, _ values: [SQLValue]) throws(StoreError) -> [DAVApp] {
        try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                let statement = try self.database.statement("SELECT name, password_hash, created_at FROM dav_apps \(condition) ORDER BY name")
                defer { statement.reset() }
                try statement.bind(values)
                var apps: [DAVApp] = []
                while try statement.step() {
                    apps.append(
                        DAVApp(
                            name: statement.text(0) ?? "", passwordHash: statement.text(1) ?? "",
                            creationDate: Timestamp(milliseconds: statement.int64(2))))
                }
                return apps
            }
        }
    }
}
