import Foundation
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// Where the store file lives and how it is created: private to its owner (folder 0700, file 0600).
public enum StoreLocation {
    /// `${XDG_DATA_HOME:-$HOME/.local/share}/remindersd/reminders.sqlite`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            dataHome = xdg
        } else {
            dataHome = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        }
        return dataHome + "/remindersd/reminders.sqlite"
    }

    /// The store a command uses: the one it was given (`--store`), else `REMINDERSD_STORE`, else the default.
    public static func path(given: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let given { return given }
        if let path = environment["REMINDERSD_STORE"], !path.isEmpty { return path }
        return defaultPath(environment: environment)
    }

    /// Creates missing parent folders (0700) and an empty store file (0600) if there is none.
    /// An existing file is left exactly as it is. A folder other users may change is refused
    /// before anything is made in it (they could swap the store, or plant the `-wal` and `-shm`
    /// files SQLite makes beside it), as OpenSSH's StrictModes refuses one; a folder they may only
    /// read or list (a home of mode 755) is used, with a warning: it shows the store's name, never
    /// what it holds — the file itself, once known to be a store, must be the owner's alone
    /// (`CalendarStore`). Returns the warning, if any.
    @discardableResult
    static func prepare(_ path: String) throws(StoreError) -> String? {
        let folder = (path as NSString).deletingLastPathComponent
        let place = folder.isEmpty ? "." : folder
        if FileManager.default.fileExists(atPath: place) {
            try refuseIfChangeable(place, fix: "chmod go-w", what: "the store's folder")
        } else {
            try makeFolders(place)
        }
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd >= 0 {
            fchmod(fd, 0o600)  // the umask may have taken bits away; never added any
            close(fd)
        } else if errno != EEXIST {
            throw .unavailable("cannot create the store \(path): \(String(cString: strerror(errno)))")
        }
        return readableWarning(place)
    }

    /// Read or write for group or others (execute alone lets them pass through a folder, not list it).
    static let sharedBits: mode_t = 0o066
    /// Write for group or others.
    static let changeableBits: mode_t = 0o022

    /// Refuses a file that users other than its owner may read or change (the store, whose
    /// reminders and grants are the owner's).
    public static func refuseIfShared(_ path: String, fix: String, what: String) throws(StoreError) {
        try refuse(path, bits: sharedBits, verb: "read or changed", fix: fix, what: what)
    }

    /// Refuses a file or folder that users other than its owner may change (a store's folder, a
    /// lock, a status file).
    public static func refuseIfChangeable(_ path: String, fix: String, what: String) throws(StoreError) {
        try refuse(path, bits: changeableBits, verb: "changed", fix: fix, what: what)
    }

    private static func refuse(_ path: String, bits: mode_t, verb: String, fix: String, what: String) throws(StoreError) {
        var status = stat()
        guard stat(path, &status) == 0 else { return }  // opening it says why it cannot be used
        let shared = status.st_mode & bits
        guard shared != 0 else { return }
        let mode = String(status.st_mode & 0o7777, radix: 8)
        let who = (shared & 0o070 != 0 ? ["its group"] : []) + (shared & 0o007 != 0 ? ["every user"] : [])
        throw .unavailable(
            """
            \(what) \(path) can be \(verb) by \(who.joined(separator: " and ")) (mode \(mode)); \
            it holds your reminders and who may see them: run `\(fix) \(path)` (or use a store in a private folder)
            """)
    }

    private static let warned = Mutex<Set<String>>([])

    /// One line on stderr, once per process (a server opens its store again after a failure; the
    /// agent and its sync scheduler each open it).
    static func warnOnce(_ text: String) {
        guard warned.withLock({ $0.insert(text).inserted }) else { return }
        let line = Array("remindersd: warning: \(text)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }

    /// A folder others may read or list (not change): said once, as GnuPG says of a home others may read.
    private static func readableWarning(_ folder: String) -> String? {
        var status = stat()
        guard stat(folder, &status) == 0, status.st_mode & 0o044 != 0 else { return nil }
        return "the store's folder \(folder) can be listed by other users (mode \(String(status.st_mode & 0o7777, radix: 8))): "
            + "they see the store's name, not what it holds (the store is readable by you alone); `chmod 700 \(folder)` hides it"
    }

    private static func makeFolders(_ folder: String) throws(StoreError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .unavailable("\(folder) exists and is not a folder") }
            return
        }
        try makeFolders((folder as NSString).deletingLastPathComponent)
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw .unavailable("cannot create the folder \(folder): \(String(cString: strerror(errno)))")
        }
    }
}
