import Foundation
import RemindersConsent
import RemindersLogging
#if canImport(Glibc)
    import Glibc
#endif

/// Asks the owner whether a client may have access. Consent never comes from the client itself.
protocol ConsentAsking {
    /// true = allowed, false = refused (or no answer in time), nil = there is nobody to ask.
    func ask(client: String, program: String, entityType: String, level: String, usage: String, lists: [String]) -> Bool?
}

/// Runs the owner's agent program as `PROGRAM CLIENT ENTITY LEVEL USAGE` (exit 0 = allow), with
/// the program that runs the client in `REMINDERSD_CLIENT_PROGRAM` and what vouches for it in
/// `REMINDERSD_CLIENT_PROGRAM_EVIDENCE` (`executable`, `openScript`, `claimedScript`,
/// `interpreter`), and the lists asked for (`requestAccess {lists}`) in `REMINDERSD_REQUESTED_LISTS`,
/// a title a line: an argument more would break the agents written for five.
///
/// The program is executed directly, never through a shell, so a client name or usage string
/// holding `;`, `$(…)` or quotes reaches it as one plain argument and runs nothing.
struct ConsentAgentProgram: ConsentAsking {
    let program: String
    let timeout: TimeInterval
    let log: Log
    var evidence: ProgramIdentity.Evidence = .executable

    /// The consent agents remindersd ships, recorded as `remindersd:desktop` and
    /// `remindersd:terminal`: this very program, run as `remindersd consent-ask KIND CLIENT ENTITY LEVEL USAGE`.
    static let shipped = ["remindersd:desktop": "desktop", "remindersd:terminal": "terminal"]

    /// The exit status that says nobody could be asked (EX_TEMPFAIL): nothing is decided.
    static let nobodyToAsk: Int32 = 75

    func ask(client: String, program clientProgram: String, entityType: String, level: String, usage: String, lists: [String]) -> Bool? {
        let shipped = Self.shipped[program]
        guard let executable = shipped != nil ? Self.ownExecutable : Self.resolve(program) else {
            log.warning("consent agent \(program) not found or not executable; denying")
            return false
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = (shipped.map { ["consent-ask", $0] } ?? []) + [client, entityType, level, usage]
        var told = [
            // A little less than this server waits, so that the agent takes its question back itself.
            "REMINDERSD_CONSENT_TIMEOUT": String(Int(max(1, timeout - 2))),
            "REMINDERSD_CLIENT_PROGRAM": clientProgram, "REMINDERSD_CLIENT_PROGRAM_EVIDENCE": evidence.rawValue,
        ]
        // The lists asked for, a title a line; absent when the client asked for all of them.
        if !lists.isEmpty { told["REMINDERSD_REQUESTED_LISTS"] = lists.joined(separator: "\n") }
        process.environment = ConsentEnvironment.variables(from: ProcessInfo.processInfo.environment, extra: told)
        // Nothing of the client's: not its variables, not its descriptors (stderr is its pipe).
        ConsentEnvironment.closeInheritedOnExec()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            log.warning("consent agent \(program) could not be started (\(error)); denying")
            return false
        }
        guard finished.wait(timeout: .now() + timeout) == .success else {
            log.warning("consent agent gave no answer within \(Int(timeout)) s; denying")
            process.terminate()
            _ = finished.wait(timeout: .now() + 2)
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            return false
        }
        if process.terminationReason == .exit, process.terminationStatus == Self.nobodyToAsk {
            log.warning("consent agent \(program) could ask nobody; nothing is decided")
            return nil
        }
        return process.terminationReason == .exit && process.terminationStatus == 0
    }

    /// This program, as the kernel names it.
    static var ownExecutable: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A bare name is looked up on the agent's fixed PATH — never the client's, which could put
    /// a program of its own first — as a shell would, but without one.
    static func resolve(_ program: String) -> String? {
        if program.contains("/") { return access(program, X_OK) == 0 ? program : nil }
        for folder in ConsentEnvironment.path.split(separator: ":") {
            let candidate = "\(folder)/\(program)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}

/// Asks on the controlling terminal, when there is one and it is the owner's: never a
/// pseudo-terminal whose other end the asking program holds (one it made to type "y" at its own
/// prompt), found by the terminal's master side (`tty-index` in `/proc/PID/fdinfo`).
struct TerminalConsent: ConsentAsking {
    let timeout: TimeInterval
    let log: Log
    /// What vouches for the program asking: a claim is said so in the prompt.
    var identity = ProgramIdentity(program: "", evidence: .executable)

    func ask(client: String, program: String, entityType: String, level: String, usage: String, lists: [String]) -> Bool? {
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        if let holder = PseudoTerminal.heldByTheAsker(fd) {
            log.warning(
                "not asking on \(PseudoTerminal.name(fd) ?? "the terminal"): its other end is held by \(holder), the program asking, not by you")
            return nil
        }
        if let made = TerminalSession.madeByTheAsker() {
            log.warning("not asking on \(PseudoTerminal.name(fd) ?? "the terminal"): \(made), so it is not yours")
            return nil
        }
        // The client's words first — one line each, bounded, cut visibly — and remindersd's
        // program line last, right above the question: padding cannot push it out of sight.
        let question = ConsentQuestion(
            client: client, program: program, evidence: identity.evidence.rawValue, entityType: entityType,
            level: level == "full" ? "full" : "writeOnly", usage: usage, lists: lists)
        let word = ConsentQuestion.answerWord()
        // What was typed, or pushed into the terminal (TIOCSTI), before the question is shown is no answer to it.
        tcflush(fd, TCIFLUSH)
        TerminalText.write("remindersd: " + question.lines.joined(separator: "\n") + "\n" + ConsentQuestion.askingFor(word), to: fd)
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(timeout * 1000)) > 0 else { return false }
        var answer = [UInt8](repeating: 0, count: 64)
        let count = read(fd, &answer, answer.count)
        guard count > 0 else { return false }
        let typed = String(decoding: answer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return typed == word
    }
}

/// Tries each way of asking in turn; the first that can ask decides.
struct ConsentChain: ConsentAsking {
    let askers: [ConsentAsking]

    func ask(client: String, program: String, entityType: String, level: String, usage: String, lists: [String]) -> Bool? {
        for asker in askers {
            if let answer = asker.ask(client: client, program: program, entityType: entityType, level: level, usage: usage, lists: lists) {
                return answer
            }
        }
        return nil
    }
}
