import Foundation
import RemindersModel
import XCTest
@testable import RemindersStore

/// Stores written by earlier versions, brought up to date when opened.
final class MigrationTests: XCTestCase {
    var folder: String!

    override func setUp() {
        folder = NSTemporaryDirectory() + "migration-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    /// v2: all-day dates saved with a time zone (before issue 16) become the reader's day.
    func testAllDayDatesLoseTheirZone() throws {
        let path = folder + "/old.sqlite"
        do {
            // A store as version 1 made it: its schema, one list, and what it stored for
            // {2026-06-15, Pacific/Kiritimati}: an instant, no wall clock.
            let database = try Database(path: path, busyTimeoutMilliseconds: 1000)
            defer { chmod(path, 0o600) }  // as remindersd made it: private
            try database.execute(Schema.migrations[0].sql)
            try database.execute(
                """
                PRAGMA application_id = \(Schema.applicationID); PRAGMA user_version = 1;
                INSERT INTO sources VALUES ('s', 'On My Computer', 'local');
                INSERT INTO calendars VALUES ('list', 's', 'Reminders', '#1BADF8', 'local', 1, 0);
                INSERT INTO settings VALUES ('defaultCalendar', 'list');
                INSERT INTO reminders (identifier, external_identifier, calendar, title, priority, start_date, due_date, due_at, due_wall,
                    completed, creation_date, last_modified, alarm_count)
                VALUES ('old', 'old', 'list', 'all day', 0, '2026-06-14 Asia/Tokyo', '2026-06-15 Pacific/Kiritimati', 1781431200000, NULL, 0, 0, 0, 0),
                       ('timed', 'timed', 'list', 'timed', 0, NULL, '2026-06-15T09 Europe/Berlin', 1781506800000, NULL, 0, 0, 0, 0);
                """)
        }
        let store = try CalendarStore(path: path)
        XCTAssertEqual(try store.database.scalar("PRAGMA user_version")?.integer, Int64(Schema.currentVersion))
        let old = try XCTUnwrap(try store.read({ () throws(StoreError) in try store.reminder(identifier: "old") }))
        XCTAssertEqual(old.dueDateComponents, ItemDateComponents(year: 2026, month: 6, day: 15))
        XCTAssertEqual(old.startDateComponents, ItemDateComponents(year: 2026, month: 6, day: 14))
        XCTAssertEqual(try store.database.scalar("SELECT due_at FROM reminders WHERE identifier = 'old'"), .null)
        XCTAssertEqual(
            try store.database.scalar("SELECT due_wall FROM reminders WHERE identifier = 'old'")?.integer,
            ItemDateComponents(year: 2026, month: 6, day: 15).wallClockSeconds)
        // A date with an hour keeps its zone.
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in try store.reminder(identifier: "timed") })?.dueDateComponents?.timeZone, "Europe/Berlin")
        let pagoPago = TimeZone(identifier: "Pacific/Pago_Pago")!
        let june15 = ReminderPredicate(
            kind: .incomplete, dueDateStarting: Timestamp(rfc3339: "2026-06-15T00:00:00-11:00"),
            dueDateEnding: Timestamp(rfc3339: "2026-06-16T00:00:00-11:00"))
        XCTAssertEqual(try store.read({ () throws(StoreError) in try store.reminders(matching: june15, in: pagoPago) }).map(\.title), ["all day"])
        // v3: the rows are in the full-text index, untagged, unflagged, top-level.
        let found = ReminderPredicate(kind: .all, matching: "all")
        XCTAssertEqual(try store.read({ () throws(StoreError) in try store.reminders(matching: found, in: pagoPago) }).map(\.title), ["all day"])
        XCTAssertEqual(old.tags, [])
        XCTAssertFalse(old.isFlagged)
        XCTAssertNil(old.parentIdentifier)
        // v4: the store's writes keep the index; only deletes (cascades among them) have a trigger.
        XCTAssertEqual(
            try store.database.scalar("SELECT group_concat(name) FROM sqlite_master WHERE type = 'trigger'")?.text,
            "reminders_fts_after_delete")
        XCTAssertEqual(try store.integrityCheck(), "ok")
    }

    /// v12: the sync tables made again (a collection's href unique per entity type; items name an
    /// event or a reminder) keep every row, and nothing cascades away while they are copied.
    func testSyncStateSurvivesTheRebuildForEventCollections() throws {
        let path = folder + "/v11.sqlite"
        do {
            let database = try Database(path: path, busyTimeoutMilliseconds: 1000)
            defer { chmod(path, 0o600) }  // as remindersd made it: private
            try database.execute("PRAGMA foreign_keys=ON")
            for migration in Schema.migrations.prefix(11) { try database.execute(migration.sql) }
            try database.execute(
                """
                PRAGMA application_id = \(Schema.applicationID); PRAGMA user_version = 11;
                INSERT INTO sources VALUES ('s', 'On My Computer', 'local'), ('a', 'home', 'caldav');
                INSERT INTO calendars (identifier, source, title, color, type, allows_modifications, creation_date)
                    VALUES ('list', 'a', 'Groceries', '#1BADF8', 'caldav', 1, 0);
                INSERT INTO settings VALUES ('defaultCalendar', 'list');
                INSERT INTO reminders (identifier, external_identifier, calendar, title, priority, completed, creation_date, last_modified, alarm_count)
                    VALUES ('milk', 'milk@test', 'list', 'Buy milk', 0, 0, 0, 5, 0);
                INSERT INTO reminders_fts (rowid, title, notes) SELECT id, title, notes FROM reminders;
                INSERT INTO accounts VALUES ('home', 'http://127.0.0.1:5232/', 'alice', NULL, '/p', 30, 'a', '/alice/', 0);
                INSERT INTO sync_collections VALUES ('list', 'home', '/alice/groceries/', 'token-1', 'ctag-1', 'Groceries', '#1BADF8');
                INSERT INTO sync_items VALUES ('list', '/alice/groceries/milk.ics', '"e1"', 'milk', 'reminder', 5),
                                              ('list', '/alice/groceries/gone.ics', '"e2"', NULL, 'reminder', 3);
                """)
        }
        let store = try CalendarStore(path: path)
        XCTAssertEqual(try store.database.scalar("PRAGMA user_version")?.integer, Int64(Schema.currentVersion))
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in try store.syncedCollections(account: "home") }),
            [
                SyncedCollection(
                    calendarIdentifier: "list", account: "home", entityType: .reminder, href: "/alice/groceries/",
                    syncToken: "token-1", ctag: "ctag-1", title: "Groceries", color: "#1BADF8")
            ])
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in try store.syncedItems(calendar: "list") }),
            [
                SyncedItem(
                    href: "/alice/groceries/gone.ics", etag: "\"e2\"", itemIdentifier: nil, kind: .reminder,
                    syncedModified: Timestamp(milliseconds: 3)),
                SyncedItem(
                    href: "/alice/groceries/milk.ics", etag: "\"e1\"", itemIdentifier: "milk", kind: .reminder,
                    syncedModified: Timestamp(milliseconds: 5)),
            ])
        // The renamed tables are the ones the foreign keys name: removing the reminder leaves its item's tombstone.
        _ = try store.write({ () throws(StoreError) in try store.deleteReminder(identifier: "milk") })
        XCTAssertEqual(try store.read({ () throws(StoreError) in try store.syncedItems(calendar: "list") }).map(\.itemIdentifier), [nil, nil])
        XCTAssertEqual(try store.database.scalar("SELECT count(*) FROM pragma_foreign_key_check")?.integer, 0)
        XCTAssertEqual(try store.integrityCheck(), "ok")
    }

    /// v14: grants were for a name from any program; they stay so, and a program's own decision
    /// then comes first.
    func testGrantsOfEarlierVersionsHoldForAnyProgram() throws {
        let path = folder + "/grants.sqlite"
        do {
            let database = try Database(path: path, busyTimeoutMilliseconds: 1000)
            defer { chmod(path, 0o600) }  // as remindersd made it: private
            for migration in Schema.migrations.prefix(13) { try database.execute(migration.sql) }
            try database.execute(
                """
                PRAGMA application_id = \(Schema.applicationID); PRAGMA user_version = 13;
                INSERT INTO sources VALUES ('s', 'On My Computer', 'local');
                INSERT INTO calendars (identifier, source, title, color, type, allows_modifications, creation_date)
                    VALUES ('list', 's', 'Reminders', '#1BADF8', 'local', 1, 0);
                INSERT INTO authorizations VALUES ('editor', 'reminder', 'fullAccess'), ('editor', 'event', 'writeOnly'),
                                                  ('spam', 'reminder', 'denied');
                """)
        }
        let store = try CalendarStore(path: path)
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in try store.authorizations() }),
            [
                AuthorizationRecord(client: "editor", entityType: .event, program: nil, status: .writeOnly),
                AuthorizationRecord(client: "editor", entityType: .reminder, program: nil, status: .fullAccess),
                AuthorizationRecord(client: "spam", entityType: .reminder, program: nil, status: .denied),
            ])
        for program in ["/usr/bin/nvim", "/usr/bin/emacs-nox"] {
            XCTAssertEqual(
                try store.read({ () throws(StoreError) in try store.authorizationStatus(client: "editor", program: program, entityType: .reminder) }),
                .fullAccess)
            XCTAssertEqual(
                try store.read({ () throws(StoreError) in try store.authorizationStatus(client: "editor", program: program, entityType: .event) }),
                .writeOnly)
            XCTAssertEqual(
                try store.read({ () throws(StoreError) in try store.authorizationStatus(client: "spam", program: program, entityType: .reminder) }),
                .denied)
        }
        try store.write({ () throws(StoreError) in
            try store.setAuthorizationStatus(.denied, client: "editor", program: "/usr/bin/nvim", entityType: .reminder)
        })
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in try store.authorizationStatus(client: "editor", program: "/usr/bin/nvim", entityType: .reminder)
            }), .denied)
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in
                try store.authorizationStatus(client: "editor", program: "/usr/bin/emacs-nox", entityType: .reminder)
            }), .fullAccess)
    }

    /// A store that counted its migrations (user_version, before the ledger) has the first that
    /// many recorded by name and gets the rest.
    func testAStoreThatCountedItsMigrationsHasThemRecordedByName() throws {
        let path = folder + "/counted.sqlite"
        try makeStore(path, applying: Array(Schema.migrations.prefix(16)), ledger: false)
        let store = try CalendarStore(path: path)
        XCTAssertEqual(try MigrationLedger(database: store.database).applied(), Schema.migrations.map(\.name))
        XCTAssertEqual(try store.database.scalar("SELECT count(*) FROM pragma_table_info('reminder_icalendar') WHERE name = 'href'")?.integer, 1)
        XCTAssertEqual(try store.database.scalar("PRAGMA user_version")?.integer, Int64(Schema.migrations.count))
    }

    /// Migrations are applied by name, not by count: a store that has had a later one but not an
    /// earlier (two lines of development meeting) gets exactly the one it lacks.
    func testTheMigrationAStoreLacksIsAppliedByName() throws {
        let path = folder + "/gap.sqlite"
        let lacking = Schema.migrations.firstIndex { $0.name == "v15 reminder sort order" }!
        var applied = Schema.migrations
        applied.remove(at: lacking)
        try makeStore(path, applying: applied, ledger: true)
        let store = try CalendarStore(path: path)
        XCTAssertEqual(Set(try MigrationLedger(database: store.database).applied()), Set(Schema.migrations.map(\.name)))
        XCTAssertEqual(try store.database.scalar("SELECT count(*) FROM pragma_table_info('reminders') WHERE name = 'sort_order'")?.integer, 1)
        XCTAssertEqual(try store.integrityCheck(), "ok")
    }

    /// A store that has had a migration this version does not know was written by a newer
    /// remindersd: refused, by the migration's name, and left as it was.
    func testAStoreWithAMigrationThisVersionDoesNotKnowIsRefusedByItsName() throws {
        let path = folder + "/newer.sqlite"
        try makeStore(path, applying: Schema.migrations + [("v99 from the future", "CREATE TABLE future (x);")], ledger: true)
        XCTAssertThrowsError(try CalendarStore(path: path)) { error in
            XCTAssertTrue("\(error)".contains("v99 from the future") && "\(error)".contains("newer"), "\(error)")
        }
        let database = try Database(path: path, busyTimeoutMilliseconds: 1000)
        XCTAssertEqual(try database.scalar("SELECT count(*) FROM schema_migrations")?.integer, Int64(Schema.migrations.count + 1))
    }

    /// A store with `migrations` applied, recorded in the ledger or (as before it) only counted.
    private func makeStore(_ path: String, applying migrations: [(name: String, sql: String)], ledger: Bool) throws {
        let database = try Database(path: path, busyTimeoutMilliseconds: 1000)
        defer { chmod(path, 0o600) }  // as remindersd made it: private
        for migration in migrations { try database.execute(migration.sql) }
        try database.execute(
            """
            PRAGMA application_id = \(Schema.applicationID); PRAGMA user_version = \(migrations.count);
            INSERT INTO sources VALUES ('s', 'On My Computer', 'local');
            INSERT INTO calendars (identifier, source, title, color, type, allows_modifications, creation_date)
                VALUES ('list', 's', 'Reminders', '#1BADF8', 'local', 1, 0);
            INSERT INTO settings VALUES ('defaultCalendar', 'list');
            """)
        guard ledger else { return }
        try database.execute("CREATE TABLE schema_migrations (name TEXT PRIMARY KEY)")
        for migration in migrations { try database.run("INSERT INTO schema_migrations (name) VALUES (?)", .text(migration.name)) }
    }
}
