import Foundation
import JSONRPC
import RemindersStore

/// Resource subscriptions: `resources/subscribe` (the handshake revisions) and
/// `subscriptions/listen` (the stateless one, each stream known by its request's id). A commit to
/// the store by anyone — this process or another — tells every subscriber of every resource it
/// subscribed to, within half a second: a resource that did not change may be told of too, one
/// that changed never goes untold. Commits come from the store's change feed, which looks for the
/// store again while it cannot be opened (the first write makes it).
final class SubscriptionWatcher: @unchecked Sendable {  // its state is guarded by `lock`
    private let storePath: String
    private let output: OutputChannel
    private let lock = NSLock()
    private var subscribed = Set<String>()
    private var streams: [(id: JSONValue, uris: [String])] = []
    private var subscription: StoreChangeFeed.Subscription?

    init(storePath: String, output: OutputChannel) {
        self.storePath = storePath
        self.output = output
    }

    func start() {
        let subscription = StoreChangeFeed.feed(for: storePath).subscribe(every: 0.25) { [weak self] in self?.tell() }
        lock.withLock { self.subscription = subscription }
    }

    func stop() {
        lock.withLock { subscription }?.cancel()
    }

    func subscribe(_ uri: String) { lock.withLock { _ = subscribed.insert(uri) } }
    func unsubscribe(_ uri: String) { lock.withLock { _ = subscribed.remove(uri) } }

    /// Opens a stream: acknowledged at once, told of changes until cancelled.
    func listen(id: JSONValue, uris: [String]) {
        lock.withLock { streams.append((id, uris)) }
        output.notify(
            "notifications/subscriptions/acknowledged",
            [
                "_meta": .object(JSONObject([.init(key: Meta.subscriptionId, value: id)])),
                "notifications": ["resourceSubscriptions": .array(uris.map(JSONValue.string))],
            ])
    }

    func endListening(id: JSONValue) { lock.withLock { streams.removeAll { $0.id == id } } }

    private func tell() {
        let (uris, streams) = lock.withLock { (subscribed.sorted(), self.streams) }
        for uri in uris { output.notify("notifications/resources/updated", ["uri": .string(uri)]) }
        for stream in streams {
            for uri in stream.uris {
                output.notify(
                    "notifications/resources/updated",
                    ["uri": .string(uri), "_meta": .object(JSONObject([.init(key: Meta.subscriptionId, value: stream.id)]))])
            }
        }
    }
}
