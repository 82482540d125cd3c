import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// Who holds the other end of a pseudo-terminal. A program that makes one (`openpty`, Python's
/// `pty`, `script`) and starts remindersd on it can read the consent prompt and type the answer
/// itself; the owner's terminal (an emulator, tmux, sshd) is held by a program that is no part of
/// the one asking.
enum PseudoTerminal {
    static func name(_ fd: Int32) -> String? { controllingIndex().map { "/dev/pts/\($0)" } }

    /// The number of this process's controlling terminal when it is a pseudo-terminal (its
    /// `tty_nr` in /proc/self/stat: majors 136–143 are /dev/pts), else nil. What `/dev/tty`
    /// stands for; `ttyname` of it would say only "/dev/tty".
    static func controllingIndex(proc: String = "/proc") -> Int? {
        guard let data = FileManager.default.contents(atPath: "\(proc)/self/stat"), let close = data.lastIndex(of: UInt8(ascii: ")")) else {
            return nil
        }
        let fields = data[data.index(after: close)...].split(separator: UInt8(ascii: " "))
        guard fields.count > 4, let number = Int(String(decoding: fields[4], as: UTF8.self)) else { return nil }
        let major = (number >> 8) & 0xfff, minor = (number & 0xff) | ((number >> 12) & 0xfff00)
        return (136...143).contains(major) ? (major - 136) * 256 + minor : nil
    }

    /// The program holding the master side of the controlling terminal, when it is the program
    /// asking — the parent of this process, one of the shells and wrappers between them, or a
    /// process that program started. Nil for the owner's terminal (and for a console, which has no master).
    static func heldByTheAsker(_ fd: Int32, proc: String = "/proc") -> String? {
        guard let index = controllingIndex(proc: proc) else { return nil }
        let asking = askingProcesses(in: proc)
        for holder in holders(of: index, in: proc) where asking.contains(holder) || descends(holder, from: asking, in: proc) {
            return RequestingProgram.executable(of: holder, in: proc) ?? "process \(holder)"
        }
        return nil
    }

    /// This process's parent and its ancestors up to the program asking (shells and wrappers looked through).
    static func askingProcesses(in proc: String) -> Set<pid_t> {
        var found = Set<pid_t>()
        var current = getppid()
        for _ in 0..<32 {
            guard current > 1 else { break }
            found.insert(current)
            guard let executable = RequestingProgram.executable(of: current, in: proc) else { break }
            let name = RequestingProgram.baseName(executable)
            let installed = RequestingProgram.systemFolders.contains { executable.hasPrefix($0) }
            // Up to the program asking, as `RequestingProgram` finds it: a shell running a script is that script.
            let shell = installed && RequestingProgram.shells.contains(name)
            if shell, ScriptArgument.script(of: current, executable: executable, in: proc) != nil { break }
            guard shell || (installed && RequestingProgram.wrappers.contains(name)),
                let parent = RequestingProgram.parentOf(current, in: proc)
            else { break }
            current = parent
        }
        return found
    }

    static func descends(_ pid: pid_t, from ancestors: Set<pid_t>, in proc: String) -> Bool {
        var current = pid
        for _ in 0..<64 {
            guard let parent = RequestingProgram.parentOf(current, in: proc), parent > 1 else { return false }
            if ancestors.contains(parent) { return true }
            current = parent
        }
        return false
    }

    /// The processes with a descriptor on the master side of `/dev/pts/INDEX`.
    static func holders(of index: Int, in proc: String) -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: proc) else { return [] }
        var found: [pid_t] = []
        for entry in entries {
            guard let pid = pid_t(entry), let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "\(proc)/\(entry)/fd") else {
                continue
            }
            for descriptor in descriptors {
                guard let target = RequestingProgram.link("\(proc)/\(entry)/fd/\(descriptor)"), target.hasSuffix("ptmx"),
                    let info = try? String(contentsOfFile: "\(proc)/\(entry)/fdinfo/\(descriptor)", encoding: .utf8),
                    info.split(separator: "\n").contains(where: {
                        $0.hasPrefix("tty-index:") && Int($0.dropFirst("tty-index:".count).trimmingCharacters(in: .whitespaces)) == index
                    })
                else { continue }
                found.append(pid)
                break
            }
        }
        return found
    }
}
