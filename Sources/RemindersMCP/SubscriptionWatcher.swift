import Foundation
import RemindersJSONRPC
import RemindersLogging
import RemindersStore
import Synchronization

/// Resource subscriptions: `resources/subscribe` (the handshake revisions) and
/// `subscriptions/listen` (the stateless one, each stream known by its request's id). A commit to
/// the store by anyone — this process or another — tells the subscribers of the resources it
/// changed, within half a second: a list's when the history has a change of it or an item in it,
/// the lists' when a list the subscriber sees changed; when the history cannot say (trimmed past
/// the last look, or unreadable), every one. A resource that changed never goes untold, and a
/// client is told only of what it may read as its grant is at the time of the change: one whose
/// grant was narrowed or withdrawn after it subscribed hears nothing of what it lost (nothing at
/// all while the grants cannot be read). A read that fails is logged with how many have failed so
/// far. Commits come from the store's change feed, which looks for the store again while it cannot
/// be opened (the first write makes it).
final class SubscriptionWatcher: Sendable {
    private let storePath: String
    /// The program `remindersd mcp` runs for, whose grants its clients have.
    private let program: String
    private let output: OutputChannel
    private let log: Log

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
        var failedReads = 0
    }
    private let look = Mutex(Look())

    init(storePath: String, program: String, output: OutputChannel, log: Log) {
        self.storePath = storePath
        self.program = program
        self.output = output
        self.log = log
    }

    func start() {
        // What the history holds now was made before anyone subscribed.
        look.withLock { look in
            // A store not made yet is looked for again at the first commit (which makes it).
            look.observer = try? StoreObserver(path: storePath)
            if let observer = look.observer { look.watermark = read(&look) { () throws(StoreError) in try observer.newestChange() } }
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
            look.watermark = read(&look) { () throws(StoreError) in try observer.newestChange() }
            return nil
        }
        guard let changed = read(&look, { () throws(StoreError) in try observer.changedCalendars(after: mark) }) ?? nil else {
            look.watermark = read(&look) { () throws(StoreError) in try observer.newestChange() }
            return nil
        }
        look.watermark = changed.newest
        return (changed.lists, changed.calendars)
    }

    /// A read of the store, or nil when it failed — logged, and counted.
    private func read<T>(_ look: inout Look, _ body: () throws(StoreError) -> T) -> T? {
        do { return try body() } catch {
            look.failedReads += 1
            log.warning("cannot read the store for resource subscriptions (\(look.failedReads) failed reads so far): \(error)")
            return nil
        }
    }

    /// Whether `uri`, subscribed by `clients`, changed for one of them that may still read it: one
    /// list's when it or an item in it did; the lists' when a list that client sees did.
    private func changed(
        _ uri: String, for clients: Set<String>, _ changed: (lists: Set<String>, calendars: Set<String>)?, _ look: inout Look
    ) -> Bool {
        // The grant as it is now, not as it was when the client subscribed: the owner may have
        // narrowed or withdrawn it since. Nothing is told while it cannot be read.
        guard let observer = look.observer else { return false }
        for client in clients {
            let grant = read(&look) { () throws(StoreError) in
                (
                    try observer.authorizationStatus(client: client, program: program, entityType: .reminder),
                    try observer.scopes(client: client, program: program)[.reminder]
                )
            }
            guard let (status, scope) = grant, status == .fullAccess else { continue }
            let told: Bool
            if uri == Resources.lists {
                told = changed.map { changed in scope.map { !$0.isDisjoint(with: changed.lists) } ?? !changed.lists.isEmpty } ?? true
            } else {
                let list = String(uri.dropFirst(Resources.listPrefix.count))
                told = (scope.map { $0.contains(list) } ?? true) && (changed.map { $0.calendars.contains(list) } ?? true)
            }
            if told { return true }
        }
        return false
    }

    private func tell() {
        look.withLock { look in
            let found = changedResources(&look)
            let (uris, streams) = listeners.withLock { ($0.subscribed.sorted { $0.key < $1.key }, $0.streams) }
            for (uri, clients) in uris where changed(uri, for: clients, found, &look) {
                output.notify("notifications/resources/updated", ["uri": .string(uri)])
            }
            for stream in streams {
                for uri in stream.uris where changed(uri, for: [stream.client], found, &look) {
                    output.notify(
                        "notifications/resources/updated",
                        ["uri": .string(uri), "_meta": .object(JSONObject([.init(key: Meta.subscriptionId, value: stream.id)]))])
                }
            }
        }
    }
}
