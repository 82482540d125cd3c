import Foundation
import JSONRPC
import RemindersStore

/// Resource subscriptions: `resources/subscribe` (the handshake revisions) and
/// `subscriptions/listen` (the stateless one, each stream known by its request's id). A commit to
/// the store by anyone — this process or another — tells every subscriber of every resource it
/// subscribed to, within half a second: a resource that did not change may be told of too, one
/// that changed never goes untold.
final class SubscriptionWatcher: @unchecked Sendable {  // its state is guarded by `lock` (an NSCondition: the watch thread waits on it)
    private let storePath: String
    private let output: OutputChannel
    private let lock = NSCondition()
    private var subscribed = Set<String>()
    private var streams: [(id: JSONValue, uris: [String])] = []
    private var stopping = false
    private var thread: Thread?

    init(storePath: String, output: OutputChannel) {
        self.storePath = storePath
        self.output = output
    }

    func start() {
        let thread = Thread { [self] in watch() }
        thread.name = "remindersd.mcp.watcher"
        self.thread = thread
        thread.start()
    }

    func stop() {
        lock.withLock { stopping = true; lock.broadcast() }
    }

    func subscribe(_ uri: String) { lock.withLock { _ = subscribed.insert(uri) } }
    func unsubscribe(_ uri: String) { lock.withLock { _ = subscribed.remove(uri) } }

    /// Opens a stream: acknowledged at once, told of changes until cancelled.
    func listen(id: JSONValue, uris: [String]) {
        lock.withLock { streams.append((id, uris)) }
        output.notify("notifications/subscriptions/acknowledged",
                      ["_meta": .object(JSONObject([.init(key: Meta.subscriptionId, value: id)])), "notifications": ["resourceSubscriptions": .array(uris.map(JSONValue.string))]])
    }

    func endListening(id: JSONValue) { lock.withLock { streams.removeAll { $0.id == id } } }

    private func watch() {
        // A store that cannot be opened (yet) is looked for again: the first write makes it.
        var observer: StoreObserver?
        while !lock.withLock({ stopping }) {
            if observer == nil { observer = try? StoreObserver(path: storePath) }
            if let observer, observer.hasChanged() { tell() }
            lock.withLock { _ = stopping || lock.wait(until: Date().addingTimeInterval(0.25)) }
        }
    }

    private func tell() {
        let (uris, streams) = lock.withLock { (subscribed.sorted(), self.streams) }
        for uri in uris { output.notify("notifications/resources/updated", ["uri": .string(uri)]) }
        for stream in streams {
            for uri in stream.uris {
                output.notify("notifications/resources/updated", ["uri": .string(uri), "_meta": .object(JSONObject([.init(key: Meta.subscriptionId, value: stream.id)]))])
            }
        }
    }
}
