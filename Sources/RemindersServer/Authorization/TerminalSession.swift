import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// Whose the terminal's session is. A person's terminal is led by the shell (or login, or tmux
/// pane) that was there before they started the program asking; a session the program made for
/// itself — `setsid` on a pseudo-terminal it opened — is led by the program, by something it
/// started, or by this server, and the terminal is never the owner's, whoever holds its master by
/// now (a child that double-forked to be nobody's descendant).
enum TerminalSession {
    /// Why the session is the asking program's, or nil when it may be the owner's.
    static func madeByTheAsker(proc: String = "/proc") -> String? {
        let leader = getsid(0)
        guard leader > 0 else { return nil }
        if leader == getpid() { return "remindersd leads its own session: one made for it" }
        let asking = PseudoTerminal.askingProcesses(in: proc)
        if asking.contains(leader) { return "its session is led by the program asking" }
        if PseudoTerminal.descends(leader, from: asking, in: proc) { return "its session is led by a process the program asking started" }
        // Led by a process that came after the program asking: made by it, whatever became of
        // the process since (an orphan is nobody's descendant any more).
        if let led = startTime(of: leader, in: proc), let first = asking.compactMap({ startTime(of: $0, in: proc) }).min(), led > first {
            return "its session began after the program asking started"
        }
        return nil
    }

    /// When a process started, in clock ticks since boot (`/proc/PID/stat`'s 22nd field).
    static func startTime(of pid: pid_t, in proc: String) -> UInt64? {
        guard let data = FileManager.default.contents(atPath: "\(proc)/\(pid)/stat"), let close = data.lastIndex(of: UInt8(ascii: ")")) else {
            return nil
        }
        let fields = data[data.index(after: close)...].split(separator: UInt8(ascii: " "))
        // Fields after the name start at the 3rd (state): the 22nd is the 20th of these.
        guard fields.count > 19 else { return nil }
        return UInt64(String(decoding: fields[19], as: UTF8.self))
    }
}
