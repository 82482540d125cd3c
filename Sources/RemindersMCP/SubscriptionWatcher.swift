import Foundation
import RemindersJSONRPC
import RemindersStore
import Synchronization

/// Resource subscriptions: `resources/subscribe` (the handshake revisions) and
/// `subscriptions/listen` (the stateless one, each stream known by its request's id). A commit to
/// the store by anyone — this process or another — tells the subscribers of the resources it
/// changed, within half a second: a list's when the history has a change of it or an item in it,
/// the lists' when a list the subscriber sees changed; when the history cannot say (trimmed past
/// the last look, or unreadable), every one. A resource that changed never goes untold, and a
/// client granted chosen lists is never told of a change outside them. Commits come from the store's change
/// feed, which looks for the store again while it cannot be opened (the first write makes it).
final class SubscriptionWatcher: Sendable {
    private let storePath: String
    /// The program `remindersd mcp` runs for, whose grants its clients have.
    private let program: String
    private let output: OutputChannel

    /// Who listens: each subscribed URI with the clients that subscribed to it, the streams, and
    /// the feed's subscription.
    private struct Listeners {
        var subscribed: [String: Set<String>] = [:]
        var streams: [(id: JSONValue, uris: [String], client: String)] = []
        var subscription: StoreChangeFeed.Subscription?
    }
    private let listeners = Mutex(Listeners())

    /// The history, and how far it was looked at: used on the feed's thread (and by `start`
    /// before it subscribes), so its lock is never contended.
    private struct Look {
        var observer: StoreObserver?
        var watermark: Int64?
    }
    private let look = Mutex(Look())

    init(storePath: String, program: String, output: OutputChannel) {
        self.storePath = storePath
        self.program = program
        self.output = output
    }

    func start() {
        // What the history holds now was made before anyone subscribed.
        look.withLock { look in
            look.observer = try? StoreObserver(path: storePath)
            look.watermark = look.observer?.newestChange()
        }
        let subscription = StoreChangeFeed.feed(for: storePath).subscribe(every: 0.25) { [weak self] in self?.tell() }
        listeners.withLock { $0.subscription = subscription }
    }

    func stop() {
        listeners.withLock { $0.subscription }?.cancel()
    }

    func subscribe(_ uri: String, client: String) { listeners.withLock { _ = $0.subscribed[uri, default: []].insert(client) } }
    func unsubscribe(_ uri: String) { listeners.withLock { _ = $0.subscribed.removeValue(forKey: uri) } }

    /// Opens a stream: acknowledged at once, told of changes until cancelled.
    func listen(id: JSONValue, uris: [String], client: String) {
        listeners.withLock { $0.streams.append((id, uris, client)) }
        output.notify(
            "notifications/subscriptions/acknowledged",
            [
                "_meta": .object(JSONObject([.init(key: Meta.subscriptionId, value: id)])),
                "notifications": ["resourceSubscriptions": .array(uris.map(JSONValue.string))],
            ])
    }

    func endListening(id: JSONValue) { listeners.withLock { $0.streams.removeAll { $0.id == id } } }

    /// What the commits since the last look changed; nil: any may have (tell them all).
    private func changedResources(_ look: inout Look) -> (lists: Set<String>, calendars: Set<String>)? {
        if look.observer == nil { look.observer = try? StoreObserver(path: storePath) }
        guard let observer = look.observer else { return nil }
        guard let mark = look.watermark else {
            look.watermark = observer.newestChange()
            return nil
        }
        guard let changed = observer.changedCalendars(after: mark) else {
            look.watermark = observer.newestChange()
            return nil
        }
        look.watermark = changed.newest
        return (changed.lists, changed.calendars)
    }

    /// Whether `uri`, subscribed by `clients`, changed for one of them that may still read it: one
    /// list's when it or an item in it did; the lists' when a list that client sees did.
    private func changed(
        _ uri: String, for clients: Set<String>, _ changed: (lists: Set<String>, calendars: Set<String>)?, observer: StoreObserver?
    ) -> Bool {
        // The grant as it is now, not as it was when the client subscribed: the owner may have
        // narrowed or withdrawn it since. Nothing is told while it cannot be read.
        guard let observer else { return false }
        return clients.contains { client in
            guard observer.authorizationStatus(client: client, program: program, entityType: .reminder) == .fullAccess else { return false }
            let scope = observer.scopes(client: client, program: program)[.reminder]
            guard uri == Resources.lists else {
                let list = String(uri.dropFirst(Resources.listPrefix.count))
                return (scope.map { $0.contains(list) } ?? true) && (changed.map { $0.calendars.contains(list) } ?? true)
            }
            guard let changed else { return true }
            return scope.map { !$0.isDisjoint(with: changed.lists) } ?? !changed.lists.isEmpty
        }
    }

    private func tell() {
        look.withLock { look in
            let found = changedResources(&look)
            let observer = look.observer
            let (uris, streams) = listeners.withLock { ($0.subscribed.sorted { $0.key < $1.key }, $0.streams) }
            for (uri, clients) in uris where changed(uri, for: clients, found, observer: observer) {
                output.notify("notifications/resources/updated", ["uri": .string(uri)])
            }
            for stream in streams {
                for uri in stream.uris where changed(uri, for: [stream.client], found, observer: observer) {
                    output.notify(
                        "notifications/resources/updated",
                        ["uri": .string(uri), "_meta": .object(JSONObject([.init(key: Meta.subscriptionId, value: stream.id)]))])
                }
            }
        }
    }
}
