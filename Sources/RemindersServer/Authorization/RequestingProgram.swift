import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// Which program is on the other end of this server: the one that started it.
///
/// A client's name is what it says; the program is what the kernel says (`/proc/PID/exe`), so a
/// grant bound to both cannot be taken by a program that sends another client's name. A shell
/// without a script (`sh -c`, `system()`, an interactive shell) and a wrapper that only runs or
/// waits for its command (`timeout`, `nice`, `env`, `nohup`, …) are only the way a program
/// started remindersd, so what started them counts instead. An interpreter runs many programs,
/// so for one the script it runs is the program — attested when the interpreter has the script
/// open (a shell does), else only claimed by its command line (see `ProgramIdentity`). Shells,
/// wrappers and interpreters are recognised by their executable where the system installs
/// programs, never by a file's name alone: a program copied to `~/bin/python3` is itself, while
/// an interpreter installed elsewhere (pyenv, uv, conda, nvm) is one by what its binary is.
/// Nothing here is proof against the owner's own account (see "Threat model" in protocol.md).
public enum RequestingProgram {
    /// Shells are looked through: what started them is asking.
    static let shells: Set<String> = ["sh", "bash", "dash", "zsh", "ksh", "ksh93", "mksh", "pdksh", "yash", "fish", "tcsh", "csh", "busybox", "ash"]
    /// Programs that only run their command (or wait for it) are looked through as shells are.
    static let wrappers: Set<String> = ["timeout", "nice", "env", "stdbuf", "nohup", "ionice", "chrt", "taskset", "setsid", "flock", "time"]
    /// Interpreters are looked into: the script they run is the program.
    static let interpreterPrefixes = ["python", "perl", "ruby", "node", "nodejs", "lua", "tclsh", "php", "guile", "deno", "bun"]
    /// Where a system keeps the programs it installs: only there is `bash` taken for bash.
    static let systemFolders = ["/usr/", "/bin/", "/sbin/", "/lib/", "/opt/", "/nix/store/", "/snap/"]
    /// What a program is called when the kernel will not say (a parent of another user, gone).
    public static let unknown = "(unknown)"

    /// The program that started this process; unknown once it went away (this process adopted by
    /// init: whatever started it is gone, and init is no program asking).
    public static func ofParent() -> ProgramIdentity {
        let parent = getppid()
        return parent <= 1 ? .unknown : identity(startingAt: parent)
    }

    /// The program for the process `pid`, as a path (see `identity(startingAt:in:)`).
    public static func identify(startingAt pid: pid_t, in proc: String = "/proc") -> String {
        identity(startingAt: pid, in: proc).program
    }

    /// The program for the process `pid`, looking through shells and wrappers to what started them.
    public static func identity(startingAt pid: pid_t, in proc: String = "/proc") -> ProgramIdentity {
        var current = pid
        for _ in 0..<32 {  // a chain of shells longer than this is not a program starting us
            guard current > 0, let executable = executable(of: current, in: proc) else { return .unknown }
            let name = baseName(executable)
            let installed = systemFolders.contains { executable.hasPrefix($0) }
            let isShell = installed && shells.contains(name)
            // An interpreter where the system installs programs, or one elsewhere that is one by
            // what it is (pyenv's, uv's, nvm's: see `InterpreterBinary`).
            let interprets =
                isInterpreter(name) && (installed || family(name).map { InterpreterBinary.isInterpreter(executable, family: $0) } ?? false)
            if isShell || interprets, let script = ScriptArgument.script(of: current, executable: executable, in: proc) {
                return script
            }
            if isShell || (installed && wrappers.contains(name)), let parent = parentOf(current, in: proc), parent > 1 {
                current = parent
                continue
            }
            return ProgramIdentity(program: executable, evidence: isInterpreter(name) ? .interpreter : .executable)
        }
        return .unknown
    }

    public static func isInterpreter(_ name: String) -> Bool {
        interpreterPrefixes.contains { prefix in
            guard name.hasPrefix(prefix) else { return false }
            // python3, python3.11, perl5.36, node: the prefix and then a version, nothing else
            return name.dropFirst(prefix.count).allSatisfy { $0.isNumber || $0 == "." }
        }
    }

    /// The interpreter family a name belongs to (`python3.11` → `python`), or nil.
    static func family(_ name: String) -> String? {
        guard isInterpreter(name) || shells.contains(name) else { return nil }
        if shells.contains(name) { return "sh" }
        return interpreterPrefixes.first { name.hasPrefix($0) }.map { $0 == "nodejs" ? "node" : $0 }
    }

    /// The executable a process runs. A replaced or removed executable reads "PATH (deleted)" and
    /// is still that program — unless a file of that very name is the one running.
    static func executable(of pid: pid_t, in proc: String) -> String? {
        guard let text = link("\(proc)/\(pid)/exe") else { return nil }
        guard text.hasSuffix(" (deleted)") else { return text }
        if sameFile("\(proc)/\(pid)/exe", text) { return text }
        return String(text.dropLast(" (deleted)".count))
    }

    /// The parent's pid from `/proc/PID/stat`: the field after the name, which may hold spaces and
    /// parentheses itself, so it is read from the last `)`.
    static func parentOf(_ pid: pid_t, in proc: String) -> pid_t? {
        guard let data = FileManager.default.contents(atPath: "\(proc)/\(pid)/stat"),
            let close = data.lastIndex(of: UInt8(ascii: ")"))
        else { return nil }
        let fields = data[data.index(after: close)...].split(separator: UInt8(ascii: " "))
        guard fields.count > 1 else { return nil }
        return pid_t(String(decoding: fields[1], as: UTF8.self))
    }

    static func link(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether two paths name the same file (device and inode), following links.
    static func sameFile(_ one: String, _ other: String) -> Bool {
        var first = stat(), second = stat()
        guard stat(one, &first) == 0, stat(other, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    static func baseName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
