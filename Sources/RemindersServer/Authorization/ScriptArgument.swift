import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// The script an interpreter (or a shell) runs, read in the interpreter's own context — its
/// descriptors, its working folder — never in remindersd's: the file it has open when it keeps it
/// open (bash on descriptor 255, dash and other shells on one of 10 and up), which the kernel
/// attests, when its command line names that same file; else the first argument that is not an
/// option, when it names a file by an absolute path and a `#!` line (if it has one) names this
/// interpreter — a claim. What runs no script
/// (`-c`, `-m`, `-e`), or a script named by a relative path (the folder it is resolved in is the
/// interpreter's now, not the one it started in), is not told apart: the interpreter itself.
enum ScriptArgument {
    static func script(of pid: pid_t, executable: String, in proc: String) -> ProgramIdentity? {
        let name = RequestingProgram.baseName(executable)
        let isShell = RequestingProgram.shells.contains(name)
        let shellsOwn = openScript(of: pid, bash: name == "bash", shell: isShell, in: proc).map {
            ProgramIdentity(program: $0, evidence: .openScript)
        }
        // A shell's open script counts only when its command line names that same file: one that
        // runs code of its own (`bash -c 'exec 255<granted.sh; …'`, `bash /dev/stdin 10<granted.sh`)
        // and holds another's script open is the shell, not that script.
        guard let data = FileManager.default.contents(atPath: "\(proc)/\(pid)/cmdline") else { return nil }
        let arguments = data.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard let named = argument(arguments, shell: isShell, family: RequestingProgram.family(name) ?? name) else { return nil }
        let resolved = resolve(named, of: pid, in: proc)
        if let shellsOwn, let resolved, RequestingProgram.sameFile(resolved, shellsOwn.program) { return shellsOwn }
        // The file it names and has open (`python3 /dev/fd/7`): the kernel's word.
        if !isShell, let resolved, hasOpen(resolved, pid: pid, in: proc) { return ProgramIdentity(program: resolved, evidence: .openScript) }
        guard !isShell || shellsOwn == nil, let path = resolved, named.hasPrefix("/"), isScript(path, for: name) else { return nil }
        return ProgramIdentity(program: path, evidence: .claimedScript)
    }

    /// Whether the process has a descriptor open on `path`.
    static func hasOpen(_ path: String, pid: pid_t, in proc: String) -> Bool {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "\(proc)/\(pid)/fd") else { return false }
        return entries.contains { RequestingProgram.sameFile("\(proc)/\(pid)/fd/\($0)", path) }
    }

    /// The script file a shell keeps open: bash's descriptor 255, else the lowest of 10 and up that
    /// is a regular file (where dash, zsh and others move it).
    static func openScript(of pid: pid_t, bash: Bool, shell: Bool, in proc: String) -> String? {
        guard shell else { return nil }
        if bash, let target = regularFile("\(proc)/\(pid)/fd/255") { return target }
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "\(proc)/\(pid)/fd") else { return nil }
        for descriptor in entries.compactMap(Int.init).filter({ $0 >= 10 && $0 < 255 }).sorted() {
            if let target = regularFile("\(proc)/\(pid)/fd/\(descriptor)") { return target }
        }
        return nil
    }

    /// The path a descriptor's link names, when it is a regular file.
    private static func regularFile(_ link: String) -> String? {
        var status = stat()
        guard stat(link, &status) == 0, status.st_mode & S_IFMT == S_IFREG, let target = RequestingProgram.link(link),
            target.hasPrefix("/")
        else { return nil }
        return target
    }

    /// The first argument that is not an option; nil when the options say there is no script.
    static func argument(_ arguments: [String], shell: Bool, family: String) -> String? {
        let code: Set<Character>, valued: Set<Character>
        switch family {
        case "python": (code, valued) = (["c", "m"], ["W", "X"])
        case "perl", "ruby": (code, valued) = (["e", "E"], ["I", "r", "x"])
        case "node", "deno", "bun": (code, valued) = (["e", "p"], ["r"])
        case "php": (code, valued) = (["r"], ["c", "d", "f", "z"])
        default: (code, valued) = shell ? (["c", "s"], ["o", "O"]) : ([], [])
        }
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { return index + 1 < arguments.count ? arguments[index + 1] : nil }
            if argument.hasPrefix("--") {
                if ["--eval", "--print", "--command", "--module"].contains(argument) { return nil }
                index += 1
                continue
            }
            if argument.count > 1, argument.hasPrefix("-") || (shell && argument.hasPrefix("+")) {
                let letters = argument.dropFirst()
                if letters.contains(where: code.contains) { return nil }
                // An option that takes a value takes the next argument when nothing follows it here.
                if let last = letters.last, valued.contains(last), letters.count == 1 || !letters.dropLast().contains(where: valued.contains) {
                    index += 2
                } else {
                    index += 1
                }
                continue
            }
            return argument.isEmpty ? nil : argument
        }
        return nil
    }

    /// `path` as the process names it: `/dev/fd/N` and `/proc/self/fd/N` are its descriptors, a
    /// relative path is in its working folder; the file's real path, or nil when there is none.
    static func resolve(_ path: String, of pid: pid_t, in proc: String) -> String? {
        var full = path
        for prefix in ["/dev/fd/", "/proc/self/fd/", "/dev/stdin"] where path.hasPrefix(prefix) {
            let descriptor = prefix == "/dev/stdin" ? "0" : String(path.dropFirst(prefix.count))
            guard let target = RequestingProgram.link("\(proc)/\(pid)/fd/\(descriptor)") else { return nil }
            full = target
        }
        if !full.hasPrefix("/") { full = (RequestingProgram.link("\(proc)/\(pid)/cwd") ?? "") + "/" + full }
        guard let real = realpath(full, nil) else { return nil }
        defer { free(real) }
        var status = stat()
        guard stat(real, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return String(cString: real)
    }

    /// Whether `path` can be a script of the interpreter `name`: one whose `#!` line names another
    /// interpreter (a bash script named by a python process) is not what that process runs.
    static func isScript(_ path: String, for name: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 256)) ?? Data()
        guard head.starts(with: Array("#!".utf8)) else { return true }
        let line = String(decoding: head.dropFirst(2).prefix { $0 != 0x0A }, as: UTF8.self)
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let first = words.first else { return true }
        // `#!/usr/bin/env python3` names python3; `#!/usr/bin/env -S python3 -u` too.
        let named = RequestingProgram.baseName(first) == "env" ? words.dropFirst().first { !$0.hasPrefix("-") } ?? first : first
        return RequestingProgram.family(RequestingProgram.baseName(named)) == RequestingProgram.family(name)
    }
}
