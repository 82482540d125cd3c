import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// Accounts and sync through the real binary, where no CalDAV server is needed: the accounts
/// commands, secrets kept out of the store, lists made in an account, and a server that is not
/// there. What a real server does is tested against Radicale in Tests/Interop.
final class SyncCommandTests: XCTestCase {
    let folder = TemporaryFolder()

    /// A URL nothing listens on: a port bound and closed again.
    private func deadURL() -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        close(fd)
        return "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/dav/"
    }

    private func passwordFile(_ secret: String, mode: Int) throws -> String {
        let path = folder.path + "/password-\(mode)"
        try Data((secret + "\n").utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    private func remindersd(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try RemindersdProcess.run(arguments + ["--store", folder.store])
    }

    func testAccountsAreAddedListedAndRemovedWithoutTheirSecrets() throws {
        let secret = "correct-horse-\(UUID().uuidString)"
        let file = try passwordFile(secret, mode: 0o600)
        let url = deadURL()
        let added = try remindersd(["accounts", "add", "home", "--url", url, "--username", "alice", "--password-file", file])
        XCTAssertEqual(added.status, 0, added.stderr)
        let listed = try remindersd(["accounts", "list"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        let line = try JSONParser.parse(listed.stdout.trimmingCharacters(in: .newlines))
        XCTAssertEqual(line["name"], "home")
        XCTAssertEqual(line["url"], .string(url))
        XCTAssertEqual(line["username"], "alice")
        XCTAssertEqual(line["passwordFile"], .string(file))
        XCTAssertEqual(line["lists"], 0)
        XCTAssertEqual(line["eventCalendars"], 0)
        XCTAssertNil(line["address"], "none given")
        XCTAssertFalse(listed.stdout.contains(secret))

        let synced = try remindersd(["sync"])
        XCTAssertEqual(synced.status, 1, "a server that is not there is a problem: \(synced.stdout)")
        XCTAssertTrue(synced.stdout.hasPrefix("home: 0 lists"), synced.stdout)
        XCTAssertTrue(synced.stdout.contains("error: account home:"), synced.stdout)
        XCTAssertFalse((synced.stdout + synced.stderr).contains(secret))
        for name in ["reminders.sqlite", "reminders.sqlite-wal"] {
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + name))) ?? Data()
            XCTAssertNil(bytes.range(of: Data(secret.utf8)), "the password reached \(name)")
        }

        XCTAssertEqual(try remindersd(["accounts", "add", "home", "--url", url]).status, 1, "a second account of the same name")
        XCTAssertEqual(try remindersd(["accounts", "add", "work", "--url", url, "--address", "al@example.com"]).status, 0)
        let work = try remindersd(["accounts", "list"]).stdout.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertEqual(try JSONParser.parse(work)["address"], "al@example.com")
        XCTAssertEqual(try remindersd(["accounts", "remove", "work"]).status, 0)
        let removed = try remindersd(["accounts", "remove", "home"])
        XCTAssertEqual(removed.status, 0, removed.stderr)
        XCTAssertEqual(try remindersd(["accounts", "list"]).stdout, "")
        XCTAssertEqual(try remindersd(["accounts", "remove", "home"]).status, 1)
    }

    func testAccountsAddRefusesWhatWouldLeakOrCannotWork() throws {
        let open = try passwordFile("secret", mode: 0o644)
        let readable = try remindersd(["accounts", "add", "home", "--url", "https://dav.example.com/", "--password-file", open])
        XCTAssertEqual(readable.status, 1)
        XCTAssertTrue(readable.stderr.contains("chmod 600"), readable.stderr)
        let userinfo = try remindersd(["accounts", "add", "home", "--url", "https://alice:secret@dav.example.com/"])
        XCTAssertEqual(userinfo.status, 2)
        XCTAssertTrue(userinfo.stderr.contains("--url must not hold a user or password"), userinfo.stderr)
        XCTAssertFalse(userinfo.stderr.contains("secret@"), "the password is not echoed")
        XCTAssertEqual(try remindersd(["accounts", "add", "home", "--url", "ftp://dav.example.com/"]).status, 2)
        XCTAssertEqual(try remindersd(["accounts", "add", "home"]).status, 2)
        let notAnAddress = try remindersd(["accounts", "add", "home", "--url", "https://dav.example.com/", "--address", "alice"])
        XCTAssertEqual(notAnAddress.status, 2)
        XCTAssertTrue(notAnAddress.stderr.contains("--address alice is no email address"), notAnAddress.stderr)
        XCTAssertEqual(try remindersd(["accounts", "add", "two words", "--url", "https://dav.example.com/"]).status, 2)
        let missingCommand = try remindersd([
            "accounts", "add", "home", "--url", "https://dav.example.com/",
            "--password-command", "no-such-program-\(UUID().uuidString)",
        ])
        XCTAssertEqual(missingCommand.status, 1, missingCommand.stderr)
        XCTAssertEqual(try remindersd(["accounts", "list"]).stdout, "", "nothing was added")
    }

    /// Issue 35, 11: http:// to another machine sends the password in clear text: refused unless
    /// the owner says so, and then said at every sync; loopback is fine.
    func testAnHTTPAddressOfAnotherMachineIsRefusedUnlessAllowed() throws {
        let file = try passwordFile("secret", mode: 0o600)
        let clear = try remindersd(["accounts", "add", "far", "--url", "http://dav.example.com/", "--username", "alice", "--password-file", file])
        XCTAssertEqual(clear.status, 1)
        XCTAssertTrue(clear.stderr.contains("clear text") && clear.stderr.contains("--allow-insecure-http"), clear.stderr)
        XCTAssertEqual(try remindersd(["accounts", "list"]).stdout, "", "nothing was added")
        for local in ["http://127.0.0.1:5232/", "http://localhost/dav/", "http://[::1]:8080/"] {
            let added = try remindersd(["accounts", "add", "l\(abs(local.hashValue) % 10_000)", "--url", local, "--password-file", file])
            XCTAssertEqual(added.status, 0, "\(local): \(added.stderr)")
            XCTAssertFalse(added.stderr.contains("clear text"), added.stderr)
        }
        let allowed = try remindersd([
            "accounts", "add", "far", "--url", "http://dav.invalid:1/", "--timeout", "2",
            "--username", "alice", "--password-file", file, "--allow-insecure-http",
        ])
        XCTAssertEqual(allowed.status, 0, allowed.stderr)
        XCTAssertTrue(allowed.stderr.contains("warning") && allowed.stderr.contains("clear text"), allowed.stderr)
        let synced = try remindersd(["sync", "far", "--json"])
        XCTAssertTrue(synced.stdout.contains("clear text"), "each sync says so: \(synced.stdout.prefix(600))")
    }

    func testTheSyncMethodReportsAServerThatIsNotThereAndTheSessionGoesOn() throws {
        let file = try passwordFile("secret", mode: 0o600)
        XCTAssertEqual(try remindersd(["accounts", "add", "home", "--url", deadURL(), "--username", "alice", "--password-file", file]).status, 0)
        let server = try RemindersdProcess.granted("sync", store: folder.store)

        // A list made in the account: a caldav list, made on the server at the next sync.
        let saved = server.channel.request("saveCalendar", ["calendar": ["title": "Groceries", "source": ["account": "home"]]])
        XCTAssertEqual(saved.at("result", "calendar", "type"), "caldav", "\(saved)")
        XCTAssertEqual(saved.at("result", "calendar", "source"), ["account": "home", "url": .null])
        XCTAssertEqual(
            server.channel.request("saveCalendar", ["calendar": ["title": "X", "source": ["account": "nope"]]]).errorField,
            "calendar.source.account")
        XCTAssertEqual(server.channel.request("saveCalendar", ["calendar": ["title": "X", "type": "caldav"]]).errorField, "calendar.type")
        let local = server.channel.request("calendars").at("result", "calendars")?.arrayValue?.first { $0["title"] == "Reminders" }
        XCTAssertEqual(local?["source"], .null)

        let reply = server.channel.request("sync", ["workDoneToken": "s1"])
        let account = try XCTUnwrap(reply.at("result", "accounts", 0), "\(reply)")
        XCTAssertEqual(account["name"], "home")
        XCTAssertTrue(account["error"]?.stringValue?.hasPrefix("account home:") ?? false, "\(account)")
        let progress = server.channel.drainNotifications("$/progress")
        XCTAssertEqual(progress.first?.at("params", "token"), "s1")
        XCTAssertEqual(progress.first?.at("params", "value", "kind"), "begin")
        XCTAssertEqual(progress.last?.at("params", "value", "kind"), "end")
        XCTAssertEqual(server.channel.request("sync", ["account": "nope"]).errorCode, -32011)
        XCTAssertEqual(server.channel.request("sync", ["dryRun": "yes"]).errorField, "dryRun")
        XCTAssertEqual(server.channel.request("sync", ["dryRun": true]).at("result", "dryRun"), true)
        // The list is still there, still waiting for its collection.
        let lists = server.channel.request("calendars").at("result", "calendars")?.arrayValue ?? []
        XCTAssertTrue(lists.contains { $0["title"] == "Groceries" && $0["type"] == "caldav" })
        XCTAssertEqual(server.shutDown(), 0)
    }

    func testSyncWithNoAccountsSaysHowToAddOne() throws {
        let synced = try remindersd(["sync"])
        XCTAssertEqual(synced.status, 0, synced.stderr)
        XCTAssertTrue(synced.stdout.contains("remindersd accounts add"), synced.stdout)
        XCTAssertEqual(try remindersd(["sync", "--json"]).stdout.trimmingCharacters(in: .newlines), #"{"dryRun":false,"accounts":[]}"#)
        let unknown = try remindersd(["sync", "nope"])
        XCTAssertEqual(unknown.status, 3, "an account that does not exist")
        XCTAssertTrue(unknown.stderr.contains("no account named nope"), unknown.stderr)
        XCTAssertEqual(try remindersd(["sync", "--frobnicate"]).status, 2)
    }
}
