import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive lock beside a store, `STORE.NAME` holding the pid of its owner: one agent per
/// store (`agent-lock`), one sync at a time (`sync-lock`). The lock goes with the process however
/// it ends (the kernel drops it), so a crash leaves none. STORE is the store's path with every
/// symbolic link resolved: one store reached through a link, or through `..`, is one lock.
public final class StoreLock {
    private let fd: Int32
    public let path: String

    public struct Held: Error, CustomStringConvertible {
        public let store: String
        public let pid: Int32?
        public let holder: String
        public var description: String { "another \(holder) is running for \(store)" + (pid.map { " (pid \($0))" } ?? "") }
    }

    public struct Shared: Error, CustomStringConvertible {
        public let path: String
        public let mode: mode_t
        public var description: String {
            "the lock \(path) can be changed by other users (mode \(String(mode, radix: 8))): run `chmod 600 \(path)`"
        }
    }

    /// Takes the lock `STORE.NAME`. Held by another process: throws `Held` at once, or, with
    /// `waiting`, calls it once with the holder's pid and waits for the lock.
    public init(store: String, name: String, holder: String, waiting: ((Int32?) -> Void)? = nil) throws {
        path = Self.resolved(store) + "." + name
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path]) }
        // Whoever could write the lock could hold it and keep every agent or sync of this store out.
        var status = stat()
        if fstat(fd, &status) == 0, status.st_mode & 0o022 != 0 {
            close(fd)
            throw Shared(path: path, mode: status.st_mode & 0o7777)
        }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let pid = Self.pid(in: fd)
            guard let waiting else {
                close(fd)
                throw Held(store: store, pid: pid, holder: holder)
            }
            waiting(pid)
            while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = pwrite(fd, pid, pid.count, 0)
    }

    deinit { close(fd) }

    private static func pid(in fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(fd, &buffer, buffer.count, 0)
        return Int32(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The path with its links resolved; for a store not made yet, its folder's.
    public static func resolved(_ path: String) -> String {
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
