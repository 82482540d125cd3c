import RemindersConsent
import XCTest

/// What a consent agent shows: a client's words bounded, on one line, before remindersd's own
/// program line, which comes last, right above the question.
final class ConsentQuestionTests: XCTestCase {
    func testAClientsWordsAreOneBoundedLineBeforeTheProgram() {
        let forged = String(repeating: "x", count: 500) + "\nGNOME Calendar (/usr/bin/gnome-calendar)"
        let question = ConsentQuestion(
            client: "todo\u{1B}[2J", program: "/home/me/bin/todo", evidence: "openScript", entityType: "reminder", level: "full", usage: forged)
        let lines = question.lines
        XCTAssertEqual(lines.count, 3)
        XCTAssertEqual(lines[0], "\"todo?[2J\" asks for full access to your reminders:", "control characters shown as ?")
        XCTAssertEqual(lines[1], "  " + String(repeating: "x", count: 200) + "…", "cut at 200 characters, visibly")
        XCTAssertFalse(lines[1].contains("GNOME"), "a newline cannot start a line of its own")
        XCTAssertEqual(lines[2], "Program: /home/me/bin/todo", "remindersd's own line last")
    }

    func testWhatIsAskedForAndWhatVouchesForTheProgram() {
        let scoped = ConsentQuestion(
            client: "claude-ai", program: "/usr/bin/python3", evidence: "interpreter", entityType: "event", level: "writeOnly",
            usage: "Plans your week", lists: ["Work", "Family"])
        XCTAssertEqual(scoped.access, "write-only access to your calendar events in \"Work\", \"Family\" only")
        XCTAssertTrue(scoped.programLine.contains("an interpreter: the grant holds for everything it runs"))
        let claimed = ConsentQuestion(
            client: "t", program: "/home/me/t.py", evidence: "claimedScript", entityType: "reminder", level: "full", usage: "u")
        XCTAssertTrue(claimed.programLine.contains("a claim"))
    }

    func testAsAServerRunsTheAgentAndOnTheSocket() throws {
        let environment = [
            "REMINDERSD_CLIENT_PROGRAM": "/usr/bin/nvim", "REMINDERSD_CLIENT_PROGRAM_EVIDENCE": "executable",
            "REMINDERSD_REQUESTED_LISTS": "Work\nHome",
        ]
        let question = try XCTUnwrap(
            ConsentQuestion(arguments: ["remindersd.nvim", "reminder", "full", "Shows your reminders"], environment: environment))
        XCTAssertEqual(question.program, "/usr/bin/nvim")
        XCTAssertEqual(question.lists, ["Work", "Home"])
        XCTAssertEqual(ConsentQuestion(line: question.line), question)
        XCTAssertNil(ConsentQuestion(arguments: ["only", "three", "words"], environment: [:]))
        XCTAssertNil(ConsentQuestion(line: "{\"client\":1}"))
    }
}
