import Foundation

/// One agent per store: an exclusive lock on `STORE.agent-lock`, which holds the pid of its owner.
/// The lock goes with the process however it ends (the kernel drops it), so a crash leaves none.
/// STORE is the store's path with every symbolic link resolved: one store reached through a link,
/// or through `..`, is still one store with one lock.
public final class AgentLock {
    private let fd: Int32

    public struct Held: Error, CustomStringConvertible {
        public let store: String
        public let pid: Int32?
        public var description: String { "another agent is running for \(store)" + (pid.map { " (pid \($0))" } ?? "") }
    }

    public struct Shared: Error, CustomStringConvertible {
        public let path: String
        public let mode: mode_t
        public var description: String {
            "the agent's lock \(path) can be read or changed by other users (mode \(String(mode, radix: 8))): run `chmod 600 \(path)`"
        }
    }

    public init(store: String) throws {
        let path = Self.resolved(store) + ".agent-lock"
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path]) }
        // Whoever could write the lock could keep every agent of this store from starting.
        var status = stat()
        if fstat(fd, &status) == 0, status.st_mode & 0o066 != 0 {
            close(fd)
            throw Shared(path: path, mode: status.st_mode & 0o7777)
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            var buffer = [UInt8](repeating: 0, count: 32)
            let count = pread(fd, &buffer, buffer.count, 0)
            close(fd)
            let text = String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw Held(store: store, pid: Int32(text))
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = pwrite(fd, pid, pid.count, 0)
    }

    deinit { close(fd) }

    /// The path with its links resolved; for a store not made yet, its folder's.
    static func resolved(_ path: String) -> String {
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        let folder = (path as NSString).deletingLastPathComponent
        guard let real = realpath(folder.isEmpty ? "." : folder, nil) else { return path }
        defer { free(real) }
        return String(cString: real) + "/" + (path as NSString).lastPathComponent
    }
}
