import Foundation
import RemindersTestSupport
import XCTest

/// What `remindersd call` says to the person when its client is refused: the grant that would
/// help, naming the program remindersd saw — and never a grant to the terminal a command was
/// typed in (issue 54: inside tmux the hint suggested trusting /usr/bin/tmux).
final class AccessHintTests: XCTestCase {
    let folder = TemporaryFolder()
    let bin = RemindersdProcess.binaryPath

    func testFromAScriptTheHintNamesTheScriptAndWorksAsWritten() throws {
        let script = folder.path + "/my-script"
        let text = "#!/bin/sh\n'\(bin)' call fetchReminders '{}' --client my-script --store '\(folder.store)' --no-consent-prompt\n"
        _ = FileManager.default.createFile(atPath: script, contents: Data(text.utf8), attributes: [.posixPermissions: 0o755])
        let refused = Programs.run(script, [])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        let expected = "The owner grants it with: remindersd permissions set my-script fullAccess --program \(script) --store \(folder.store)"
        XCTAssertTrue(refused.stderr.contains("remindersd: my-script has no access to your reminders (status notDetermined)."), refused.stderr)
        XCTAssertTrue(refused.stderr.contains(expected), refused.stderr)
        // The hint, as written, grants it.
        let granted = Programs.remindersd(["permissions", "set", "my-script", "fullAccess", "--program", script, "--store", folder.store])
        XCTAssertEqual(granted.status, 0, granted.stderr)
        let allowed = Programs.run(script, [])
        XCTAssertEqual(allowed.status, 0, allowed.stderr)
    }

    func testTypedAtAPromptTheTerminalIsNeverWhatItSuggestsGranting() throws {
        guard let script = Programs.which("script") else { throw XCTSkip("needs script(1) (Debian: util-linux)") }
        // script(1) holds the terminal's other end, as tmux or a terminal emulator does.
        let typed = Programs.run(
            script, ["-qec", "'\(bin)' call fetchReminders '{}' --client typed --store '\(folder.store)' --no-consent-prompt", "/dev/null"])
        XCTAssertTrue(typed.stdout.contains("Typed at a shell prompt, the program that asks is your terminal, \(script)"), typed.stdout)
        XCTAssertFalse(typed.stdout.contains("--program \(script)"), "no grant to the terminal is suggested:\n\(typed.stdout)")
    }
}
