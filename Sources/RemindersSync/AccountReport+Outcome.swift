import RemindersModel
import RemindersStore

extension AccountReport {
    /// How the sync of this account ended, in a few words, for `accounts list`: `ok`, `ok, 2
    /// skipped, deletions withheld`, or `error: …` (the account's, or its first list's).
    public var outcome: String {
        if let error { return "error: \(error)" }
        if let failed = lists.first(where: { $0.error != nil }), let error = failed.error { return "error: \(failed.title): \(error)" }
        var words = ["ok"]
        let skipped = lists.reduce(0) { $0 + $1.skipped.count }
        let conflicts = lists.reduce(0) { $0 + $1.conflicts.count }
        if conflicts > 0 { words.append("\(conflicts) conflict" + (conflicts == 1 ? "" : "s")) }
        if skipped > 0 { words.append("\(skipped) skipped") }
        if lists.contains(where: { $0.withheld != nil }) { words.append("deletions withheld") }
        return words.joined(separator: ", ")
    }

    /// Whether the server could not be synced with at all (it is away, or refused us): what the
    /// always-on sync backs off from. Skipped items and withheld deletions are not.
    public var failed: Bool { error != nil || lists.contains { $0.error != nil } }
}
