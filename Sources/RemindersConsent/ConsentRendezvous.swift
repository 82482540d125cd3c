import Foundation
import Glibc

/// Where a terminal consent agent (`remindersd permissions listen`) waits for questions: a socket
/// in the owner's runtime folder — /run/user/UID when it is theirs alone (systemd makes it so),
/// else /tmp/remindersd-UID, made owner-only — never a place the environment names, which is
/// the client's. Both ends check that the other is the same user.
public enum ConsentRendezvous {
    public static var folder: String {
        let uid = getuid()
        let run = "/run/user/\(uid)"
        var status = stat()
        if stat(run, &status) == 0, status.st_uid == uid, status.st_mode & 0o077 == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            return run + "/remindersd"
        }
        return "/tmp/remindersd-\(uid)"
    }

    public static var socketPath: String { folder + "/consent" }

    /// The folder, made owner-only; nil when it is there but another's or open to others.
    static func privateFolder(making: Bool) -> String? {
        let path = folder
        if making { _ = mkdir(path, 0o700) }
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR, status.st_uid == getuid(), status.st_mode & 0o077 == 0 else {
            return nil
        }
        return path
    }

    /// A UNIX socket address for `path`; nil when the path does not fit.
    static func address(_ path: String) -> sockaddr_un? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return address
    }

    /// The user id of the process at the other end of a connected UNIX socket.
    static func peerUser(_ socket: Int32) -> uid_t? {
        // struct ucred (Linux), which Glibc shows Swift only under _GNU_SOURCE.
        struct Credentials {
            var pid: pid_t = 0
            var uid: uid_t = 0
            var gid: gid_t = 0
        }
        var credentials = Credentials()
        var length = socklen_t(MemoryLayout<Credentials>.size)
        guard getsockopt(socket, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
        return credentials.uid
    }

    /// Reads up to a newline (or `limit` bytes), waiting at most until `deadline`; nil on EOF,
    /// timeout or error before one.
    static func readLine(_ socket: Int32, limit: Int = 65_536, deadline: Date) -> String? {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while buffer.count < limit {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(left * 1000, 60_000)))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = read(socket, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            buffer += chunk[0..<count]
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) { return String(decoding: buffer[..<newline], as: UTF8.self) }
        }
        return nil
    }

    /// Writes all of `text`; false when the other end went away.
    @discardableResult
    static func send(_ text: String, to socket: Int32) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            bytes = bytes.dropFirst(written)
        }
        return true
    }
}
