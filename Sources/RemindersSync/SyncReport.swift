/// What a sync did, account by account and list by list.
public struct SyncReport: Equatable, Sendable {
    public var accounts: [AccountReport] = []
    public var dryRun = false

    public init(dryRun: Bool = false) { self.dryRun = dryRun }

    /// Whether anything failed or waits for the person (an account, a list, an item skipped,
    /// deletions withheld).
    public var hasProblems: Bool {
        accounts.contains { $0.error != nil || $0.lists.contains { $0.error != nil || !$0.skipped.isEmpty || $0.withheld != nil } }
    }
}

public struct AccountReport: Equatable, Sendable {
    public var name: String
    public var lists: [ListReport] = []
    /// Why the account could not be synced at all (the server unreachable, the password refused).
    public var error: String?
    public var requests = 0
    /// What happened to whole lists: one removed here went from the server too, or came back.
    public var notes: [String] = []

    public init(name: String) { self.name = name }
}

public struct ListReport: Equatable, Sendable {
    public var calendarIdentifier: String
    public var title: String
    /// Reminders created or changed here from the server's items.
    public var downloaded = 0
    /// Items created or changed on the server from reminders here.
    public var uploaded = 0
    /// Reminders removed here because they went from the server, and items removed there because
    /// their reminder went from here.
    public var deleted = 0
    /// The list is new here (found on the server) or new there (made with MKCALENDAR).
    public var created = false
    public var conflicts: [Conflict] = []
    public var skipped: [Skipped] = []
    /// Other things a person should know (a reminder brought back, a list kept as local).
    public var notes: [String] = []
    public var error: String?
    /// Deletions not made because one side went empty (see `Withheld`).
    public var withheld: Withheld?
    /// In a dry run, what the sync would do, an action a line (`SyncPlan.lines`); empty otherwise.
    public var plan: [String] = []

    public init(calendarIdentifier: String, title: String) {
        self.calendarIdentifier = calendarIdentifier
        self.title = title
    }

    /// `Groceries: ↓3 ↑1 ✕0, 1 conflict`
    public var line: String {
        var line = "\(title): ↓\(downloaded) ↑\(uploaded) ✕\(deleted)"
        if !conflicts.isEmpty { line += ", \(conflicts.count) conflict" + (conflicts.count == 1 ? "" : "s") }
        if !skipped.isEmpty { line += ", \(skipped.count) skipped" }
        if let withheld { line += ", \(withheld.items) deletion" + (withheld.items == 1 ? "" : "s") + " withheld" }
        if let error { line += " — \(error)" }
        return line
    }
}

/// Both sides changed one property of a reminder: the later change (by LAST-MODIFIED) was kept.
public struct Conflict: Equatable, Sendable {
    public var uid: String
    public var title: String
    public var property: String
    /// Which side's value was kept: "here" or "server".
    public var kept: String
    /// The value that lost, as JSON-ish text.
    public var lostValue: String
    /// The change of the history whose undo brings back what lost: the sync writes the server's
    /// version first when a change made here wins, so the losing version is in the history either way.
    public var change: String?

    public init(uid: String, title: String, property: String, kept: String, lostValue: String, change: String? = nil) {
        self.uid = uid
        self.title = title
        self.property = property
        self.kept = kept
        self.lostValue = lostValue
        self.change = change
    }
}

public struct Skipped: Equatable, Sendable {
    public var href: String
    public var message: String
}

/// One side of a calendar that had synced items lists none of them: the server's collection
/// (restored from an empty backup, a proxy answering for the wrong one) or the list here. Nothing
/// is deleted on the other side, as vdirsyncer refuses (StorageEmpty), until the person says it
/// was meant: `remindersd sync --force-delete LIST`, or `forceDelete` of the `sync` method.
public struct Withheld: Equatable, Sendable {
    public enum Side: String, Sendable {
        /// The server's collection is empty: nothing was deleted here.
        case server
        /// The list here is empty: nothing was deleted on the server.
        case here
    }

    public var emptied: Side
    /// How many deletions were withheld.
    public var items: Int
}

extension Conflict {
    /// `conflict: "Bins out" title: kept the change made here, lost "Bins + recycling" (undo change 57 brings it back)`
    public var line: String {
        let kept = kept == "here" ? "change made here" : "server's change"
        let back = change.map { " (undo change \($0) brings it back)" } ?? ""
        return "conflict: \"\(title)\" \(property): kept the \(kept), lost \(lostValue)\(back)"
    }
}
