import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// The binary's command line: version, help, flags, permissions and call.
final class CommandLineTests: XCTestCase {
    let folder = TemporaryFolder()

    func testVersionAndHelp() throws {
        let version = try RemindersdProcess.run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.hasPrefix("remindersd "), version.stdout)
        let help = try RemindersdProcess.run(["--help"])
        XCTAssertEqual(help.status, 0)
        for word in ["permissions set", "--store", "--consent-agent", "call METHOD"] { XCTAssertTrue(help.stdout.contains(word), word) }
    }

    /// What the completions and the man page are made from: every command --help lists, with its
    /// options, each of which that command's reader takes.
    func testTheCommandLineIsDeclaredForCompletionsAndManPages() throws {
        let declared = try RemindersdProcess.run(["schema", "--command-line"])
        XCTAssertEqual(declared.status, 0, declared.stderr)
        let commands = try XCTUnwrap(try JSONParser.parse(Array(declared.stdout.utf8))["commands"]?.arrayValue)
        let help = try RemindersdProcess.run(["--help"]).stdout
        for command in commands where command["program"]?.stringValue == "remindersd" {
            let name = try XCTUnwrap(command["name"]?.stringValue)
            XCTAssertTrue(name == "serve" || help.contains("  remindersd \(name) "), name)
            for option in command["options"]?.arrayValue ?? [] where option["value"] == nil && option["hidden"] == nil {
                // Each switch a command declares is one its reader takes (a value would need a value of its kind).
                let flag = try XCTUnwrap(option["name"]?.stringValue)
                let run = try RemindersdProcess.run((name == "serve" ? [] : [name]) + [flag, "--help"])
                XCTAssertEqual(run.status, 0, "\(name) \(flag): \(run.stderr)")
            }
        }
        XCTAssertEqual(try RemindersdProcess.run(["schema", "extra"]).status, 2)
    }

    func testUnknownFlagsAreOneLineAndExitTwo() throws {
        for arguments in [
            ["--bogus"], ["serve", "--bogus"], ["permissions", "list", "--nope"], ["--store"], ["--max-depth", "x"],
            ["permissions", "set", "--any-program", "c", "sometimes"], ["permissions", "set", "--any-program", "c"], ["permissions"],
            ["serve", "extra"],
        ] {
            let result = try RemindersdProcess.run(arguments + ["--store", folder.store])
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
        }
    }

    func testPermissionsListAndSet() throws {
        XCTAssertEqual(try RemindersdProcess.run(["permissions", "list", "--store", folder.store]).stdout, "")
        for (client, status) in [("b", "writeOnly"), ("a", "denied"), ("c", "restricted"), ("a", "fullAccess")] {
            XCTAssertEqual(
                try RemindersdProcess.run(["permissions", "set", "--any-program", client, status, "--entity", "reminder", "--store", folder.store])
                    .status, 0)
        }
        let listed = try RemindersdProcess.run(["permissions", "list", "--store", folder.store]).stdout
        XCTAssertEqual(
            listed,
            """
            {"client":"a","entityType":"reminder","program":null,"status":"fullAccess"}
            {"client":"b","entityType":"reminder","program":null,"status":"writeOnly"}
            {"client":"c","entityType":"reminder","program":null,"status":"restricted"}

            """)
        XCTAssertEqual(try RemindersdProcess.run(["permissions", "set", "--any-program", "a", "notDetermined", "--store", folder.store]).status, 0)
        XCTAssertFalse(try RemindersdProcess.run(["permissions", "list", "--store", folder.store]).stdout.contains(#""client":"a""#))
        XCTAssertEqual(
            try RemindersdProcess.run(["permissions", "set", "--any-program", "a", "fullAccess", "--entity", "event", "--store", folder.store])
                .status, 0)
        XCTAssertTrue(
            try RemindersdProcess.run(["permissions", "list", "--store", folder.store]).stdout
                .contains(#"{"client":"a","entityType":"event","program":null,"status":"fullAccess"}"#), "one status per entity type")
        XCTAssertEqual(
            try RemindersdProcess.run(["permissions", "set", "--any-program", "a", "fullAccess", "--entity", "task", "--store", folder.store]).status,
            2)
        XCTAssertEqual(
            try RemindersdProcess.run(["permissions", "set", "--any-program", "bad\nname", "fullAccess", "--store", folder.store]).status, 2)
    }

    /// `agent --sync [INTERVAL]`: the interval is optional, a bad one a usage error naming it;
    /// `accounts list` says when an account last synced and how, null before the first.
    func testAgentSyncIntervalAndTheAccountsSyncFields() throws {
        for (arguments, message) in [
            (["--sync", "--sync=fortnight"], "--sync takes a duration such as 90s, 10m, 24h or 2d, got fortnight"),
            (["--sync=0s"], "--sync: an interval of at least 1s"),
        ] {
            let result = try RemindersdProcess.run(["agent", "--notify", "none", "--store", folder.store] + arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
        }
        XCTAssertTrue(try RemindersdProcess.run(["agent", "--help"]).stdout.contains("--sync [INTERVAL]"))
        let added = try RemindersdProcess.run(["accounts", "add", "home", "--url", "http://127.0.0.1:9/", "--store", folder.store])
        XCTAssertEqual(added.status, 0, added.stderr)
        let listed = try JSONParser.parse(try RemindersdProcess.run(["accounts", "list", "--store", folder.store]).stdout)
        XCTAssertEqual(listed["lastSync"], .null)
        XCTAssertEqual(listed["lastResult"], .null)
        XCTAssertEqual(listed["nextSync"], .null)
        XCTAssertEqual(try RemindersdProcess.run(["sync", "--store", folder.store]).status, 1, "the server is not there")
        let after = try JSONParser.parse(try RemindersdProcess.run(["accounts", "list", "--store", folder.store]).stdout)
        XCTAssertTrue(after["lastResult"]?.stringValue?.hasPrefix("error: ") ?? false, "\(after)")
        let instant = ISO8601DateFormatter()
        instant.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        XCTAssertNotNil(after["lastSync"]?.stringValue.flatMap(instant.date(from:)), "\(after)")
        XCTAssertEqual(after["nextSync"], .null, "no agent plans one")
    }

    func testStoreFromEnvironment() throws {
        let path = folder.path + "/from-env.sqlite"
        XCTAssertEqual(
            try RemindersdProcess.run(["permissions", "set", "--any-program", "x", "denied"], environment: ["REMINDERSD_STORE": path]).status, 0)
        XCTAssertTrue(try RemindersdProcess.run(["permissions", "list", "--store", path]).stdout.contains(#""client":"x""#))
    }

    func testCallPrintsTheResultOrTheError() throws {
        let denied = try RemindersdProcess.run(["call", "calendars", "--store", folder.store])
        XCTAssertEqual(denied.status, 1)
        XCTAssertEqual(denied.stdout, "")
        // The error object for the script, then a line for the person: the grant that would help.
        XCTAssertEqual(try JSONParser.parse(denied.stderr.split(separator: "\n").first.map(String.init) ?? "")["code"], -32010)
        XCTAssertTrue(denied.stderr.contains("remindersd: remindersd-cli has no access to your reminders"), denied.stderr)

        _ = try RemindersdProcess.run(["permissions", "set", "--any-program", "script", "fullAccess", "--store", folder.store])
        let saved = try RemindersdProcess.run([
            "call", "saveReminder", #"{"reminder":{"title":"from a script"}}"#, "--store", folder.store, "--client", "script",
        ])
        XCTAssertEqual(saved.status, 0, saved.stderr)
        XCTAssertEqual(try JSONParser.parse(saved.stdout).at("reminder", "title"), "from a script")
        let fetched = try RemindersdProcess.run(["call", "fetchReminders", "--client=script"], environment: ["REMINDERSD_STORE": folder.store])
        XCTAssertEqual(try JSONParser.parse(fetched.stdout).at("reminders", 0, "title"), "from a script")
        XCTAssertEqual(try RemindersdProcess.run(["call", "fetchReminders", "not json", "--store", folder.store]).status, 2)
        let bad = try RemindersdProcess.run([
            "call", "saveReminder", #"{"reminder":{"title":"x","priority":10}}"#, "--store", folder.store, "--client", "script",
        ])
        XCTAssertEqual(bad.status, 1)
        XCTAssertEqual(try JSONParser.parse(bad.stderr.split(separator: "\n").last.map(String.init) ?? "")["data"]?["reason"], "priorityIsInvalid")
    }

    func testDefaultLogsDoNotContainTitles() throws {
        _ = try RemindersdProcess.run(["permissions", "set", "--any-program", "quiet", "fullAccess", "--store", folder.store])
        let server = try RemindersdProcess(store: folder.store)
        server.initialize(client: "quiet")
        server.channel.request("saveReminder", ["reminder": ["title": "SECRET-TITLE", "notes": "SECRET-NOTES"]])
        server.channel.request("saveReminder", ["reminder": ["title": "SECRET-TITLE", "priority": 99]])
        server.channel.request("fetchReminders")
        server.shutDown()
        XCTAssertFalse(server.stderr.contains("SECRET"), server.stderr)
    }
}
