import Foundation
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
    /// An existing file is left exactly as it is. A folder other users may read or change is
    /// refused (the file itself, once known to be a store, by `CalendarStore`): the store holds the
    /// reminders and who may see them, and SQLite creates its `-wal` and `-shm` files beside it,
    /// which whoever can write to the folder could plant.
    static func prepare(_ path: String) throws(StoreError) {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try makeFolders(folder) }
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd >= 0 {
            fchmod(fd, 0o600)  // the umask may have taken bits away; never added any
            close(fd)
        } else if errno != EEXIST {
            throw .unavailable("cannot create the store \(path): \(String(cString: strerror(errno)))")
        }
        try refuseIfShared(folder.isEmpty ? "." : folder, fix: "chmod 700", what: "the store's folder")
    }

    /// Read or write for group or others (execute alone lets them pass through a folder, not list it).
    static let sharedBits: mode_t = 0o066

    /// Refuses a file or folder that users other than its owner may read or change.
    public static func refuseIfShared(_ path: String, fix: String, what: String) throws(StoreError) {
        var status = stat()
        guard stat(path, &status) == 0 else { return }  // opening it says why it cannot be used
        let shared = status.st_mode & sharedBits
        guard shared != 0 else { return }
        let mode = String(status.st_mode & 0o7777, radix: 8)
        let who = (shared & 0o060 != 0 ? ["its group"] : []) + (shared & 0o006 != 0 ? ["every user"] : [])
        throw .unavailable("""
            \(what) \(path) can be read or changed by \(who.joined(separator: " and ")) (mode \(mode)); \
            it holds your reminders and who may see them: run `\(fix) \(path)` (or use a store in a private folder)
            """)
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
