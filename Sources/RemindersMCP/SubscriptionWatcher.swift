import Foundation
import JSONRPC
import RemindersStore

/// Resource subscriptions: `resources/subscribe` (the handshake revisions) and
/// `subscriptions/listen` (the stateless one, each stream known by its request's id). A commit to
/// the store by anyone — this process or another — tells the subscribers of the resources it
/// changed, within half a second: a list's when the history has a change of it or an item in it,
/// the lists' when a list changed; when the history cannot say (trimmed past the last look, or
/// unreadable), every one. A resource that changed never goes untold, and one in a list the
/// client cannot see is never told of another's change. Commits come from the store's change
/// feed, which looks for the store again while it cannot be opened (the first write makes it).
final class SubscriptionWatcher: @unchecked Sendable {  // its state is guarded by `lock`
    private let storePath: String
    private let output: OutputChannel
    private let lock = NSLock()
    private var subscribed = Set<String>()
    private var streams: [(id: JSONValue, uris: [String])] = []
    private var subscription: StoreChangeFeed.Subscription?
    /// Read on the feed's thread only: the history, and how far it was looked at.
    private var observer: StoreObserver?
    private var watermark: Int64?

    init(storePath: String, output: OutputChannel) {
        self.storePath = storePath
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

    /// The resources the commits since the last look changed; nil: any may have (tell them all).
    private func changedResources() -> Set<String>? {
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
        var uris = Set(changed.calendars.map { Resources.listPrefix + $0 })
        if changed.calendarsChanged { uris.insert(Resources.lists) }
        return uris
    }

    private func tell() {
        let changed = changedResources()
        let (uris, streams) = lock.withLock { (subscribed.sorted(), self.streams) }
        for uri in uris where changed?.contains(uri) ?? true { output.notify("notifications/resources/updated", ["uri": .string(uri)]) }
        for stream in streams {
            for uri in stream.uris where changed?.contains(uri) ?? true {
                output.notify(
                    "notifications/resources/updated",
                    ["uri": .string(uri), "_meta": .object(JSONObject([.init(key: Meta.subscriptionId, value: stream.id)]))])
            }
        }
    }
}
