import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Which program is on the other end of this server: the one that started it.
///
/// A client's name is what it says; the program is what the kernel says (`/proc/PID/exe`), so a
/// grant bound to both cannot be taken by a script that sends another client's name. A shell
/// without a script (`sh -c`, `system()`, an interactive shell) is only the way a program started
/// remindersd, so the program that started the shell counts instead. An interpreter — a shell
/// running a script file too — runs many programs, so for one the script it runs is the program.
/// Nothing here is proof against the owner's own account (see "Threat model" in protocol.md): it
/// binds grants to what the owner chose, not to a signature.
public enum RequestingProgram {
    /// Shells are looked through: what started them is asking.
    static let shells: Set<String> = ["sh", "bash", "dash", "zsh", "ksh", "ksh93", "mksh", "pdksh", "yash", "fish", "tcsh", "csh", "busybox", "ash"]
    /// Interpreters are looked into: the script they run is the program.
    static let interpreterPrefixes = ["python", "perl", "ruby", "node", "nodejs", "lua", "tclsh", "php", "guile", "deno", "bun"]
    /// What a program is called when the kernel will not say (a parent of another user, gone).
    public static let unknown = "(unknown)"

    /// The program that started this process.
    public static func ofParent() -> String { identify(startingAt: getppid()) }

    /// The program for the process `pid`, looking through shells to what started them.
    public static func identify(startingAt pid: pid_t, in proc: String = "/proc") -> String {
        var current = pid
        for _ in 0..<32 {  // a chain of shells longer than this is not a program starting us
            guard current > 0, let executable = link("\(proc)/\(current)/exe") else { return unknown }
            let name = baseName(executable)
            if (shells.contains(name) || isInterpreter(name)), let script = script(of: current, in: proc) { return script }
            if shells.contains(name), let parent = parentOf(current, in: proc), parent > 1 {
                current = parent
                continue
            }
            return executable
        }
        return unknown
    }

    static func isInterpreter(_ name: String) -> Bool {
        interpreterPrefixes.contains { prefix in
            guard name.hasPrefix(prefix) else { return false }
            // python3, python3.11, perl5.36, node: the prefix and then a version, nothing else
            return name.dropFirst(prefix.count).allSatisfy { $0.isNumber || $0 == "." }
        }
    }

    /// The script an interpreter runs: its first argument that is not an option, when that names a file.
    static func script(of pid: pid_t, in proc: String) -> String? {
        guard let data = FileManager.default.contents(atPath: "\(proc)/\(pid)/cmdline") else { return nil }
        let arguments = data.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard let first = arguments.dropFirst().first(where: { !$0.isEmpty }), !first.hasPrefix("-") else { return nil }
        let path = first.hasPrefix("/") ? first : (link("\(proc)/\(pid)/cwd") ?? "") + "/" + first
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        var status = stat()
        guard stat(real, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return String(cString: real)
    }

    /// The parent's pid from `/proc/PID/stat`: the field after the name, which may hold spaces and
    /// parentheses itself, so it is read from the last `)`.
    static func parentOf(_ pid: pid_t, in proc: String) -> pid_t? {
        guard let data = FileManager.default.contents(atPath: "\(proc)/\(pid)/stat"),
              let close = data.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = data[data.index(after: close)...].split(separator: UInt8(ascii: " "))
        guard fields.count > 1 else { return nil }
        return pid_t(String(decoding: fields[1], as: UTF8.self))
    }

    static func link(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // A replaced or removed executable reads "PATH (deleted)": still that program.
        return text.hasSuffix(" (deleted)") ? String(text.dropLast(" (deleted)".count)) : text
    }

    static func baseName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
