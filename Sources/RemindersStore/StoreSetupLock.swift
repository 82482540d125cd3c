import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// Who may set up a store: while a process makes a new store (its WAL mode, its tables, its first
/// lists) or migrates an old one, every other process opening it waits, as a writer waits for
/// another — rather than reading a file half made (and taking it for another program's) or
/// failing to switch it to WAL at the same moment. Opening a store that is ready shares the lock.
///
/// The lock is `flock` on the store's folder, not on the file: SQLite holds POSIX locks on the
/// file, which closing any other descriptor of it in the same process would drop.
struct StoreSetupLock {
    private let fd: Int32
    private let timeout: Int

    /// Takes the lock shared — or exclusive when the store file is still empty (being made) — waiting
    /// up to `timeoutMilliseconds` for a process setting it up.
    init(store path: String, timeoutMilliseconds: Int) throws(StoreError) {
        let folder = (path as NSString).deletingLastPathComponent
        fd = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        timeout = timeoutMilliseconds
        guard fd >= 0 else { throw .unavailable("cannot open the folder of \(path): \(String(cString: strerror(errno)))") }
        var status = stat()
        let isNew = stat(path, &status) == 0 && status.st_size == 0
        try take(isNew ? LOCK_EX : LOCK_SH, store: path)
    }

    /// The lock exclusive, for setting the store up (another process that was waiting to do the
    /// same then finds it done).
    func exclusive(store path: String) throws(StoreError) { try take(LOCK_EX, store: path) }

    func release() {
        flock(fd, LOCK_UN)
        close(fd)
    }

    private func take(_ operation: Int32, store path: String) throws(StoreError) {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(timeout, 0)) * 1_000_000
        while flock(fd, operation | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, DispatchTime.now().uptimeNanoseconds < deadline else {
                throw .unavailable("the store \(path) is being set up by another program (waited too long)")
            }
            usleep(2_000)
        }
    }
}
