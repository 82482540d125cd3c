import Foundation
import RemindersJSONRPC
import RemindersModel
import RemindersProtocol
import RemindersStore
import RemindersSubscriptions

/// What `addSubscription` and `refreshSubscriptions` do, for the command line and for the server
/// and the agent (through `--serve`) alike: in this program, the one with a network stack, one at
/// a time per store (the sync's lock).
enum SubscriptionService {
    /// Where a password comes from, which only the owner's command line may say.
    struct PasswordSetting {
        var username: String?
        var passwordCommand: String?
        var passwordFile: String?
    }

    static func add(_ params: AddSubscription.Params, password: PasswordSetting = PasswordSetting(), storePath: String, rules: CalendarItemRules)
        throws -> AddSubscription.Result
    {
        let eventStore = try EventStore(path: storePath, rules: rules)
        let lock = try SyncCommand.lock(storePath)
        defer { withExtendedLifetime(lock) {} }
        let refresher = SubscriptionRefresher(eventStore: eventStore, storePath: storePath)
        let (subscription, outcome): (CalendarSubscription, SubscriptionRefresher.Outcome)
        do {
            (subscription, outcome) = try refresher.subscribe(
                url: params.url, title: params.title, every: params.every, keepsAlarms: params.keepsAlarms, username: password.username,
                passwordCommand: password.passwordCommand, passwordFile: password.passwordFile)
        } catch let refused as FeedAddress.Refused {
            throw ResponseError.invalidParams(refused.description, field: "url")
        } catch StoreError.invalid(let validation) {
            throw ResponseError.invalidParams(validation.message, field: validation.field == "title" ? "title" : validation.field)
        }
        guard
            let described = try describe(eventStore, storePath: storePath).first(where: { $0.calendarIdentifier == subscription.calendarIdentifier })
        else { throw ResponseError.internalError("the subscription just made is not in the store") }
        return AddSubscription.Result(subscription: described, refresh: refresh(outcome))
    }

    static func refresh(_ params: RefreshSubscriptions.Params, storePath: String, rules: CalendarItemRules) throws -> RefreshSubscriptions.Result {
        let eventStore = try EventStore(path: storePath, rules: rules)
        let lock = try SyncCommand.lock(storePath)
        defer { withExtendedLifetime(lock) {} }
        var subscriptions = try eventStore.read { store throws(StoreError) in try store.subscriptions() }
        if let calendar = params.calendarIdentifier {
            subscriptions = subscriptions.filter { $0.calendarIdentifier == calendar }
            guard !subscriptions.isEmpty else { throw StoreError.notFound(kind: "subscription", identifier: calendar) }
        }
        let refresher = SubscriptionRefresher(eventStore: eventStore, storePath: storePath)
        if params.dueOnly { subscriptions = refresher.due(among: subscriptions, now: .now()) }
        return RefreshSubscriptions.Result(refreshes: subscriptions.map { refresh(refresher.refresh($0)) })
    }

    /// Every subscription as the protocol describes it.
    static func describe(_ eventStore: EventStore, storePath: String) throws -> [SubscriptionDescription] {
        let states = SubscriptionStatus.states(store: storePath)
        return try eventStore.read { store throws(StoreError) in try store.subscribedCalendars() }.map {
            SubscriptionDescription($0.subscription, calendar: $0.calendar, state: states[$0.calendar.calendarIdentifier])
        }
    }

    static func refresh(_ outcome: SubscriptionRefresher.Outcome) -> SubscriptionRefresh {
        let changes = outcome.changes
        return SubscriptionRefresh(
            calendarIdentifier: outcome.calendarIdentifier, title: outcome.title,
            status: SubscriptionRefresh.Status(rawValue: outcome.status.rawValue) ?? .failed, message: outcome.message,
            added: changes?.added ?? 0, changed: changes?.changed ?? 0, removed: changes?.removed ?? 0, unchanged: changes?.unchanged ?? 0,
            skipped: (changes?.skipped ?? []).map { SubscriptionRefresh.Skipped(uid: $0.uid, message: $0.message) }, requests: outcome.requests,
            nextRefresh: outcome.nextRefresh)
    }
}
