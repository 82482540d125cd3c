import Foundation
import Synchronization
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// Several remindersd processes on one store: notifications, permission changes, no lost updates.
final class MultiClientTests: XCTestCase {
    let folder = TemporaryFolder()

    private func client(_ name: String, _ framing: Framing = .ndjson) throws -> RemindersdProcess {
        try RemindersdProcess.granted(name, store: folder.store, framing: framing)
    }

    func testOtherClientsHearOfCommitsWithinASecond() throws {
        for framing in [Framing.ndjson, .lsp] {
            // The writer first: granting it is a commit, whose storeChanged could reach a listener
            // already running after the drain below and be taken for the save's.
            let writer = try client("writer"), listener = try client("listener-\(framing)", framing)
            _ = listener.channel.drainNotifications("storeChanged")
            let started = Date()
            writer.channel.request("saveReminder", ["reminder": ["title": "news"]])
            XCTAssertNotNil(listener.channel.notification("storeChanged", timeout: 1.5), "\(framing)")
            let latency = Date().timeIntervalSince(started)
            XCTAssertLessThan(latency, 1.0)
            print("storeChanged reached a \(framing) client \(Int(latency * 1000)) ms after the commit")
            // Staged changes are not commits: nobody hears of them.
            writer.channel.request("saveReminder", ["reminder": ["title": "draft"], "commit": false])
            XCTAssertNil(listener.channel.notification("storeChanged", timeout: 0.6), "\(framing)")
            listener.shutDown()
            writer.shutDown()
        }
    }

    func testBurstsAreCoalesced() throws {
        let listener = try client("listener"), writer = try client("writer")
        _ = listener.channel.drainNotifications("storeChanged")
        let started = Date()
        let ids = (0..<300).map { _ in writer.channel.makeID() }
        for id in ids {
            writer.channel.send([
                "jsonrpc": "2.0", "id": .integer(id), "method": "saveReminder", "params": ["reminder": ["title": .string("burst \(id)")]],
            ])
        }
        for id in ids { XCTAssertNil(writer.channel.response(id: .integer(id))?["error"]) }
        Thread.sleep(forTimeInterval: 0.8)
        let elapsed = Date().timeIntervalSince(started)
        let received = listener.channel.drainNotifications("storeChanged").count
        print("300 commits in \(String(format: "%.2f", elapsed)) s produced \(received) storeChanged notifications")
        XCTAssertGreaterThanOrEqual(received, 1)
        XCTAssertLessThanOrEqual(Double(received), elapsed * 4 + 2)
        listener.shutDown()
        writer.shutDown()
    }

    func testPermissionChangesReachARunningClient() throws {
        let app = try client("app")
        _ = app.channel.drainNotifications("authorizationChanged")
        let started = Date()
        XCTAssertEqual(try RemindersdProcess.run(["permissions", "set", "--any-program", "app", "denied", "--store", folder.store]).status, 0)
        let note = app.channel.notification("authorizationChanged", timeout: 1.5)
        XCTAssertEqual(note?["params"], ["entityType": "reminder", "status": "denied"])
        XCTAssertLessThan(Date().timeIntervalSince(started), 1.5)
        XCTAssertEqual(app.channel.request("fetchReminders").errorCode, -32010)
        // Changes for other clients are not this client's business.
        _ = try RemindersdProcess.run(["permissions", "set", "--any-program", "someone-else", "denied", "--store", folder.store])
        XCTAssertNil(app.channel.notification("authorizationChanged", timeout: 0.6))
        app.shutDown()
    }

    func testNothingIsSentBeforeInitialize() throws {
        let quiet = try RemindersdProcess(store: folder.store)
        let writer = try client("writer")
        writer.channel.request("saveReminder", ["reminder": ["title": "unheard"]])
        XCTAssertNil(quiet.channel.next(timeout: 0.8))
        quiet.channel.notify("exit")
        _ = quiet.waitForExit()
        writer.shutDown()
    }

    func testEightWritersLoseNothing() throws {
        let writers = try (0..<8).map { try client("writer-\($0)") }
        let listener = try client("listener")
        _ = listener.channel.drainNotifications("storeChanged")
        let perWriter = 250
        let started = Date()
        var pending: [(RemindersdProcess, Int64)] = []
        for (index, writer) in writers.enumerated() {
            for n in 0..<perWriter {
                let id = writer.channel.makeID()
                writer.channel.send([
                    "jsonrpc": "2.0", "id": .integer(id), "method": "saveReminder",
                    "params": ["reminder": ["title": .string("w\(index)-\(n)")], "commit": true],
                ])
                pending.append((writer, id))
            }
        }
        var failures: [JSONValue] = []
        for (writer, id) in pending {
            let response = writer.channel.response(id: .integer(id), timeout: 60)
            if response?["result"] == nil { failures.append(response ?? "timeout") }
        }
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertEqual(failures.count, 0, "\(failures.prefix(3))")
        let reminders = listener.channel.request("fetchReminders", timeout: 60).at("result", "reminders")?.arrayValue ?? []
        let titles = Set(reminders.compactMap { $0["title"]?.stringValue })
        XCTAssertEqual(reminders.count, 8 * perWriter)
        XCTAssertEqual(titles.count, 8 * perWriter)
        let notifications = listener.channel.drainNotifications("storeChanged").count
        print(
            "8 writers × \(perWriter) committed saves: \(reminders.count) stored in \(String(format: "%.2f", elapsed)) s "
                + "(\(Int(Double(reminders.count) / elapsed)) saves/s), \(failures.count) errors, listener got \(notifications) storeChanged")
        for writer in writers { XCTAssertEqual(writer.shutDown(), 0) }
        listener.shutDown()
        XCTAssertEqual(try integrityCheck(folder.store), "ok")
    }

    func testEightWritersTakingTurnsForTheLockLoseNothing() throws {
        // Each writer waits for every answer before the next save, so all eight contend for the write lock all the time.
        let writers = try (0..<8).map { try client("turns-\($0)") }
        let perWriter = 100
        let failures = Mutex(0)
        let started = Date()
        DispatchQueue.concurrentPerform(iterations: writers.count) { index in
            for n in 0..<perWriter {
                let response = writers[index].channel.request("saveReminder", ["reminder": ["title": .string("t\(index)-\(n)")]], timeout: 60)
                if response["result"] == nil { failures.withLock { $0 += 1 } }
            }
        }
        let failed = failures.withLock { $0 }
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertEqual(failed, 0)
        let count = writers[0].channel.request("fetchReminders").at("result", "reminders")?.arrayValue?.count
        XCTAssertEqual(count, writers.count * perWriter)
        print("8 writers × \(perWriter) saves, one at a time each: \(count ?? 0) stored in \(String(format: "%.2f", elapsed)) s, \(failed) errors")
        for writer in writers { writer.shutDown() }
        XCTAssertEqual(try integrityCheck(folder.store), "ok")
    }

    func testConcurrentCommitsOfTheSameReminderConflictInsteadOfOverwriting() throws {
        let a = try client("a"), b = try client("b")
        let created = a.channel.request("saveReminder", ["reminder": ["title": "shared"]]).at("result", "reminder")!
        let seenByB = b.channel.request("calendarItem", ["identifier": created["calendarItemIdentifier"]!]).at("result", "reminder")!
        XCTAssertNil(
            a.channel.request(
                "saveReminder",
                [
                    "reminder": [
                        "calendarItemIdentifier": created["calendarItemIdentifier"]!,
                        "title": "by a", "lastModifiedDate": created["lastModifiedDate"]!,
                    ]
                ])["error"])
        guard case .object(var edit) = seenByB else { return XCTFail() }
        edit["title"] = "by b"
        let conflict = b.channel.request("saveReminder", ["reminder": .object(edit)])
        XCTAssertEqual(conflict.errorCode, -32012)
        XCTAssertEqual(conflict.at("error", "data", "current", "title"), "by a")
        a.shutDown()
        b.shutDown()
    }
}

/// `PRAGMA integrity_check` through the sqlite3 command-line shell.
func integrityCheck(_ path: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sqlite3", path, "PRAGMA integrity_check;"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}
