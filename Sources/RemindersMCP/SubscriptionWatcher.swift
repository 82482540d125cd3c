import Foundation
import JSONRPC
import RemindersStore

/// Resource subscriptions: `resources/subscribe` (the handshake revisions) and
/// `subscriptions/listen` (the stateless one, each stream known by its request's id). A commit to
/// the store by anyone — this process or another — tells the subscribers of the resources it
/// changed, within half a second: a list's when the history has a change of it or an item in it,
/// the lists' when a list the subscriber sees changed; when the history cannot say (trimmed past
/// the last look, or unreadable), every one. A resource that changed never goes untold, and a
/// client granted chosen lists is never told of a change outside them. Commits come from the store's change
/// feed, which looks for the store again while it cannot be opened (the first write makes it).
final class SubscriptionWatcher: @unchecked Sendable {  // its state is guarded by `lock`
    private let storePath: String
    /// The program `remindersd mcp` runs for, whose grants its clients have.
    private let program: String
    private let output: OutputChannel
    private let lock = NSLock()
    /// Each subscribed URI, with the clients that subscribed to it.
    private var subscribed: [String: Set<String>] = [:]
    private var streams: [(id: JSONValue, uris: [String], client: String)] = []
    private var subscription: StoreChangeFeed.Subscription?
    /// Read on the feed's thread only: the history, and how far it was looked at.
    private var observer: StoreObserver?
    private var watermark: Int64?

    init(storePath: String, program: String, output: OutputChannel) {
        self.storePath = storePath
        self.program = program
        self.output = output
    }

    func start() {
        // What the history holds now was made before anyone subscribed.
        observer = try? StoreObserver(path: storePath)
        watermark = observer?.newestChange()
        let subscription = StoreChangeFeed.feed(for: storePath).subscribe(every: 0.25) { [weak self] in self?.tell() }
        lock.withLock { self.subscription = subscription }
    }

    func stop() {
        lock.withLock { subscription }?.cancel()
    }

    func subscribe(_ uri: String, client: String) { lock.withLock { _ = subscribed[uri, default: []].insert(client) } }
    func unsubscribe(_ uri: String) { lock.withLock { _ = subscribed.removeValue(forKey: uri) } }

    /// Opens a stream: acknowledged at once, told of changes until cancelled.
    func listen(id: JSONValue, uris: [String], client: String) {
        lock.withLock { streams.append((id, uris, client)) }
        output.notify(
            "notifications/subscriptions/acknowledged",
            [
                "_meta": .object(JSONObject([.init(key: Meta.subscriptionId, value: id)])),
                "notifications": ["resourceSubscriptions": .array(uris.map(JSONValue.string))],
            ])
    }

    func endListening(id: JSONValue) { lock.withLock { streams.removeAll { $0.id == id } } }

    /// What the commits since the last look changed; nil: any may have (tell them all).
    private func changedResources() -> (lists: Set<String>, calendars: Set<String>)? {
        if observer == nil { observer = try? StoreObserver(path: storePath) }
        guard let observer else { return nil }
        guard let mark = watermark else {
            watermark = observer.newestChange()
            return nil
        }
        guard let changed = observer.changedCalendars(after: mark) else {
            watermark = observer.newestChange()
            return nil
        }
        watermark = changed.newest
        return (changed.lists, changed.calendars)
    }

    /// Whether `uri`, subscribed by `clients`, changed: one list's when it or an item in it did;
    /// the lists' when a list one of them sees did (a client granted chosen lists, one of those).
    private func changed(_ uri: String, for clients: Set<String>, _ changed: (lists: Set<String>, calendars: Set<String>)?) -> Bool {
        guard let changed else { return true }
        guard uri == Resources.lists else { return changed.calendars.contains(String(uri.dropFirst(Resources.listPrefix.count))) }
        guard !changed.lists.isEmpty, let observer else { return !changed.lists.isEmpty }
        return clients.contains { client in
            guard let scope = observer.scopes(client: client, program: program)[.reminder] else { return true }
            return !scope.isDisjoint(with: changed.lists)
        }
    }

    private func tell() {
        let found = changedResources()
        let (uris, streams) = lock.withLock { (subscribed.sorted { $0.key < $1.key }, self.streams) }
        for (uri, clients) in uris where changed(uri, for: clients, found) {
            output.notify("notifications/resources/updated", ["uri": .string(uri)])
        }
        for stream in streams {
            for uri in stream.uris where changed(uri, for: [stream.client], found) {
                output.notify(
                    "notifications/resources/updated",
                    ["uri": .string(uri), "_meta": .object(JSONObject([.init(key: Meta.subscriptionId, value: stream.id)]))])
            }
        }
    }
}
