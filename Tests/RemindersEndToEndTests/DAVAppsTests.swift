import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// `remindersd dav add-app|apps|remove-app` through the real binaries (remindersd hands `dav` to
/// remindersd-dav): a password printed once and stored only as a hash, a grant like any client's
/// that `permissions` shows and revokes, and a refusal for what cannot be granted.
final class DAVAppsTests: XCTestCase {
    let folder = TemporaryFolder()

    private func remindersd(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try RemindersdProcess.run(arguments + ["--store", folder.store])
    }

    func testAnAppGetsAPasswordOnceAndAGrantThePermissionsCommandShows() throws {
        let added = try remindersd(["dav", "add-app", "thunderbird"])
        XCTAssertEqual(added.status, 0, added.stderr)
        let password = added.stdout.trimmingCharacters(in: .newlines)
        XCTAssertEqual(password.count, 29, added.stdout)
        XCTAssertTrue(added.stderr.contains("thunderbird may use reminders and events over CalDAV"), added.stderr)
        XCTAssertFalse(added.stderr.contains(password), "the password goes to stdout only")

        let store = try Data(contentsOf: URL(fileURLWithPath: folder.store))
        let wal = (try? Data(contentsOf: URL(fileURLWithPath: folder.store + "-wal"))) ?? Data()
        XCTAssertNil((store + wal).range(of: Data(password.utf8)), "the store keeps only the hash")

        let apps = try remindersd(["dav", "apps"])
        XCTAssertEqual(apps.status, 0, apps.stderr)
        let app = try JSONParser.parse(apps.stdout)
        XCTAssertEqual(app["name"], "thunderbird")
        XCTAssertEqual(app["grants"]?.arrayValue?.compactMap { $0["entityType"]?.stringValue }, ["event", "reminder"])
        XCTAssertFalse(apps.stdout.contains("$y$"), "no hash is printed")

        let permissions = try remindersd(["permissions", "list"]).stdout.split(separator: "\n").map { try JSONParser.parse(String($0)) }
        XCTAssertEqual(
            permissions.filter { $0["client"] == "thunderbird" }.map { [$0["program"], $0["status"]] },
            [["caldav", "fullAccess"], ["caldav", "fullAccess"]])

        // As the help says it: revoked by its program, `caldav`, which is no path.
        let revoked = try remindersd(["permissions", "set", "thunderbird", "denied", "--program", "caldav", "--entity", "event"])
        XCTAssertEqual(revoked.status, 0, revoked.stderr)
        let after = try remindersd(["permissions", "list"]).stdout.split(separator: "\n").map { try JSONParser.parse(String($0)) }
        XCTAssertEqual(
            after.filter { $0["client"] == "thunderbird" }.map { [$0["entityType"], $0["status"]] }.sorted { "\($0)" < "\($1)" },
            [["event", "denied"], ["reminder", "fullAccess"]])

        let again = try remindersd(["dav", "add-app", "thunderbird"])
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stderr.contains("an app named \"thunderbird\" exists"), again.stderr)

        XCTAssertEqual(try remindersd(["dav", "remove-app", "thunderbird"]).status, 0)
        XCTAssertEqual(try remindersd(["dav", "apps"]).stdout, "")
        XCTAssertFalse(try remindersd(["permissions", "list"]).stdout.contains("thunderbird"))
        let gone = try remindersd(["dav", "remove-app", "thunderbird"])
        XCTAssertEqual(gone.status, 1)
        XCTAssertTrue(gone.stderr.contains("no app named \"thunderbird\""), gone.stderr)
    }

    func testAnAppForChosenListsOfOneKind() throws {
        XCTAssertEqual(try remindersd(["permissions", "set", "setup", "fullAccess", "--any-program"]).status, 0)
        XCTAssertEqual(try remindersd(["call", "saveCalendar", #"{"calendar":{"title":"Shopping"}}"#, "--client", "setup"]).status, 0)
        XCTAssertEqual(try remindersd(["call", "saveCalendar", #"{"calendar":{"title":"Work"}}"#, "--client", "setup"]).status, 0)

        let added = try remindersd(["dav", "add-app", "todoman", "--lists", "Shopping", "--read-only-lists", "Work", "--entity", "reminder"])
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertTrue(added.stderr.contains("todoman may use reminders over CalDAV"), added.stderr)
        let app = try JSONParser.parse(try remindersd(["dav", "apps"]).stdout)
        let grants = try XCTUnwrap(app["grants"]?.arrayValue)
        XCTAssertEqual(grants.count, 1)
        XCTAssertEqual(
            grants[0]["scope"]?["lists"]?.arrayValue?.map { [$0["title"], $0["readOnly"]] }.sorted { "\($0)" < "\($1)" },
            [["Shopping", false], ["Work", true]])

        for (arguments, words) in [
            (["dav", "add-app", "khal", "--lists", "Nowhere"], "there is no list or calendar \"Nowhere\""),
            (["dav", "add-app", "has space"], "no spaces or colons"),
            (["dav", "add-app", "khal", "--entity", "task"], "--entity"),
            (["dav", "add-app"], "usage"),
        ] {
            let refused = try remindersd(arguments)
            XCTAssertNotEqual(refused.status, 0, "\(arguments)")
            XCTAssertTrue(refused.stderr.lowercased().contains(words.lowercased()), "\(arguments): \(refused.stderr)")
        }
        XCTAssertFalse(try remindersd(["dav", "apps"]).stdout.contains("khal"), "nothing recorded for a refused add")
    }
}
