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

    /// Creates missing parent folders (0700) and an empty store file (0600) if there is none.
    /// An existing file is left exactly as it is.
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
