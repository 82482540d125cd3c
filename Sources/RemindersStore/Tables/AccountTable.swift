import RemindersModel

/// A CalDAV account as the store keeps it: where the server is and how to get the password —
/// the file to read or the command to run each time — never the password itself.
public struct SyncAccount: Equatable, Sendable {
    public var name: String
    public var url: String
    public var username: String?
    public var passwordCommand: String?
    public var passwordFile: String?
    /// Seconds to wait for each answer.
    public var timeout: Double
    /// The calendar home found by discovery, kept so later syncs need not discover again.
    public var home: String?
    /// The address invitations reach the person at (who an event's `isCurrentUser` participant
    /// is); nil: the username, where that is an address.
    public var address: String?
    /// What its next sync makes the list new reminders go to: the title of one of its lists, ""
    /// for the one it chooses (`SyncAccount.preferredDefaultTitles`); nil when nothing is to be done.
    public var defaultList: String?

    /// The titles of the list an account's sync makes the default, when it was asked to choose:
    /// what Apple's, Nextcloud's and DAVx5's clients call the list new tasks go to.
    public static let preferredDefaultTitles = ["Reminders", "Tasks"]

    public init(
        name: String, url: String, username: String? = nil, passwordCommand: String? = nil, passwordFile: String? = nil,
        timeout: Double = 30, home: String? = nil, address: String? = nil, defaultList: String? = nil
    ) {
        self.name = name
        self.url = url
        self.username = username
        self.passwordCommand = passwordCommand
        self.passwordFile = passwordFile
        self.timeout = timeout
        self.home = home
        self.address = address
        self.defaultList = defaultList
    }
}

extension CalendarStore {
    private static let accountColumns = "name, url, username, password_command, password_file, timeout, home, address, default_list"

    public func accounts() throws(StoreError) -> [SyncAccount] {
        try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                let statement = try self.database.statement("SELECT \(Self.accountColumns) FROM accounts ORDER BY created, name")
                defer { statement.reset() }
                var accounts: [SyncAccount] = []
                while try statement.step() { accounts.append(Self.account(from: statement)) }
                return accounts
            }
        }
    }

    public func account(named name: String) throws(StoreError) -> SyncAccount? {
        try accounts().first { $0.name == name }
    }

    /// Adds an account and the EventKit source its lists belong to.
    public func addAccount(_ account: SyncAccount, now: Timestamp) throws(StoreError) {
        try write { () throws(StoreError) in
            guard try self.account(named: account.name) == nil else {
                throw .invalid(ValidationError(field: "name", "there is already an account named \(account.name)"))
            }
            try self.sqlite { () throws(SQLiteError) in
                let source = Identifiers.make()
                try self.database.run("INSERT INTO sources (identifier, title, type) VALUES (?, ?, 'caldav')", .text(source), .text(account.name))
                try self.database.run(
                    """
                    INSERT INTO accounts (name, url, username, password_command, password_file, timeout, source, home, created, address,
                        default_list)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, .text(account.name), .text(account.url), account.username.sql, account.passwordCommand.sql,
                    account.passwordFile.sql, .real(account.timeout), .text(source), account.home.sql, .integer(now.milliseconds),
                    account.address.sql, account.defaultList.sql)
            }
        }
    }

    /// Removes an account. Its lists go with it (reminders and all), or with `keepLists` stay as
    /// local lists, no longer synced. Returns how many lists it had.
    public func removeAccount(named name: String, keepLists: Bool) throws(StoreError) -> Int {
        try write { () throws(StoreError) in
            guard try self.account(named: name) != nil else { throw .notFound(kind: "account", identifier: name) }
            let lists = try self.sqlite { () throws(SQLiteError) -> [String] in
                let statement = try self.database.statement("SELECT calendar FROM sync_collections WHERE account = ?")
                defer { statement.reset() }
                try statement.bind([.text(name)])
                var lists: [String] = []
                while try statement.step() { lists.append(statement.text(0) ?? "") }
                return lists
            }
            if keepLists {
                try self.sqlite { () throws(SQLiteError) in
                    let local = try self.database.scalar("SELECT identifier FROM sources WHERE type = 'local' ORDER BY rowid LIMIT 1")?.text ?? ""
                    for list in lists {
                        try self.database.run(
                            "UPDATE calendars SET type = 'local', source = ?, allows_modifications = 1 WHERE identifier = ?",
                            .text(local), .text(list))
                    }
                }
            } else {
                guard try self.calendarCount() > lists.count else {
                    throw .invalid(
                        ValidationError(field: "name", "the account holds every list, and the last list cannot be removed; use --keep-lists"))
                }
                for list in lists { _ = try self.deleteCalendar(identifier: list) }
            }
            try self.sqlite { () throws(SQLiteError) in
                let source = try self.database.scalar("SELECT source FROM accounts WHERE name = ?", .text(name))?.text ?? ""
                try self.database.run("DELETE FROM accounts WHERE name = ?", .text(name))
                try self.database.run("DELETE FROM sources WHERE identifier = ?", .text(source))
            }
            self.listCache = ListCache()
            try self.storeDefaultCalendar()
            return lists.count
        }
    }

    public func setHome(_ home: String?, ofAccount name: String) throws(StoreError) {
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                try self.database.run("UPDATE accounts SET home = ? WHERE name = ?", home.sql, .text(name))
            }
        }
    }

    /// The account's list `calendar` is now the one new reminders go to, as `accounts add` asked.
    public func makeDefaultList(_ calendar: String, asAccountAsked name: String) throws(StoreError) {
        try write { () throws(StoreError) in
            try self.setDefaultCalendar(calendar)
            try self.sqlite { () throws(SQLiteError) in
                try self.database.run("UPDATE accounts SET default_list = NULL WHERE name = ?", .text(name))
            }
        }
    }

    func accountSource(_ name: String) throws(SQLiteError) -> String? {
        try database.scalar("SELECT source FROM accounts WHERE name = ?", .text(name))?.text
    }

    private static func account(from row: Statement) -> SyncAccount {
        SyncAccount(
            name: row.text(0) ?? "", url: row.text(1) ?? "", username: row.text(2), passwordCommand: row.text(3),
            passwordFile: row.text(4), timeout: row.double(5), home: row.text(6), address: row.text(7), defaultList: row.text(8))
    }
}
