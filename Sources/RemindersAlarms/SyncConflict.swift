import RemindersJSONRPC

/// A conflict the live sync's report names — both sides changed one property of an item, one
/// side's change kept — read from `remindersd-sync --json` (the agent does not link the sync).
struct SyncConflict: Equatable {
    var account: String
    var list: String
    var title: String
    var property: String
    /// "here" or "server".
    var kept: String
    var lostValue: String
    /// The history's change whose undo brings back what lost.
    var change: String?

    /// Every conflict of the report's accounts, in order.
    static func all(in accounts: [JSONValue]) -> [SyncConflict] {
        accounts.flatMap { account in
            (account["lists"]?.arrayValue ?? []).flatMap { list in
                (list["conflicts"]?.arrayValue ?? []).map { conflict in
                    SyncConflict(
                        account: account["name"]?.stringValue ?? "?", list: list["title"]?.stringValue ?? "?",
                        title: conflict["title"]?.stringValue ?? "", property: conflict["property"]?.stringValue ?? "?",
                        kept: conflict["kept"]?.stringValue ?? "?", lostValue: conflict["lostValue"]?.stringValue ?? "",
                        change: conflict["change"]?.stringValue)
                }
            }
        }
    }

    private var keptText: String { kept == "here" ? "the change made here" : "the server's change" }
    private var lostText: String { kept == "here" ? "the server's" : "the one made here" }
    private var back: String { change.map { "; undo change \($0) brings it back" } ?? "" }

    /// Without anything a person wrote: which side won, and where the loser is.
    var warning: String {
        "sync conflict in \(account): an item's \(property) changed on both sides; kept \(keptText), \(lostText) is in the history\(back)"
    }

    /// With the title and the value that lost.
    var detail: String {
        "\"\(title)\" (\(list)): kept \(keptText) to its \(property), lost \(lostValue)\(back)"
    }
}
