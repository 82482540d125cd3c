import RemindersConcurrency
import Foundation
import Synchronization

/// Commits to one store, by anyone — this process or another — told to whoever in this process
/// subscribed: one thread per store looks at `PRAGMA data_version` (cheap: no table is read) as
/// often as its most eager subscriber asks, while anyone listens, and calls each subscriber on a
/// commit. The server's change notifications, MCP's resource subscriptions, the alarm agent and
/// its sync scheduler all listen here instead of polling on their own.
///
/// A store that cannot be opened yet (MCP may start before the first write makes it) is looked
/// for again at each look. Subscribers are called on the feed's thread, one after another: each
/// does little there (sets a flag, signals its own thread, sends a line).
public final class StoreChangeFeed: Sendable {
    public let path: String
    private let state = Mutex(State())

    private struct State {
        var subscribers: [Int: Subscriber] = [:]
        var nextToken = 0
        var running = false
    }

    private struct Subscriber {
        var interval: TimeInterval
        var onCommit: @Sendable () -> Void
    }

    /// One feed per store path in this process.
    private static let feeds = Mutex<[String: StoreChangeFeed]>([:])

    public static func feed(for path: String) -> StoreChangeFeed {
        feeds.withLock { feeds in
            if let feed = feeds[path] { return feed }
            let feed = StoreChangeFeed(path: path)
            feeds[path] = feed
            return feed
        }
    }

    private init(path: String) { self.path = path }

    /// Calls `onCommit` after each commit to the store, seen within `interval`, until the
    /// subscription is cancelled (or goes away).
    public func subscribe(every interval: TimeInterval, _ onCommit: @escaping @Sendable () -> Void) -> Subscription {
        let (token, start) = state.withLock { state -> (Int, Bool) in
            defer { state.nextToken += 1 }
            state.subscribers[state.nextToken] = Subscriber(interval: interval, onCommit: onCommit)
            let start = !state.running
            state.running = true
            return (state.nextToken, start)
        }
        if start {
            // Opened here, before the subscriber goes on: a commit made after `subscribe` returns is one it hears of.
            let observer = HandOff(try? StoreObserver(path: path))
            let thread = Thread { [self] in watch(observer.take() ?? nil) }
            thread.name = "remindersd.store-feed"
            thread.start()
        }
        return Subscription { [weak self] in self?.cancel(token) }
    }

    private func cancel(_ token: Int) {
        _ = state.withLock { $0.subscribers.removeValue(forKey: token) }
    }

    /// Looks while anyone listens; the thread ends with the last subscription (a new one starts another).
    private func watch(_ opened: StoreObserver?) {
        var observer = opened
        while true {
            let listening: [Subscriber]? = state.withLock { state in
                guard !state.subscribers.isEmpty else {
                    state.running = false
                    return nil
                }
                return state.subscribers.sorted { $0.key < $1.key }.map(\.value)
            }
            guard let listening else { return }
            // A store that cannot be opened yet (the first write makes it) is looked for again.
            if observer == nil { observer = try? StoreObserver(path: path) }
            if let looking = observer {
                do {
                    if try looking.hasChanged() { for subscriber in listening { subscriber.onCommit() } }
                } catch {
                    // A look that failed may have missed a commit: every subscriber looks for itself
                    // (and meets the error, if it lasts), and the connection is opened afresh.
                    observer = nil
                    for subscriber in listening { subscriber.onCommit() }
                }
            }
            Thread.sleep(forTimeInterval: listening.map(\.interval).min() ?? 0.25)
        }
    }

    /// A subscriber's hold on the feed: cancelled explicitly, or when it goes away.
    public final class Subscription: Sendable {
        private let cancelling: Mutex<(@Sendable () -> Void)?>

        init(_ cancel: @escaping @Sendable () -> Void) { cancelling = Mutex(cancel) }

        public func cancel() {
            let cancel = cancelling.withLock { cancelling in
                defer { cancelling = nil }
                return cancelling
            }
            cancel?()
        }

        deinit { cancel() }
    }
}
