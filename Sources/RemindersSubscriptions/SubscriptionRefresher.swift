import Foundation
import RemindersAccountSecrets
import RemindersCalDAV
import RemindersICalendarFormat
import RemindersInterchange
import RemindersModel
import RemindersStore

/// Refreshes subscriptions: fetches each feed (conditionally), puts what changed into its
/// calendar in one transaction with what changed of the subscription itself, and records how it
/// went — a failure with why and when the next try is (5 minutes, doubling), a 410 as the
/// subscription stopped, a feed that does not parse as a failure that leaves the last good copy.
public struct SubscriptionRefresher {
    /// One subscription's refresh, as the report and `subscriptions list` say it.
    public struct Outcome: Equatable, Sendable {
        public var calendarIdentifier: String
        public var title: String
        public enum Status: String, Sendable { case ok, notModified, failed, stopped }
        public var status: Status
        /// Why, for a failure or a stop; what it did otherwise.
        public var message: String
        public var changes: FeedChanges?
        public var requests: Int
        public var nextRefresh: Timestamp?
    }

    let eventStore: EventStore
    let storePath: String
    let clock: @Sendable () -> Timestamp
    let timeout: TimeInterval

    public init(eventStore: EventStore, storePath: String, timeout: TimeInterval = 30, clock: @escaping @Sendable () -> Timestamp = Timestamp.now) {
        self.eventStore = eventStore
        self.storePath = storePath
        self.timeout = timeout
        self.clock = clock
    }

    /// The subscriptions due now (not stopped, their next refresh reached), or every one named.
    public func due(among subscriptions: [CalendarSubscription], now: Timestamp) -> [CalendarSubscription] {
        let states = SubscriptionStatus.states(store: storePath)
        return subscriptions.filter { SubscriptionStatus.nextRefresh(of: $0, in: states).map { $0 <= now } ?? false }
    }

    public func refresh(_ subscription: CalendarSubscription) -> Outcome {
        let state = SubscriptionStatus.states(store: storePath)[subscription.calendarIdentifier] ?? SubscriptionState()
        var fetcher: FeedFetcher
        do { fetcher = try Self.fetcher(for: subscription, timeout: timeout) } catch {
            return fetched(.failure(error), subscription, state: state, requests: 0)
        }
        guard let address = URL(string: subscription.url) else {
            return fetched(.failure(FeedFetcher.Failure("its address is no URL")), subscription, state: state, requests: 0)
        }
        let answer = Result { () throws(FeedFetcher.Failure) in
            try fetcher.fetch(address, entityTag: state.entityTag, lastModified: state.lastModified)
        }
        return fetched(answer, subscription, state: state, requests: fetcher.requestCount)
    }

    /// Subscribes to the feed at `url` (webcal:// read as http://): fetched once to learn what it
    /// holds and its name, then its calendar made and filled. A feed that cannot be fetched now is
    /// still subscribed to, as an event calendar, its failure recorded for the next try.
    public func subscribe(
        url text: String, title: String?, every interval: Int?, keepsAlarms: Bool, username: String? = nil, passwordCommand: String? = nil,
        passwordFile: String? = nil
    ) throws -> (CalendarSubscription, Outcome) {
        let address = try FeedAddress.normalized(text)
        var subscription = CalendarSubscription(
            calendarIdentifier: Identifiers.make(), url: address.absoluteString, username: username, passwordCommand: passwordCommand,
            passwordFile: passwordFile, interval: interval ?? CalendarSubscription.defaultInterval, keepsAlarms: keepsAlarms)
        var fetcher = try Self.fetcher(for: subscription, timeout: timeout)
        let answer = Result { () throws(FeedFetcher.Failure) in try fetcher.fetch(address, entityTag: nil, lastModified: nil) }
        var feed: SubscribedFeed?
        if case .success(.fetched(let text, _, _, let movedTo)) = answer {
            feed = try? SubscribedFeed(text, keepsAlarms: keepsAlarms)
            if let movedTo { subscription.url = movedTo.absoluteString }
        }
        let named = title ?? feed?.title ?? address.host ?? "Subscription"
        let made = subscription
        try eventStore.write { store throws(StoreError) in
            _ = try store.addSubscription(made, title: named, entityType: feed?.entityType ?? .event, now: clock())
        }
        return (subscription, fetched(answer, subscription, state: SubscriptionState(), requests: fetcher.requestCount, read: feed))
    }

    private static func fetcher(for subscription: CalendarSubscription, timeout: TimeInterval) throws(FeedFetcher.Failure) -> FeedFetcher {
        guard let username = subscription.username else { return FeedFetcher(credentials: nil, timeout: timeout) }
        do {
            let password = try PasswordSource.password(
                for: SyncAccount(
                    name: "subscription", url: subscription.url, username: username, passwordCommand: subscription.passwordCommand,
                    passwordFile: subscription.passwordFile))
            return FeedFetcher(credentials: Credentials(username: username, password: password ?? ""), timeout: timeout)
        } catch {
            throw FeedFetcher.Failure("\(error)")
        }
    }

    /// What a fetch's answer does to the subscription's calendar and state, recorded; `read`: the
    /// answer's feed, when the caller read it already.
    private func fetched(
        _ result: Result<FeedFetcher.Answer, FeedFetcher.Failure>, _ subscription: CalendarSubscription, state initial: SubscriptionState,
        requests: Int, read: SubscribedFeed? = nil
    ) -> Outcome {
        let now = clock()
        let title =
            (try? eventStore.read { store throws(StoreError) in try store.calendar(identifier: subscription.calendarIdentifier) })??.title ?? ""
        var state = initial
        state.lastAttempt = now
        var outcome = Outcome(
            calendarIdentifier: subscription.calendarIdentifier, title: title, status: .ok, message: "", changes: nil, requests: requests,
            nextRefresh: nil)
        let answer: FeedFetcher.Answer
        switch result {
        case .success(let value): answer = value
        case .failure(let error): return failed(subscription, &state, &outcome, because: error.description, now: now)
        }
        var changed = subscription
        // It answers again: a subscription stopped by a 410 and refreshed by hand is refreshed again.
        changed.stopped = nil
        switch answer {
        case .gone:
            changed.stopped = "the server answered 410 Gone on \(now.rfc3339): the publisher took the feed down"
            do { try eventStore.write { store throws(StoreError) in try store.updateSubscription(changed) } } catch {
                return failed(subscription, &state, &outcome, because: "\(error)", now: now)
            }
            state.lastResult = "stopped: " + (changed.stopped ?? "")
            state.nextRefresh = nil
            record(state, subscription)
            outcome.status = .stopped
            outcome.message = changed.stopped ?? ""
            return outcome
        case .notModified(let movedTo):
            if let movedTo { changed.url = movedTo.absoluteString }
            if changed != subscription {
                do { try eventStore.write { store throws(StoreError) in try store.updateSubscription(changed) } } catch {
                    return failed(subscription, &state, &outcome, because: "\(error)", now: now)
                }
            }
            outcome.status = .notModified
            outcome.message = "not modified" + (movedTo != nil ? "; the feed moved for good, and its new address is kept" : "")
        case .fetched(let text, let entityTag, let lastModified, let movedTo):
            let feed: SubscribedFeed
            do throws(ICalendarError) {
                if let read { feed = read } else { feed = try SubscribedFeed(text, keepsAlarms: subscription.keepsAlarms) }
            } catch {
                return failed(
                    subscription, &state, &outcome, because: "the feed is no iCalendar (\(error.message)); the last good copy is kept", now: now)
            }
            if let movedTo { changed.url = movedTo.absoluteString }
            changed.feedInterval = feed.refreshInterval
            do {
                outcome.changes = try eventStore.write { store throws(StoreError) in
                    let changes = try FeedReplacement(eventStore: eventStore, now: now).apply(feed, into: subscription.calendarIdentifier)
                    if changed != subscription { try store.updateSubscription(changed) }
                    return changes
                }
            } catch {
                return failed(
                    subscription, &state, &outcome, because: "the feed could not be stored (\(error)); the last good copy is kept", now: now)
            }
            (state.entityTag, state.lastModified) = (entityTag, lastModified)
            let changes = outcome.changes ?? FeedChanges()
            outcome.message =
                "\(changes.added) added, \(changes.changed) changed, \(changes.removed) removed, \(changes.unchanged) unchanged"
                + (changes.skipped.isEmpty ? "" : ", \(changes.skipped.count) skipped")
                + changes.notes.filter { $0.uid == nil }.map { "; " + $0.message }.joined()
                + (feed.droppedAlarms > 0 ? ", \(feed.droppedAlarms) alarm\(feed.droppedAlarms == 1 ? "" : "s") of the publisher left out" : "")
                + (movedTo != nil ? "; the feed moved for good, and its new address is kept" : "")
        }
        state.failures = 0
        state.lastSuccess = now
        state.lastResult = outcome.status == .ok ? "ok: " + outcome.message : outcome.message
        state.nextRefresh = now.advanced(by: Int64(changed.effectiveInterval) * 1000)
        outcome.nextRefresh = state.nextRefresh
        record(state, subscription)
        return outcome
    }

    private func failed(
        _ subscription: CalendarSubscription, _ state: inout SubscriptionState, _ outcome: inout Outcome, because why: String, now: Timestamp
    ) -> Outcome {
        state.failures += 1
        state.lastResult = "failed: " + why
        state.nextRefresh = now.advanced(
            by: Int64(CalendarSubscription.backoff(afterFailures: state.failures, interval: subscription.effectiveInterval)) * 1000)
        record(state, subscription)
        outcome.status = .failed
        outcome.message = why
        outcome.nextRefresh = state.nextRefresh
        return outcome
    }

    private func record(_ state: SubscriptionState, _ subscription: CalendarSubscription) {
        let existing = Set(((try? eventStore.read { store throws(StoreError) in try store.subscriptions() }) ?? []).map(\.calendarIdentifier))
        SubscriptionStatus.record(state, calendar: subscription.calendarIdentifier, keeping: existing, store: storePath)
    }
}
