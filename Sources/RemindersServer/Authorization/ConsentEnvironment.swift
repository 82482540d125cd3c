import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// What the owner's consent agent runs with: nothing of the client's. The server is started by
/// the client and inherits its environment and descriptors; an agent that inherited them could be
/// told what to answer (`LD_PRELOAD` into any program, `BASH_ENV` into a bash agent, a PATH that
/// puts another program first, a descriptor it reads). As sudo's `env_reset` does: a fixed PATH,
/// who the owner is from the password database, and of the client's variables only the locale
/// and the way to the person's display and session bus.
enum ConsentEnvironment {
    static let path = "/usr/local/bin:/usr/bin:/bin"

    /// Kept from the environment the server was started with: how to reach the person, and in
    /// which language — nothing that changes what a program runs.
    static let passedThrough: Set<String> = [
        "LANG", "LANGUAGE", "DISPLAY", "WAYLAND_DISPLAY", "XAUTHORITY", "XDG_RUNTIME_DIR", "DBUS_SESSION_BUS_ADDRESS",
        "XDG_SESSION_TYPE", "XDG_CURRENT_DESKTOP", "TERM", "COLORTERM",
    ]

    /// The agent's environment: the allow-list above and `LC_*` from `inherited`, PATH fixed,
    /// HOME, USER and LOGNAME the owner's (this process's user), then `extra`.
    static func variables(from inherited: [String: String], extra: [String: String]) -> [String: String] {
        var kept = inherited.filter { passedThrough.contains($0.key) || $0.key.hasPrefix("LC_") }
        kept["PATH"] = path
        if let owner = getpwuid(geteuid()) {
            kept["HOME"] = String(cString: owner.pointee.pw_dir)
            kept["USER"] = String(cString: owner.pointee.pw_name)
            kept["LOGNAME"] = kept["USER"]
        }
        kept.merge(extra) { $1 }
        return kept
    }

    /// Every descriptor of this process above stderr closed on exec, so that none the client
    /// handed the server (or the server opened) reaches the agent. The agent's own stdin, stdout
    /// and stderr are given to it explicitly.
    static func closeInheritedOnExec(proc: String = "/proc") {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "\(proc)/self/fd") else { return }
        for entry in entries {
            guard let fd = Int32(entry), fd > 2 else { continue }
            let flags = fcntl(fd, F_GETFD)
            if flags >= 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
        }
    }
}
