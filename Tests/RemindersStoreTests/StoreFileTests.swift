import Foundation
import Synchronization
import RemindersModel
import XCTest
@testable import RemindersStore

/// Opening, seeding, migrating and refusing store files.
final class StoreFileTests: XCTestCase {
    var folder: String!

    override func setUp() {
        folder = NSTemporaryDirectory() + "store-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    func testFreshStoreHoldsOneDefaultList() throws {
        let store = try CalendarStore(path: folder + "/s.sqlite")
        let calendars = try store.read({ () throws(StoreError) in try store.calendars() })
        XCTAssertEqual(calendars.map(\.title), ["Reminders"])
        XCTAssertEqual(calendars.first?.isDefault, true)
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in try store.defaultCalendar() })?.calendarIdentifier, calendars.first?.calendarIdentifier)
        XCTAssertEqual(try store.database.scalar("SELECT count(*) FROM sources")?.integer, 1)
        XCTAssertEqual(try store.database.scalar("PRAGMA user_version")?.integer, Int64(Schema.currentVersion))
        XCTAssertEqual(try store.database.scalar("PRAGMA journal_mode")?.text, "wal")
        XCTAssertEqual(try store.integrityCheck(), "ok")
    }

    func testReopeningKeepsEverythingAndSeedsOnce() throws {
        let path = folder + "/s.sqlite"
        let first = try CalendarStore(path: path)
        let identifier = try first.write { () throws(StoreError) in
            try first.setAuthorizationStatus(.writeOnly, client: "c", program: "/usr/bin/c", entityType: .reminder)
            return try first.calendars()[0].calendarIdentifier
        }
        let second = try CalendarStore(path: path)
        try second.read { () throws(StoreError) in
            XCTAssertEqual(try second.calendars().map(\.calendarIdentifier), [identifier])
            XCTAssertEqual(try second.authorizationStatus(client: "c", program: "/usr/bin/c", entityType: .reminder), .writeOnly)
            XCTAssertEqual(try second.authorizationStatus(client: "other", program: "/usr/bin/c", entityType: .reminder), .notDetermined)
        }
    }

    func testNewerSchemaIsRefused() throws {
        let path = folder + "/s.sqlite"
        let store = try CalendarStore(path: path)
        try store.database.execute("PRAGMA user_version=99")
        XCTAssertThrowsError(try CalendarStore(path: path)) { error in
            XCTAssertTrue("\(error)".contains("newer remindersd"), "\(error)")
        }
    }

    func testAnotherProgramsDatabaseIsRefusedAndUntouched() throws {
        let path = folder + "/other.sqlite"
        let other = try Database(path: path, busyTimeoutMilliseconds: 1000)
        try other.execute("CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Ada');")
        XCTAssertThrowsError(try CalendarStore(path: path)) { XCTAssertTrue("\($0)".contains("another program"), "\($0)") }
        XCTAssertEqual(try other.scalar("SELECT count(*) FROM sqlite_master")?.integer, 1)
    }

    func testAFileThatIsNotSQLiteIsRefusedAndUntouched() throws {
        let path = folder + "/notes.txt"
        let text = String(repeating: "not a database ", count: 500)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try CalendarStore(path: path)) { error in
            guard case .unavailable(let message)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("not an SQLite database"), message)
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), text)
    }

    func testFolderIsCreatedPrivate() throws {
        let path = folder + "/x/y/s.sqlite"
        _ = try CalendarStore(path: path)
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: folder + "/x/y")[.posixPermissions] as? NSNumber)?.intValue, 0o700)
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue, 0o600)
    }

    func testDefaultPathFollowsXDG() {
        XCTAssertEqual(StoreLocation.defaultPath(environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"]), "/x/remindersd/reminders.sqlite")
        XCTAssertEqual(StoreLocation.defaultPath(environment: ["HOME": "/h"]), "/h/.local/share/remindersd/reminders.sqlite")
    }

    func testNestedWritesAreSavepoints() throws {
        let store = try CalendarStore(path: folder + "/s.sqlite")
        try store.write { () throws(StoreError) in
            try store.write({ () throws(StoreError) in
                try store.setAuthorizationStatus(.fullAccess, client: "kept", program: nil, entityType: .reminder)
            })
            _ = try? store.write { () throws(StoreError) in
                try store.write({ () throws(StoreError) in
                    try store.setAuthorizationStatus(.fullAccess, client: "undone", program: nil, entityType: .reminder)
                })
                throw StoreError.unavailable("boom")
            }
        }
        XCTAssertEqual(try store.read({ () throws(StoreError) in try store.authorizations() }).map(\.client), ["kept"])
    }
    /// A grant for one program holds for it alone; an unanswered request is recorded and decides nothing.
    func testGrantsAreForAProgramOrAnyProgram() throws {
        let store = try CalendarStore(path: folder + "/s.sqlite")
        try store.write({ () throws(StoreError) in
            try store.setAuthorizationStatus(.fullAccess, client: "editor", program: "/usr/bin/nvim", entityType: .reminder)
        })
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in try store.authorizationStatus(client: "editor", program: "/usr/bin/nvim", entityType: .reminder)
            }), .fullAccess)
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in try store.authorizationStatus(client: "editor", program: "/tmp/imposter", entityType: .reminder)
            }), .notDetermined)
        try store.write({ () throws(StoreError) in
            try store.recordUnansweredRequest(client: "editor", program: "/tmp/imposter", entityType: .reminder)
        })
        try store.write({ () throws(StoreError) in
            try store.recordUnansweredRequest(client: "editor", program: "/usr/bin/nvim", entityType: .reminder)
        })  // decided already: kept
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in try store.authorizations() }).map { "\($0.program ?? "*") \($0.status.rawValue)" },
            ["/tmp/imposter notDetermined", "/usr/bin/nvim fullAccess"])
        try store.write({ () throws(StoreError) in try store.setAuthorizationStatus(.writeOnly, client: "editor", program: nil, entityType: .reminder)
        })
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in try store.authorizationStatus(client: "editor", program: "/tmp/imposter", entityType: .reminder)
            }), .writeOnly,
            "a recorded request does not hide the grant for any program")
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in try store.authorizationStatus(client: "editor", program: "/usr/bin/nvim", entityType: .reminder)
            }), .fullAccess,
            "the program's own decision comes first")
        try store.write({ () throws(StoreError) in
            try store.setAuthorizationStatus(.notDetermined, client: "editor", program: "/usr/bin/nvim", entityType: .reminder)
        })
        XCTAssertEqual(
            try store.read({ () throws(StoreError) in try store.authorizationStatus(client: "editor", program: "/usr/bin/nvim", entityType: .reminder)
            }), .writeOnly)
    }

    /// A store or folder others may read is refused, naming the path and the fix; once private it opens.
    func testAStoreOthersMayReadIsRefusedWithTheFix() throws {
        let path = folder + "/s.sqlite"
        _ = try CalendarStore(path: path)
        XCTAssertEqual(chmod(path, 0o640), 0)
        XCTAssertThrowsError(try CalendarStore(path: path)) { error in
            XCTAssertTrue("\(error)".contains("the store \(path) can be read or changed by its group (mode 640)"), "\(error)")
            XCTAssertTrue("\(error)".contains("chmod 600 \(path)"), "\(error)")
        }
        XCTAssertEqual(chmod(path, 0o600), 0)
        // Issue 35, 14: a folder others may change is refused (they could swap the store, or plant
        // its -wal and -shm); one they may only list (a home of mode 755) is used, with a warning.
        XCTAssertEqual(chmod(folder, 0o775), 0)
        XCTAssertThrowsError(try CalendarStore(path: path)) { error in
            XCTAssertTrue("\(error)".contains("the store's folder \(folder!) can be changed by its group (mode 775)"), "\(error)")
            XCTAssertTrue("\(error)".contains("chmod go-w \(folder!)"), "\(error)")
        }
        XCTAssertEqual(chmod(folder, 0o755), 0)
        let listable = try CalendarStore(path: path)
        XCTAssertTrue(listable.warning?.contains("can be listed by other users (mode 755)") ?? false, "\(listable.warning ?? "no warning")")
        XCTAssertEqual(chmod(folder, 0o711), 0, "others may pass through, not list or change it")
        XCTAssertNil(try CalendarStore(path: path).warning)
    }

    /// A refused folder gets nothing made in it.
    func testAStoreInAFolderOthersMayChangeLeavesNothingBehind() throws {
        let shared = folder + "/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
        XCTAssertEqual(chmod(shared, 0o777), 0)
        XCTAssertThrowsError(try CalendarStore(path: shared + "/s.sqlite"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: shared), [])
    }

    // MARK: Issue 35: acknowledged means durable; first opens; damage

    /// A store removed under a process that has it open: the next write is refused naming the path
    /// (it would have gone to a file nobody opens again), and so is a read.
    func testAStoreRemovedUnderAnOpenConnectionIsNoticedBeforeTheNextWrite() throws {
        let path = folder + "/s.sqlite"
        let eventStore = EventStore(store: try CalendarStore(path: path))
        var changes = ReminderChanges()
        changes.title = .set("Before")
        _ = try eventStore.saveReminder(identifier: nil, changes: changes, commit: true)
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        changes.title = .set("After")
        XCTAssertThrowsError(try eventStore.saveReminder(identifier: nil, changes: changes, commit: true)) { error in
            guard case .unavailable(let message) = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains(path) && message.contains("removed or replaced"), message)
        }
        XCTAssertThrowsError(
            try eventStore.read({ store throws(StoreError) in try store.reminders(matching: ReminderPredicate(kind: .all), in: .current) }),
            "nor read from a file nobody will open again")
    }

    func testAStoreReplacedUnderAnOpenConnectionIsNoticedAndTheNewOneIsUntouched() throws {
        let path = folder + "/s.sqlite"
        let old = EventStore(store: try CalendarStore(path: path))
        let moved = folder + "/moved.sqlite"
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.moveItem(atPath: path + suffix, toPath: moved + suffix) }
        let replacement = try CalendarStore(path: path)
        var changes = ReminderChanges()
        changes.title = .set("Lost?")
        XCTAssertThrowsError(try old.saveReminder(identifier: nil, changes: changes, commit: true))
        XCTAssertEqual(try replacement.reminders(matching: ReminderPredicate(kind: .all), in: .current).count, 0)
        XCTAssertEqual(try CalendarStore(path: moved).reminders(matching: ReminderPredicate(kind: .all), in: .current).count, 0)
    }

    /// Six processes (here: connections on threads, each its own descriptor and lock) making the
    /// same new store at once: each waits for the one that sets it up, none fails.
    func testConcurrentFirstOpensOfANewStoreAllSucceed() throws {
        for round in 0..<25 {
            let path = folder + "/race-\(round).sqlite"
            let failures = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 6) { _ in
                do {
                    let store = try CalendarStore(path: path)
                    _ = try store.read({ () throws(StoreError) in try store.calendars() })
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
            XCTAssertEqual(failures.withLock { $0 }, [], "round \(round)")
            let reopened = try CalendarStore(path: path)
            XCTAssertEqual(try reopened.read { () throws(StoreError) in try reopened.calendars() }.count, 1, "seeded once")
        }
    }

    func testAStoreMissingATableIsRefusedAsDamagedNamingIt() throws {
        let path = folder + "/s.sqlite"
        let store = try CalendarStore(path: path)
        try store.database.execute("DROP TABLE reminder_tags")
        XCTAssertThrowsError(try CalendarStore(path: path)) { error in
            guard case .unavailable(let message) = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("reminder_tags"), message)
        }
    }

    /// `Schema.tables` is what the migrations make.
    func testTheTablesAStoreMustHaveAreTheOnesItsMigrationsMake() throws {
        let store = try CalendarStore(path: folder + "/s.sqlite")
        let statement = try store.database.statement("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'reminders_fts_%'")
        var names = Set<String>()
        while try statement.step() { names.insert(statement.text(0) ?? "") }
        statement.reset()
        XCTAssertEqual(names, Schema.tables)
    }
}

final class IdentifierTests: XCTestCase {
    func testIdentifiersAreVersion4UUIDsAndUnique() {
        var seen = Set<String>()
        for _ in 0..<10_000 {
            let identifier = Identifiers.make()
            XCTAssertNotNil(UUID(uuidString: identifier), identifier)
            XCTAssertEqual(identifier, identifier.uppercased())
            XCTAssertEqual(Array(identifier)[14], "4")
            XCTAssertTrue("89AB".contains(Array(identifier)[19]))
            seen.insert(identifier)
        }
        XCTAssertEqual(seen.count, 10_000)
    }
}
