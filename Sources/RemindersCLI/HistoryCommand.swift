import RemindersCommandArguments
import RemindersCommandLine
import Foundation
import RemindersModel
import RemindersStore

/// `remindersd history [--keep-days N] [--keep-changes N]`: how long the store keeps its history
/// of changes (what undo and the trash reach back to), said, or set by the owner.
enum HistoryCommand {
    static func run(_ arguments: [String], output: Int32, environment: [String: String]) throws -> Int32 {
        let parsed = try CommandDeclaration.history.parse(arguments)
        if CommandDeclaration.wantsHelp(parsed) {
            print(CommandDeclaration.history.help, to: .protocolOutput(output))
            return 0
        }
        if let extra = parsed.positionals.first { throw Arguments.UsageError(message: "history: unexpected argument \(extra.prefix(80))") }
        let eventStore = try EventStore(path: RemindersCommand.storePath(parsed, environment: environment))
        var retention = try eventStore.read { store throws(StoreError) in try store.historyRetention() }
        let days = try parsed.integer(.keepDays)
        let changes = try parsed.integer(.keepChanges)
        if days != nil || changes != nil {
            retention.days = days ?? retention.days
            retention.changes = changes ?? retention.changes
            let kept = retention
            try eventStore.write { store throws(StoreError) in try store.setHistoryRetention(kept) }
        }
        let held = try eventStore.read { store throws(StoreError) in try store.historyCount() }
        print("keeps \(retention.days) days, at most \(retention.changes) changes; holds \(held) changes", to: .protocolOutput(output))
        return 0
    }
}
