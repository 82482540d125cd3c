import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// The owner's terminal asked for consent (issue 49, 13 and 14), on a real pseudo-terminal: a
/// driver plays the terminal emulator — it holds the master and starts the client, a bash script
/// that calls `remindersd call requestAccess` — and types what a person or a program would.
final class TerminalPromptTests: XCTestCase {
    let folder = TemporaryFolder()
    let bin = RemindersdProcess.binaryPath

    /// The terminal emulator's part: starts `client` on a new pseudo-terminal, writes `typedAhead`
    /// into it at once, waits for the question, then types `answer` (`WORD` stands for the word the
    /// question shows) and gives back all the terminal showed.
    static let driver = #"""
        import os, pty, re, select, sys
        client, typed_ahead, answer = sys.argv[1], sys.argv[2], sys.argv[3]
        pid, fd = pty.fork()
        if pid == 0:
            # The person's shell leads the terminal's session and starts the client, as in any terminal.
            os.execv("/bin/bash", ["/bin/bash", "-c", "/bin/bash '%s'; true" % client])
        if typed_ahead:
            os.write(fd, typed_ahead.encode())
        shown = b""
        def more(seconds):
            global shown
            ready, _, _ = select.select([fd], [], [], seconds)
            if not ready:
                return False
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                return False
            shown += chunk
            return bool(chunk)
        while b"to allow it" not in shown and more(30):
            pass
        word = re.search(rb"Type (\w+) to allow it", shown)
        if word:
            os.write(fd, (answer.replace("WORD", word.group(1).decode()) + "\n").encode())
        while more(30):
            pass
        os.waitpid(pid, 0)
        sys.stdout.write(shown.decode(errors="replace"))
        """#

    private func client(usage: String, before: String = "") throws -> String {
        let path = folder.path + "/client.sh"
        let request = try JSONValue.object(["usageDescription": .string(usage)]).serialized
        try """
        #!/bin/bash
        \(before)
        '\(bin)' call requestAccess '\(request.replacingOccurrences(of: "'", with: "'\\''"))' --client legit --store '\(folder.store)' --consent-timeout 20
        """.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    private func onTerminal(_ client: String, typedAhead: String = "", answer: String) throws -> String {
        let python = try XCTUnwrap(["/usr/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }, "Debian's python3")
        let output = Programs.run(python, ["-c", Self.driver, client, typedAhead, answer])
        return output.stdout.replacingOccurrences(of: "\r\n", with: "\n")
    }

    private func lines(_ shown: String) -> [String] { shown.split(separator: "\n").map(String.init) }

    func testTheOwnerTypesTheWordTheQuestionShows() throws {
        let client = try client(usage: "Show my list")
        let shown = try onTerminal(client, answer: "WORD")
        XCTAssertTrue(shown.contains("\"legit\" asks for full access to your reminders:"), shown)
        XCTAssertTrue(shown.contains(#""status":"fullAccess""#), shown)
        // The program line is remindersd's own, and last, right above the question.
        let asked = lines(shown)
        let question = try XCTUnwrap(asked.firstIndex { $0.contains("to allow it") })
        XCTAssertEqual(asked[question - 1], "Program: \(client)", shown)
    }

    /// "y" is no longer an answer, and what is typed (or pushed in) before the question is shown
    /// is thrown away, whatever it says.
    func testTypingAheadAndBlindAnswersGrantNothing() throws {
        let client = try client(usage: "Show my list")
        let words = ["y", "yes", "allow"] + ["apple", "birch", "cedar", "daisy", "maple", "olive", "rose", "sage", "tulip"]
        let shown = try onTerminal(client, typedAhead: words.map { $0 + "\n" }.joined(), answer: "y")
        XCTAssertTrue(shown.contains("to allow it"), shown)
        XCTAssertFalse(shown.contains(#""status":"fullAccess""#), shown)
        XCTAssertTrue(shown.contains(#""status":"denied""#), shown)
    }

    /// A usage padded to push the real first line away, with a forged program line of its own: one
    /// line, at most 200 characters, cut visibly; the real program line stays last.
    func testAPaddedUsageCannotHideTheProgram() throws {
        let forged = String(repeating: " ", count: 3_000) + "\nProgram: /usr/bin/gnome-calendar\n"
        let client = try client(usage: "Calendar sync" + forged)
        let shown = try onTerminal(client, answer: "y")
        let asked = lines(shown)
        let question = try XCTUnwrap(asked.firstIndex { $0.contains("to allow it") })
        XCTAssertEqual(asked[question - 1], "Program: \(client)", shown)
        let usage = try XCTUnwrap(asked.first { $0.hasPrefix("  Calendar sync") })
        XCTAssertTrue(usage.hasSuffix("…"), usage)
        XCTAssertLessThanOrEqual(usage.count, 2 + 200 + 1)
        XCTAssertFalse(asked.contains("Program: /usr/bin/gnome-calendar"), "the forged line is not a line of its own")
    }

    /// A client makes a pseudo-terminal, leaves its master with a child that double-forks (so it is
    /// nobody's descendant), and runs remindersd in a new session on it: the orphan could read the
    /// question and type its word. A session the client made is never the owner's: not asked.
    func testATerminalTheClientMadeIsNotAskedWhoeverHoldsItsMaster() throws {
        let python = try XCTUnwrap(["/usr/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }, "Debian's python3")
        let answered = folder.path + "/answered"
        let attack = #"""
            import fcntl, os, re, select, sys, termios, time
            binary, store, answered = sys.argv[1], sys.argv[2], sys.argv[3]
            master, slave = os.openpty()
            if os.fork() == 0:
                if os.fork() == 0:  # the orphan: reads the question, types its word
                    os.close(slave)
                    shown = b""
                    deadline = time.time() + 20
                    while b"to allow it" not in shown and b"[y/N]" not in shown and time.time() < deadline:
                        ready, _, _ = select.select([master], [], [], 1)
                        if ready:
                            try:
                                shown += os.read(master, 4096)
                            except OSError:
                                break
                    word = re.search(rb"Type (\w+) to allow it", shown)
                    answer = word.group(1) if word else b"y" if b"[y/N]" in shown else None
                    if answer:
                        os.write(master, answer + b"\n")
                        open(answered, "w").write(answer.decode())
                    time.sleep(2)
                    os._exit(0)
                os._exit(0)
            os.wait()
            os.close(master)
            for leader in ("remindersd", "a child"):
                pid = os.fork()
                if pid == 0:
                    os.setsid()
                    fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
                    for fd in (0, 1, 2):
                        os.dup2(slave, fd)
                    call = [binary, "call", "requestAccess", '{"usageDescription":"Let me in"}', "--client", "orphan", "--store", store,
                            "--consent-timeout", "5"]
                    if leader == "a child" and os.fork() != 0:
                        os.wait()
                        os._exit(0)
                    os.execv(binary, call)
                os.waitpid(pid, 0)
            """#
        let run = Programs.run(python, ["-c", attack, bin, folder.store, answered])
        XCTAssertFalse(FileManager.default.fileExists(atPath: answered), "the orphan saw the question: \(run.stdout) \(run.stderr)")
        let status = Programs.remindersd(["call", "authorizationStatus", "{}", "--client", "orphan", "--store", folder.store, "--no-consent-prompt"])
        XCTAssertTrue(status.stdout.contains("notDetermined"), status.stdout + status.stderr)
    }

    /// A program in the owner's terminal pushes an answer into its input with TIOCSTI before it
    /// asks (kernels from 6.2 refuse it unless `dev.tty.legacy_tiocsti` is 1: then skipped).
    func testAnAnswerPushedInWithTIOCSTIIsThrownAway() throws {
        let push = """
            /usr/bin/python3 -c 'import fcntl, sys, termios
            try:
                [fcntl.ioctl(0, termios.TIOCSTI, c) for c in "y\\nallow\\nmaple\\n"]
            except OSError:
                sys.exit(3)' || { echo "NO TIOCSTI"; exit 0; }
            """
        let client = try client(usage: "Show my list", before: push)
        let shown = try onTerminal(client, answer: "y")
        if shown.contains("NO TIOCSTI") { throw XCTSkip("this kernel refuses TIOCSTI (dev.tty.legacy_tiocsti is 0)") }
        XCTAssertTrue(shown.contains("to allow it"), shown)
        XCTAssertFalse(shown.contains(#""status":"fullAccess""#), shown)
    }
}
