import Foundation
import RemindersStore

/// Syncs the store's CalDAV accounts (all, or one by name), account after account.
public struct Syncer {
    public let eventStore: EventStore
    public var options: SyncOptions

    public init(eventStore: EventStore, options: SyncOptions = SyncOptions()) {
        self.eventStore = eventStore
        self.options = options
    }

    /// `progress` hears where the sync is: a message and the fraction done (0…1).
    public func sync(account name: String? = nil, progress: @escaping (String, Double) -> Void = { _, _ in }) throws(StoreError) -> SyncReport {
        var accounts = try eventStore.read { store throws(StoreError) in try store.accounts() }
        if let name {
            accounts = accounts.filter { $0.name == name }
            guard !accounts.isEmpty else { throw .notFound(kind: "account", identifier: name) }
        }
        var report = SyncReport(dryRun: options.dryRun)
        for (index, account) in accounts.enumerated() {
            let share = 1 / Double(accounts.count)
            let accountReport = AccountSync(account: account, eventStore: eventStore, options: options) { message, fraction in
                progress(message, (Double(index) + fraction) * share)
            }.run()
            report.accounts.append(accountReport)
        }
        progress("done", 1)
        return report
    }
}
