import Foundation
import RemindersConcurrency
import RemindersLogging
import RemindersModel
import RemindersProtocol
import RemindersStore
import RemindersSyncHelper

/// The agent's refresh of subscribed calendars: whenever one is due (its interval passed, or the
/// backoff after a failure), `remindersd-sync` is asked to refresh those due — so the network
/// stays in that program, and the sync's lock keeps it from running beside a sync. Always on:
/// a subscription is refreshed by the agent or not at all. It looks again at least every five
/// minutes (a subscription added meanwhile is due at once). The log names a subscription by
/// its title, never by its address.
public final class SubscriptionScheduler: Sendable {
    let storePath: String
    let log: Log
    let clock: any AgentClock
    private let stopping = ConditionLock(false)
    /// How long at most between looks.
    static let longestWait: TimeInterval = 300

    public init(storePath: String, log: Log, clock: any AgentClock = WallClock()) {
        self.storePath = storePath
        self.log = log
        self.clock = clock
    }

    public func start() {
        let thread = Thread { [self] in loop() }
        thread.name = "subscriptions"
        thread.start()
    }

    public func stop() { stopping.withLock { $0 = true } }

    private func loop() {
        var lastSaid: [String: String] = [:]
        while !stopping.peek({ $0 }) {
            let now = clock.now()
            let next = nextDue()
            if let next, next <= now {
                refreshDue(&lastSaid)
                continue
            }
            let left = min(next.map { Double($0.milliseconds - now.milliseconds) / 1000 } ?? Self.longestWait, Self.longestWait)
            stopping.wait(until: { $0 }, before: Date().addingTimeInterval(max(left, 1)))
        }
    }

    /// When the earliest subscription is due; nil when none is (there are none, or all stopped).
    private func nextDue() -> Timestamp? {
        guard let eventStore = try? EventStore(path: storePath),
            let subscriptions = try? eventStore.read({ store throws(StoreError) in try store.subscriptions() })
        else { return nil }
        let states = SubscriptionStatus.states(store: storePath)
        return subscriptions.compactMap { SubscriptionStatus.nextRefresh(of: $0, in: states) }.min()
    }

    /// Refreshes those due, and logs what changed in how each goes (a failure once, not at every try).
    private func refreshDue(_ lastSaid: inout [String: String]) {
        let result: RefreshSubscriptions.Result
        do {
            result = try SyncHelper.subscriptions(
                RefreshSubscriptions.self, RefreshSubscriptions.Params(dueOnly: true), store: storePath,
                isCancelled: { [stopping] in stopping.peek { $0 } })
        } catch {
            log.warning("subscriptions: could not be refreshed: \(error)")
            stopping.wait(until: { $0 }, before: Date().addingTimeInterval(60))
            return
        }
        // Due by the agent's clock but not by the helper's: nothing to do for a minute, rather than a spin.
        if result.refreshes.isEmpty { stopping.wait(until: { $0 }, before: Date().addingTimeInterval(60)) }
        for refresh in result.refreshes {
            let state = refresh.status == .failed ? "failed: \(refresh.message)" : refresh.status.rawValue
            switch refresh.status {
            case .ok where refresh.added + refresh.changed + refresh.removed > 0:
                log.info("subscription \"\(refresh.title)\": \(refresh.message)")
            case .failed where lastSaid[refresh.calendarIdentifier] != state:
                log.warning("subscription \"\(refresh.title)\" failed: \(refresh.message); tried again later (remindersd subscriptions list)")
            case .stopped:
                log.warning("subscription \"\(refresh.title)\" stopped: \(refresh.message)")
            default:
                if lastSaid[refresh.calendarIdentifier]?.hasPrefix("failed") == true { log.info("subscription \"\(refresh.title)\" works again") }
            }
            lastSaid[refresh.calendarIdentifier] = state
        }
    }
}
