import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// A grant is for a client's name and the program that runs it (issue 26): two programs here are
/// two copies of `timeout`, which start remindersd as their child and wait for it, as an editor or
/// script does; the servers are the real binary, the store a real file.
final class ProgramBindingTests: XCTestCase {
    let folder = TemporaryFolder()
    var programA: String!
    var programB: String!

    override func setUpWithError() throws {
        let timeout = try XCTUnwrap(Programs.which("timeout"), "coreutils' timeout")
        programA = folder.path + "/program-a"
        programB = folder.path + "/program-b"
        for program in [programA!, programB!] {
            try FileManager.default.copyItem(atPath: timeout, toPath: program)
        }
    }

    /// `remindersd call METHOD PARAMS --client NAME` run by `program`, optionally through `sh -c`.
    private func call(
        _ program: String, _ method: String, _ params: String = "{}", client: String = "editor",
        throughShell: Bool = false, extra: [String] = []
    ) -> Programs.Output {
        let command =
            [
                RemindersdProcess.binaryPath, "call", method, params, "--client", client, "--store", folder.store,
                "--no-consent-prompt",
            ] + extra
        if throughShell {
            // Two commands, so the shell cannot exec remindersd in its own place: it stays the parent.
            let script = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ") + "; exit $?"
            return Programs.run(program, ["60", "/bin/sh", "-c", script])
        }
        return Programs.run(program, ["60"] + command)
    }

    private func status(_ program: String, client: String = "editor", throughShell: Bool = false) -> String? {
        let output = call(program, "authorizationStatus", client: client, throughShell: throughShell)
        return (try? JSONParser.parse(output.stdout))?["status"]?.stringValue
    }

    private func permissions(_ arguments: [String]) -> Programs.Output {
        Programs.run(RemindersdProcess.binaryPath, ["permissions"] + arguments + ["--store", folder.store])
    }

    func testAGrantToOneProgramDoesNotHoldForAnother() throws {
        XCTAssertEqual(permissions(["set", "editor", "fullAccess", "--program", programA]).status, 0)
        XCTAssertEqual(status(programA), "fullAccess")
        XCTAssertEqual(status(programB), "notDetermined", "the same name from another program")
        let refused = call(programB, "fetchReminders", #"{"predicate":{"kind":"all"}}"#)
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stderr.contains("-32010") || refused.stderr.lowercased().contains("not authorized"), refused.stderr)
        XCTAssertEqual(call(programA, "fetchReminders", #"{"predicate":{"kind":"all"}}"#).status, 0)
        XCTAssertEqual(
            permissions(["list"]).stdout,
            #"{"client":"editor","entityType":"reminder","program":"\#(programA!)","status":"fullAccess"}"# + "\n")
    }

    func testAGrantForAnyProgramHoldsForEveryProgramAndAProgramsOwnComesFirst() throws {
        XCTAssertEqual(permissions(["set", "editor", "fullAccess", "--any-program"]).status, 0)
        XCTAssertEqual(status(programA), "fullAccess")
        XCTAssertEqual(status(programB), "fullAccess")
        XCTAssertEqual(permissions(["set", "editor", "denied", "--program", programB]).status, 0)
        XCTAssertEqual(status(programA), "fullAccess")
        XCTAssertEqual(status(programB), "denied")
        XCTAssertEqual(
            permissions(["list"]).stdout,
            """
            {"client":"editor","entityType":"reminder","program":null,"status":"fullAccess"}
            {"client":"editor","entityType":"reminder","program":"\(programB!)","status":"denied"}

            """)
        let both = permissions(["set", "editor", "writeOnly", "--program", programA, "--any-program"])
        XCTAssertEqual(both.status, 2, "one or the other")
        let relative = permissions(["set", "editor", "writeOnly", "--program", "no-such-program"])
        XCTAssertEqual(relative.status, 2)
        XCTAssertTrue(relative.stderr.contains("absolute path"), relative.stderr)
    }

    func testTheConsentAgentIsToldTheProgramAndTheAnswerIsForIt() throws {
        let record = folder.path + "/asked"
        let agent = folder.script("agent", #"printf '%s|%s|%s|%s\n' "$1" "$2" "$3" "$REMINDERSD_CLIENT_PROGRAM" >> '\#(record)'; exit 0"#)
        let request = #"{"usageDescription":"Shows your reminders"}"#
        XCTAssertEqual(permissions(["consent-agent", agent]).status, 0, "the owner's agent")
        XCTAssertEqual(call(programA, "requestAccess", request, extra: ["--consent-agent", agent]).status, 0)
        XCTAssertEqual(status(programA), "fullAccess")
        XCTAssertEqual(status(programB), "notDetermined")
        XCTAssertEqual(call(programB, "requestAccess", request, extra: ["--consent-agent", agent]).status, 0)
        let asked = try String(contentsOfFile: record, encoding: .utf8)
        XCTAssertEqual(
            asked, "editor|reminder|full|\(programA!)\neditor|reminder|full|\(programB!)\n",
            "asked again for the other program, and told which")
    }

    func testAProgramThatStartsRemindersdThroughAShellCountsAsItself() throws {
        XCTAssertEqual(permissions(["set", "editor", "fullAccess", "--program", programA]).status, 0)
        XCTAssertEqual(status(programA, throughShell: true), "fullAccess", "sh -c is how program A started it")
        XCTAssertEqual(status(programB, throughShell: true), "notDetermined")
    }

    func testAnUnansweredRequestIsListedAndGrantedWithoutNamingTheProgram() throws {
        let request = #"{"usageDescription":"Shows your reminders"}"#
        let asked = call(programB, "requestAccess", request)
        XCTAssertTrue(asked.stdout.contains(#""status":"notDetermined""#), asked.stdout + asked.stderr)
        XCTAssertTrue(asked.stderr.contains("--program \(programB!)"), "the hint names the program: \(asked.stderr)")
        XCTAssertEqual(
            permissions(["list"]).stdout,
            #"{"client":"editor","entityType":"reminder","program":"\#(programB!)","status":"notDetermined"}"# + "\n")
        let granted = permissions(["set", "editor", "fullAccess"])
        XCTAssertEqual(granted.status, 0, granted.stderr)
        XCTAssertEqual(status(programB), "fullAccess")
        XCTAssertEqual(status(programA), "notDetermined")
        let nobody = permissions(["set", "stranger", "fullAccess"])
        XCTAssertEqual(nobody.status, 2)
        XCTAssertTrue(nobody.stderr.contains("--program PATH") && nobody.stderr.contains("--any-program"), nobody.stderr)
    }

    /// A store written before grants had programs (schema 13: authorizations by name only) keeps
    /// every client's access, from any program.
    func testAnEarlierStoreKeepsEveryClientsAccess() throws {
        let sqlite = try XCTUnwrap(Programs.which("sqlite3"), "sqlite3 (apt-get install sqlite3)")
        XCTAssertEqual(permissions(["list"]).status, 0)
        let downgrade = """
            DROP TABLE authorizations;
            CREATE TABLE authorizations (client TEXT NOT NULL, entity_type TEXT NOT NULL, status TEXT NOT NULL,
                PRIMARY KEY (client, entity_type)) WITHOUT ROWID;
            INSERT INTO authorizations VALUES ('editor', 'reminder', 'fullAccess'), ('editor', 'event', 'writeOnly'), ('spam', 'reminder', 'denied');
            DELETE FROM schema_migrations WHERE name = 'v14 authorizations per program';
            DROP TABLE authorization_scopes;
            DELETE FROM schema_migrations WHERE name = 'v22 grants for chosen lists';
            DELETE FROM schema_migrations WHERE name = 'v27 grants that manage their lists';
            """
        let done = Programs.run(sqlite, [folder.store], input: Data(downgrade.utf8))
        XCTAssertEqual(done.status, 0, done.stderr)
        XCTAssertEqual(status(programA), "fullAccess")
        XCTAssertEqual(status(programB), "fullAccess")
        XCTAssertEqual(status(programA, client: "spam"), "denied")
        XCTAssertEqual(
            permissions(["list"]).stdout,
            """
            {"client":"editor","entityType":"event","program":null,"status":"writeOnly"}
            {"client":"editor","entityType":"reminder","program":null,"status":"fullAccess"}
            {"client":"spam","entityType":"reminder","program":null,"status":"denied"}

            """)
    }
}
