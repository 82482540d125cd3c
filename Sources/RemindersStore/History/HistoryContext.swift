import Foundation
import RemindersModel

/// What a store connection's writes are recorded as in the history: who makes them, and — while
/// an undo or a restore runs — which change they undo and what they are part of.
struct HistoryContext {
    var author = ChangeAuthor(client: "remindersd", program: CommandLine.arguments.first ?? "remindersd")
    /// `author`'s row in `change_authors`, once written.
    var authorRow: Int64?
    /// The change being undone: what is written meanwhile records it (`undoes`).
    var undoing: Int64?
    /// The change what is written meanwhile is part of (a list's reminders, a reminder's subtasks).
    var partOf: Int64?
    /// While one thing done is written (a commit, an undo): the changes it records are one undo
    /// group, named by its first top-level change (`undo_group`; NULL on that first one itself).
    var groupOpen = false
    var groupHead: Int64?
    /// Set while a removed item is put back: its insert is a restore, not a creation.
    var restoring = false
    /// Off while a new store is seeded.
    var recording = true
    /// Changes recorded by this connection since the history was last trimmed.
    var recordedSincePruning = CalendarStore.pruningInterval
}

/// How long the history keeps changes, and how many at most (the owner sets both with
/// `remindersd history --keep-days N --keep-changes N`).
public struct HistoryRetention: Equatable, Sendable {
    public static let defaultDays = 30
    public static let defaultChanges = 100_000

    public var days: Int
    public var changes: Int

    public init(days: Int = HistoryRetention.defaultDays, changes: Int = HistoryRetention.defaultChanges) {
        self.days = days
        self.changes = changes
    }
}
