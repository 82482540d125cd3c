import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// A store that cannot be used as it should: read-only, on a full disk, over a file-size limit,
/// locked by another program, not an SQLite file, another program's database, from a newer
/// remindersd, damaged. Each gives a clear -32013 (or a clear refusal to start), never a crash,
/// and never a change to the user's file.
final class StoreFaultTests: XCTestCase {
    let folder = TemporaryFolder()

    override func setUp() {
        signal(SIGPIPE, SIG_IGN)
    }

    private func expectStoreUnavailable(
        _ reply: JSONValue, containing words: [String], _ context: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(reply.errorCode, -32013, "\(context): \(reply.serialized.prefix(400))", file: file, line: line)
        let message = reply.at("error", "message")?.stringValue ?? ""
        XCTAssertTrue(
            words.contains { message.localizedCaseInsensitiveContains($0) }, "\(context): \"\(message)\" should say \(words)", file: file, line: line)
    }

    /// The server refused the store at `initialize` with -32013, stays up, and ends cleanly at end of input.
    private func assertRefusedAtInitialize(_ store: String, words: [String], _ context: String, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        for framing in [Framing.ndjson, .lsp] {
            let server = try RemindersdProcess(store: store, framing: framing)
            let reply = server.initialize(client: "faults")
            expectStoreUnavailable(reply, containing: words, "\(context) [\(framing)]", file: file, line: line)
            XCTAssertEqual(server.channel.request("fetchReminders").errorCode, -32002, "\(context): still not initialized", file: file, line: line)
            server.channel.closeInput()
            XCTAssertEqual(server.waitForExit(), 0, "\(context): exits cleanly", file: file, line: line)
            XCTAssertEqual(server.process.terminationReason, .exit, "\(context): not a crash", file: file, line: line)
        }
        // The command-line tools refuse it as well, with one line on stderr and status 1.
        for arguments in [["permissions", "set", "--any-program", "x", "fullAccess"], ["permissions", "list"], ["call", "fetchReminders"]] {
            let result = Programs.remindersd(arguments + ["--store", store])
            XCTAssertEqual(result.status, 1, "\(context): \(arguments) \(result.stderr)", file: file, line: line)
            XCTAssertFalse(result.signalled, file: file, line: line)
            XCTAssertEqual(result.stdout, "", "\(context): \(arguments)", file: file, line: line)
        }
    }

    private func files(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    // MARK: Not ours, or not usable at all

    func testNotAnSQLiteFileIsRefusedAndNeverChanged() throws {
        var random = SystemRandomNumberGenerator()
        let contents: [(String, Data)] = [
            ("text", Data("These are my notes, not a database.\n".utf8)),
            ("random", Data((0..<100_000).map { _ in UInt8.random(in: 0...255, using: &random) })),
            ("truncated header", Data("SQLite format 3\u{0}".utf8) + Data(repeating: 0, count: 50)),
            ("JSON", Data(#"{"reminders":[]}"#.utf8)),
        ]
        for (name, data) in contents {
            let folderPath = folder.path + "/\(name.replacingOccurrences(of: " ", with: "-"))"
            try FileManager.default.createDirectory(atPath: folderPath, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let store = folderPath + "/reminders.sqlite"
            _ = FileManager.default.createFile(atPath: store, contents: data)
            try assertRefusedAtInitialize(store, words: ["not an SQLite", "damaged", "not a remindersd"], name)
            XCTAssertEqual(Programs.bytes(store), data, "\(name): the file was changed")
            XCTAssertEqual(files(in: folderPath), ["reminders.sqlite"], "\(name): no journal or WAL files left beside it")
        }
    }

    func testAnotherProgramsDatabaseIsRefusedAndNeverChanged() throws {
        _ = try Programs.sql(folder.store, "CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO photos (name) VALUES ('cat.jpg')")
        let before = Programs.bytes(folder.store)
        try assertRefusedAtInitialize(folder.store, words: ["another program", "not a remindersd"], "another program's database")
        XCTAssertEqual(Programs.bytes(folder.store), before)
        XCTAssertEqual(try Programs.sql(folder.store, "SELECT name FROM photos"), "cat.jpg")
    }

    func testStoreFromANewerSchemaIsRefusedAndNeverChanged() throws {
        let server = try Programs.server(store: folder.store, client: "faults")
        server.channel.request("saveReminder", ["reminder": ["title": "from the future"]])
        XCTAssertEqual(server.shutDown(), 0)
        _ = try Programs.sql(folder.store, "PRAGMA user_version = 99")
        let before = Programs.bytes(folder.store)
        try assertRefusedAtInitialize(folder.store, words: ["newer"], "user_version 99")
        XCTAssertEqual(Programs.bytes(folder.store), before, "the newer store was changed")
        XCTAssertEqual(try Programs.sql(folder.store, "PRAGMA user_version"), "99")
        XCTAssertEqual(try Programs.sql(folder.store, "SELECT title FROM reminders"), "from the future")
    }

    /// Issue 35: a store with every migration but a table gone (dropped by hand) is damaged, -32013
    /// naming the table, not -32603 at the first statement that needs it.
    func testAStoreMissingATableIsRefusedAsDamaged() throws {
        let server = try Programs.server(store: folder.store, client: "faults")
        XCTAssertEqual(server.shutDown(), 0)
        _ = try Programs.sql(folder.store, "DROP TABLE alarm_deliveries")
        try assertRefusedAtInitialize(folder.store, words: ["alarm_deliveries"], "a table dropped")
    }

    func testDamagedStoreGivesStoreUnavailableNotACrash() throws {
        let server = try Programs.server(store: folder.store, client: "faults")
        for index in 0..<300 {
            server.channel.request(
                "saveReminder", ["reminder": ["title": .string("r\(index)"), "notes": .string(String(repeating: "n", count: 500))]])
        }
        XCTAssertEqual(server.shutDown(), 0)
        // Everything into the main file first, so the damage is not repaired from the WAL.
        XCTAssertEqual(try Programs.sql(folder.store, "PRAGMA wal_checkpoint(TRUNCATE)"), "0|0|0")
        try? FileManager.default.removeItem(atPath: folder.store + "-wal")
        try? FileManager.default.removeItem(atPath: folder.store + "-shm")
        // Overwrite pages in the middle of the file (not the header) with garbage.
        guard let handle = FileHandle(forUpdatingAtPath: folder.store) else { return XCTFail("cannot open the store") }
        let size = handle.seekToEndOfFile()
        XCTAssertGreaterThan(size, 8 * 4096)
        handle.seek(toFileOffset: 4096 * 2)
        handle.write(Data(repeating: 0xA5, count: Int(size) - 4096 * 3))
        handle.closeFile()
        let damaged = Programs.bytes(folder.store)
        let reader = try RemindersdProcess(store: folder.store)
        let reply = reader.initialize(client: "faults")
        if reply.result != nil {
            let fetch = reader.channel.request("fetchReminders")
            expectStoreUnavailable(fetch, containing: ["damaged", "malformed", "corrupt", "not an SQLite"], "fetch from a damaged store")
            let save = reader.channel.request("saveReminder", ["reminder": ["title": "more"]])
            XCTAssertTrue([-32013, -32010].contains(save.errorCode ?? 0), save.serialized.prefix(300).description)
            reader.channel.closeInput()
        } else {
            expectStoreUnavailable(reply, containing: ["damaged", "malformed", "corrupt", "not an SQLite"], "initialize on a damaged store")
            reader.channel.closeInput()
        }
        XCTAssertEqual(reader.waitForExit(), 0)
        XCTAssertEqual(reader.process.terminationReason, .exit, "a damaged store must not crash the server")
        XCTAssertEqual(Programs.bytes(folder.store), damaged, "a damaged store must not be rewritten")
    }

    func testStorePathThatCannotBeCreated() throws {
        _ = FileManager.default.createFile(atPath: folder.path + "/a-file", contents: Data("x".utf8))
        try assertRefusedAtInitialize(folder.path + "/a-file/sub/reminders.sqlite", words: ["not a folder", "cannot create"], "parent is a file")
        try FileManager.default.createDirectory(atPath: folder.path + "/a-folder.sqlite", withIntermediateDirectories: true)
        try assertRefusedAtInitialize(folder.path + "/a-folder.sqlite", words: ["cannot read or write", "unable to open"], "the store is a folder")
    }

    // MARK: Read-only

    /// `chmod 0400` does not stop root, so the file is made immutable (`chattr +i`), which stops everyone.
    func testReadOnlyStoreFileReadsWorkWritesAreRefused() throws {
        let seed = try Programs.server(store: folder.store, client: "faults")
        let kept = seed.channel.request("saveReminder", ["reminder": ["title": "kept"]]).at("result", "reminder", "calendarItemIdentifier")!
        XCTAssertEqual(seed.shutDown(), 0)
        let before = Programs.bytes(folder.store)
        try makeImmutable(folder.store)
        defer { _ = Programs.run(Programs.which("chattr")!, ["-i", folder.store]) }

        let server = try RemindersdProcess(store: folder.store)
        XCTAssertNotNil(server.initialize(client: "faults").result, "a read-only store can still be read")
        XCTAssertEqual(server.channel.request("calendarItem", ["identifier": kept]).at("result", "reminder", "title"), "kept")
        expectStoreUnavailable(server.channel.request("saveReminder", ["reminder": ["title": "new"]]), containing: ["read-only"], "create")
        expectStoreUnavailable(server.channel.request("saveCalendar", ["calendar": ["title": "L"]]), containing: ["read-only"], "new list")
        XCTAssertNotNil(server.channel.request("saveReminder", ["reminder": ["title": "staged"], "commit": false]).result)
        expectStoreUnavailable(server.channel.request("commit"), containing: ["read-only"], "commit")
        expectStoreUnavailable(server.channel.request("removeReminder", ["identifier": kept]), containing: ["read-only"], "remove")
        XCTAssertEqual(server.channel.request("authorizationStatus").at("result", "status"), "fullAccess")
        XCTAssertEqual(server.shutDown(), 0)
        let permissions = Programs.remindersd(["permissions", "set", "--any-program", "someone", "denied", "--store", folder.store])
        XCTAssertEqual(permissions.status, 1, permissions.stderr)
        XCTAssertTrue(permissions.stderr.contains("read-only"), permissions.stderr)
        XCTAssertEqual(Programs.bytes(folder.store), before, "a read-only store was changed")
        print("fault read-only: produced with chattr +i on the store file (root ignores chmod 0400)")
    }

    /// The whole folder on a read-only mount. Whether SQLite can open the store for reading there
    /// depends on whether its -wal and -shm files were left beside it; either way nothing is written:
    /// initialize is refused with -32013, or reads work and every write is -32013.
    func testStoreOnAReadOnlyMount() throws {
        let source = folder.path + "/source"
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let seed = try Programs.server(store: source + "/reminders.sqlite", client: "faults")
        XCTAssertNotNil(seed.channel.request("saveReminder", ["reminder": ["title": "on the mount"]]).result)
        XCTAssertEqual(seed.shutDown(), 0)
        let names = files(in: source)
        let before = names.map { Programs.bytes(source + "/" + $0) }
        let mount = try TestMount.readOnlyBind(of: source, at: folder.path + "/readonly")
        defer { mount.unmount() }
        let store = mount.path + "/reminders.sqlite"
        for framing in [Framing.ndjson, .lsp] {
            let server = try RemindersdProcess(store: store, framing: framing)
            let reply = server.initialize(client: "faults")
            if reply.result == nil {
                expectStoreUnavailable(reply, containing: ["read-only", "cannot read or write", "unable to open"], "read-only mount [\(framing)]")
            } else {
                XCTAssertEqual(server.channel.request("fetchReminders").at("result", "reminders", 0, "title"), "on the mount")
                expectStoreUnavailable(
                    server.channel.request("saveReminder", ["reminder": ["title": "x"]]), containing: ["read-only"], "save [\(framing)]")
                expectStoreUnavailable(
                    server.channel.request("saveCalendar", ["calendar": ["title": "x"]]), containing: ["read-only"], "list [\(framing)]")
            }
            server.channel.closeInput()
            XCTAssertEqual(server.waitForExit(), 0)
            XCTAssertEqual(server.process.terminationReason, .exit)
        }
        let set = Programs.remindersd(["permissions", "set", "--any-program", "someone", "denied", "--store", store])
        XCTAssertEqual(set.status, 1, set.stderr)
        XCTAssertEqual(set.stdout, "")
        XCTAssertEqual(files(in: source), names)
        XCTAssertEqual(names.map { Programs.bytes(source + "/" + $0) }, before, "a file on the read-only mount changed")
        // A store that does not exist yet on a read-only mount cannot be created.
        try assertRefusedAtInitialize(mount.path + "/new/reminders.sqlite", words: ["cannot create", "read-only"], "new store on a read-only mount")
        print("fault read-only mount: produced with mount --bind + remount,ro,bind (store files present: \(names))")
    }

    /// The store (and its WAL) becomes read-only while a session runs: writes fail with -32013,
    /// reads go on, nothing staged is lost, and writes work again once it is writable.
    func testStoreBecomingReadOnlyDuringASession() throws {
        let server = try Programs.server(store: folder.store, client: "faults")
        XCTAssertNotNil(server.channel.request("saveReminder", ["reminder": ["title": "before"]]).result)
        let staged = server.channel.request("saveReminder", ["reminder": ["title": "staged while writable"], "commit": false])
        XCTAssertNotNil(staged.result)
        try makeImmutable(folder.store, folder.store + "-wal")
        var immutable = true
        defer { if immutable { _ = Programs.run(Programs.which("chattr")!, ["-i", folder.store, folder.store + "-wal"]) } }
        expectStoreUnavailable(
            server.channel.request("saveReminder", ["reminder": ["title": "during"]]), containing: ["read", "write", "I/O"], "save")
        expectStoreUnavailable(server.channel.request("commit"), containing: ["read", "write", "I/O"], "commit")
        XCTAssertEqual(server.channel.request("fetchReminders").at("result", "reminders", 0, "title"), "before", "reads go on")
        _ = Programs.run(Programs.which("chattr")!, ["-i", folder.store, folder.store + "-wal"])
        immutable = false
        XCTAssertNotNil(server.channel.request("saveReminder", ["reminder": ["title": "after"]]).result, "writable again")
        let titles = Set(
            server.channel.request("fetchReminders").at("result", "reminders")?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? [])
        // The staged reminder was not written by the failed commit; it must still be staged, and the
        // successful save after it commits it (a commit:true save commits everything staged before).
        XCTAssertEqual(titles, ["before", "staged while writable", "after"], "a failed commit must keep what was staged")
        XCTAssertEqual(server.shutDown(), 0)
        XCTAssertEqual(try Programs.sql(folder.store, "PRAGMA integrity_check"), "ok")
    }

    private func makeImmutable(_ paths: String...) throws {
        guard let chattr = Programs.which("chattr"), Programs.isRoot else {
            throw XCTSkip("needs root and chattr (e2fsprogs) to make a file read-only for root")
        }
        let result = Programs.run(chattr, ["+i"] + paths)
        guard result.status == 0 else { throw XCTSkip("chattr +i is not supported here: \(result.stderr)") }
    }

    // MARK: Full disk

    func testFullDiskGivesStoreUnavailableAndRecovers() throws {
        let mount = try TestMount.tmpfs(at: folder.path + "/small", sizeKiB: 1024)
        defer { mount.unmount() }
        let store = mount.path + "/reminders.sqlite"
        XCTAssertEqual(
            Programs.remindersd(["permissions", "set", "--any-program", "faults", "fullAccess", "--entity", "event", "--store", store]).status, 0)
        let server = try Programs.server(store: store, client: "faults")
        XCTAssertNotNil(server.channel.request("saveReminder", ["reminder": ["title": "first"]]).result)
        let staged = server.channel.request("saveReminder", ["reminder": ["title": "staged before the disk filled"], "commit": false])
        XCTAssertNotNil(staged.result)
        // An event staged too: the failed commit below writes it into a transaction that never
        // becomes durable, and it must stay staged as the reminder does.
        let event = server.channel.request(
            "saveEvent",
            [
                "event": [
                    "title": "staged event", "startDate": "2027-01-04T09:00:00Z",
                    "endDate": "2027-01-04T10:00:00Z",
                ], "commit": false,
            ])
        XCTAssertNotNil(event.result, "\(event)")
        // Fill the file system to the last byte.
        let filler = mount.path + "/filler"
        let fd = open(filler, O_WRONLY | O_CREAT, 0o600)
        let block = [UInt8](repeating: 0x66, count: 4096)
        while write(fd, block, block.count) > 0 {}
        while write(fd, block, 1) > 0 {}
        close(fd)

        expectStoreUnavailable(
            server.channel.request("saveReminder", ["reminder": ["title": "no room", "notes": .string(String(repeating: "n", count: 20_000))]]),
            containing: ["full"], "save on a full disk")
        expectStoreUnavailable(server.channel.request("commit"), containing: ["full"], "commit on a full disk")
        // A batch of writes on a full disk: still one array answer, one element per request.
        server.channel.send(
            json:
                #"[{"jsonrpc":"2.0","id":"b1","method":"saveReminder","params":{"reminder":{"title":"batch"}}},{"jsonrpc":"2.0","id":"b2","method":"authorizationStatus"},5]"#
        )
        let batch = server.channel.nextReply()
        XCTAssertEqual(
            batch?.arrayValue?.count, 3, "a batch gets one array answer even when its commit fails: \(batch?.serialized.prefix(300) ?? "none")")
        XCTAssertEqual(batch?.arrayValue?.first?.errorCode, -32013)
        XCTAssertEqual(batch?.arrayValue?.last?.errorCode, -32600)
        while server.channel.nextReply(timeout: 0.5) != nil {}  // whatever else came, so the next checks stay in step
        XCTAssertEqual(server.channel.request("fetchReminders").at("result", "reminders", 0, "title"), "first", "reads go on")
        XCTAssertEqual(server.channel.request("authorizationStatus").at("result", "status"), "fullAccess")

        // Room again: writes work, and what was staged before is still staged, then committed.
        try FileManager.default.removeItem(atPath: filler)
        XCTAssertNotNil(server.channel.request("commit").result)
        XCTAssertNotNil(server.channel.request("saveReminder", ["reminder": ["title": "after"]]).result)
        let titles = Set(
            server.channel.request("fetchReminders").at("result", "reminders")?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? [])
        XCTAssertEqual(
            titles, ["first", "staged before the disk filled", "after"], "a commit that failed for lack of room must keep what was staged")
        let events = server.channel.request("fetchEvents", ["start": "2027-01-04T00:00:00Z", "end": "2027-01-05T00:00:00Z"])
        XCTAssertEqual(
            events.at("result", "events")?.arrayValue?.compactMap { $0["title"]?.stringValue }, ["staged event"],
            "a staged event is kept by a failed commit as a staged reminder is: \(events.serialized.prefix(300))")
        XCTAssertEqual(server.shutDown(), 0)
        XCTAssertEqual(try Programs.sql(store, "PRAGMA integrity_check"), "ok")

        // A new store on a full disk: a clear refusal, not a crash.
        let filled = open(filler, O_WRONLY | O_CREAT, 0o600)
        while write(filled, block, block.count) > 0 {}
        close(filled)
        let fresh = try RemindersdProcess(store: mount.path + "/fresh/reminders.sqlite")
        expectStoreUnavailable(fresh.initialize(client: "faults"), containing: ["full", "cannot", "disk"], "new store on a full disk")
        fresh.channel.closeInput()
        XCTAssertEqual(fresh.waitForExit(), 0)
        print("fault full disk: produced with a 1 MiB tmpfs (mount -t tmpfs -o size=1024k) filled to the last byte")
    }

    /// A file-size limit (`ulimit -f`, RLIMIT_FSIZE): writes past it must fail with -32013, not kill the
    /// server with SIGXFSZ.
    func testFileSizeLimitGivesStoreUnavailableNotSIGXFSZ() throws {
        Programs.grant("faults", store: folder.store)
        let server = try RemindersdProcess(store: folder.store, shellPrefix: "ulimit -f 400")  // 400 × 512 bytes
        XCTAssertNotNil(server.channel.request("initialize", ["clientInfo": ["name": "faults"]]).result)
        var failure: JSONValue?
        for index in 0..<100 {
            let reply = server.channel.request(
                "saveReminder", ["reminder": ["title": .string("big \(index)"), "notes": .string(String(repeating: "n", count: 20_000))]], timeout: 10
            )
            if reply.result == nil { failure = reply; break }
        }
        guard let failure else { return XCTFail("200 KiB limit never reached") }
        XCTAssertEqual(failure.errorCode, -32013, "over the file-size limit: \(failure.serialized.prefix(300)); stderr: \(server.stderr.suffix(300))")
        XCTAssertEqual(server.channel.request("authorizationStatus").at("result", "status"), "fullAccess", "the server is still up")
        server.channel.closeInput()
        let status = server.waitForExit()
        XCTAssertFalse(server.wasKilledBySignal, "killed by a signal (SIGXFSZ is 25): status \(status)")
        XCTAssertEqual(status, 0)
        XCTAssertEqual(try Programs.sql(folder.store, "PRAGMA integrity_check"), "ok")
        print("fault file-size limit: produced with ulimit -f 400 (RLIMIT_FSIZE, 200 KiB)")
    }

    // MARK: Locked by another program

    func testStoreLockedByAnotherProgramDuringASession() throws {
        let server = try Programs.server(store: folder.store, client: "faults", arguments: ["--busy-timeout", "500"])
        XCTAssertNotNil(server.channel.request("saveReminder", ["reminder": ["title": "before"]]).result)
        let lock = try StoreLock(folder.store)
        let start = Date()
        expectStoreUnavailable(server.channel.request("saveReminder", ["reminder": ["title": "while locked"]]), containing: ["locked"], "save")
        let waited = Date().timeIntervalSince(start)
        XCTAssertGreaterThanOrEqual(waited, 0.4, "it waits --busy-timeout before giving up")
        XCTAssertLessThan(waited, 10)
        expectStoreUnavailable(server.channel.request("saveCalendar", ["calendar": ["title": "L"]]), containing: ["locked"], "new list")
        // Readers never wait (WAL): had they waited for the lock, every read would take the 0.5 s busy timeout.
        var fastest = TimeInterval.infinity
        for _ in 0..<3 {
            let readStart = Date()
            XCTAssertEqual(server.channel.request("fetchReminders").at("result", "reminders", 0, "title"), "before")
            fastest = min(fastest, Date().timeIntervalSince(readStart))
        }
        XCTAssertLessThan(fastest, 0.4, "reads waited for the writer's lock")
        lock.release()
        XCTAssertNotNil(server.channel.request("saveReminder", ["reminder": ["title": "after"]]).result)
        XCTAssertEqual(server.channel.request("fetchReminders").at("result", "reminders")?.arrayValue?.count, 2)
        XCTAssertEqual(server.shutDown(), 0)
    }

    func testStoreLockedWhenTheServerStarts() throws {
        // An up-to-date store opens without the write lock: initialize may succeed; writes then wait and fail.
        Programs.grant("faults", store: folder.store)
        var lock = try StoreLock(folder.store)
        let server = try RemindersdProcess(store: folder.store, arguments: ["--busy-timeout", "500"])
        var reply = server.channel.request("initialize", ["clientInfo": ["name": "faults"]])
        if reply.result == nil {
            expectStoreUnavailable(reply, containing: ["locked"], "initialize while locked")
        } else {
            server.channel.notify("initialized", [:])
            expectStoreUnavailable(server.channel.request("saveReminder", ["reminder": ["title": "x"]]), containing: ["locked"], "save while locked")
        }
        lock.release()
        if reply.result == nil {
            reply = server.channel.request("initialize", ["clientInfo": ["name": "faults"]])
            XCTAssertNotNil(reply.result, "initialize after the lock was released: \(reply.serialized.prefix(300))")
        }
        XCTAssertNotNil(server.channel.request("saveReminder", ["reminder": ["title": "after the lock"]]).result)
        XCTAssertEqual(server.shutDown(), 0)

        // A new store (an empty file) needs the write lock to be set up: initialize is refused while
        // another program holds it, and a retried initialize succeeds once it is released.
        let fresh = folder.path + "/fresh.sqlite"
        _ = FileManager.default.createFile(atPath: fresh, contents: nil, attributes: [.posixPermissions: 0o600])
        lock = try StoreLock(fresh)
        let second = try RemindersdProcess(store: fresh, arguments: ["--busy-timeout", "500"])
        expectStoreUnavailable(
            second.channel.request("initialize", ["clientInfo": ["name": "faults"]]), containing: ["locked"], "initialize of a new store while locked"
        )
        lock.release()
        let retry = second.channel.request("initialize", ["clientInfo": ["name": "faults"]])
        XCTAssertNotNil(retry.result, "initialize after the lock was released: \(retry.serialized.prefix(300))")
        XCTAssertEqual(second.channel.request("authorizationStatus").at("result", "status"), "notDetermined")
        XCTAssertEqual(second.shutDown(), 0)
        print("fault locked: produced with sqlite3 holding BEGIN EXCLUSIVE and --busy-timeout 500")
    }
}
