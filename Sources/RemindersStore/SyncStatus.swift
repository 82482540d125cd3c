import Foundation
import RemindersModel
#if canImport(Glibc)
    import Glibc
#endif

/// How each account's last sync ended and when the agent plans the next, kept beside the store
/// (`STORE.sync-status`, `STORE.sync-next`, 0600) rather than in it: a sync that changed nothing
/// commits nothing, so no client hears of a poll. Lines of tab-separated text, replaced whole.
public enum SyncStatus {
    public struct Last: Equatable, Sendable {
        public var finished: Timestamp
        /// `ok`, `ok, 2 skipped`, or `error: …` as the report says it.
        public var result: String
        public init(finished: Timestamp, result: String) { self.finished = finished; self.result = result }
    }

    /// Records each account's outcome (the accounts not named keep theirs).
    public static func record(_ outcomes: [String: Last], store: String) {
        var all = last(store: store)
        for (name, outcome) in outcomes { all[name] = outcome }
        let lines = all.keys.sorted().map { name in
            "\(clean(name))\t\(all[name]!.finished.milliseconds)\t\(clean(all[name]!.result))\n"
        }
        replace(path(store, "sync-status"), with: lines.joined())
    }

    public static func last(store: String) -> [String: Last] {
        var outcomes: [String: Last] = [:]
        for line in read(path(store, "sync-status")).split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, let milliseconds = Int64(fields[1]) else { continue }
            outcomes[String(fields[0])] = Last(finished: Timestamp(milliseconds: milliseconds), result: String(fields[2]))
        }
        return outcomes
    }

    /// The agent's plan: the next sync of every account.
    public static func planNext(_ next: Timestamp, store: String) {
        replace(path(store, "sync-next"), with: "\(next.milliseconds)\t\(getpid())\n")
    }

    /// The next sync planned, while the agent that planned it runs.
    public static func next(store: String) -> Timestamp? {
        let fields = read(path(store, "sync-next")).trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\t")
        guard fields.count == 2, let milliseconds = Int64(fields[0]), let pid = Int32(fields[1]), kill(pid, 0) == 0 || errno == EPERM else {
            return nil
        }
        return Timestamp(milliseconds: milliseconds)
    }

    static func path(_ store: String, _ name: String) -> String { StoreLock.resolved(store) + "." + name }

    /// One line per record: tabs and newlines in a name or message would split it.
    static func clean(_ text: String) -> String {
        String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
    }

    /// A status file others may change is not taken for what the sync or the agent wrote (each
    /// write replaces it with one of the owner's alone).
    static func read(_ path: String) -> String {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & StoreLocation.changeableBits == 0 else { return "" }
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    /// Written beside and renamed over, so a reader never sees half a file.
    static func replace(_ path: String, with text: String) {
        let temporary = path + ".\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        if written == bytes.count { rename(temporary, path) } else { unlink(temporary) }
    }
}
