import Foundation
import RemindersModel

/// How each subscription's refreshes go (`SubscriptionState`), kept beside the store
/// (`STORE.subscription-status`, 0600) as the sync's status is: a refresh the feed answered
/// with "not modified" commits nothing, so no client hears of it. Keyed by the calendar's
/// identifier, so a store made anew never sends a validator of a copy it no longer has (the
/// refresh that blocked ICSx⁵ after its data was wiped, #397).
public enum SubscriptionStatus {
    public static func states(store: String) -> [String: SubscriptionState] {
        var states: [String: SubscriptionState] = [:]
        for line in SyncStatus.read(SyncStatus.path(store, "subscription-status")).split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 8 else { continue }
            func text(_ index: Int) -> String? { fields[index].isEmpty ? nil : fields[index] }
            func time(_ index: Int) -> Timestamp? { Int64(fields[index]).map(Timestamp.init(milliseconds:)) }
            states[fields[0]] = SubscriptionState(
                entityTag: text(1), lastModified: text(2), lastAttempt: time(3), lastSuccess: time(4), lastResult: text(5),
                failures: Int(fields[6]) ?? 0, nextRefresh: time(7))
        }
        return states
    }

    /// Records `state` for the subscription of `calendar`; `keeping` the calendars whose states stay
    /// (the others', of subscriptions removed, go).
    public static func record(_ state: SubscriptionState, calendar: String, keeping calendars: Set<String>, store: String) {
        var all = states(store: store).filter { calendars.contains($0.key) }
        all[calendar] = state
        let lines = all.keys.sorted().map { key -> String in
            let state = all[key]!
            let fields = [
                key, state.entityTag ?? "", state.lastModified ?? "", state.lastAttempt.map { "\($0.milliseconds)" } ?? "",
                state.lastSuccess.map { "\($0.milliseconds)" } ?? "", state.lastResult ?? "", "\(state.failures)",
                state.nextRefresh.map { "\($0.milliseconds)" } ?? "",
            ]
            return fields.map(SyncStatus.clean).joined(separator: "\t") + "\n"
        }
        SyncStatus.replace(SyncStatus.path(store, "subscription-status"), with: lines.joined())
    }

    /// When `subscription` is next due: never when stopped, at once when nothing was recorded.
    public static func nextRefresh(of subscription: CalendarSubscription, in states: [String: SubscriptionState]) -> Timestamp? {
        guard subscription.stopped == nil else { return nil }
        return states[subscription.calendarIdentifier]?.nextRefresh ?? Timestamp(milliseconds: 0)
    }
}
