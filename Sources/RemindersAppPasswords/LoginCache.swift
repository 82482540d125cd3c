import Foundation
import Synchronization

/// Logins verified a moment ago, so that a client that sends its password with every request
/// (every CalDAV client does) pays the slow hash once a minute, not per request — Radicale's
/// login cache. An entry holds for the stored hash it was checked against: a new password (or a
/// removed app) misses. Held in memory only, for `lifetime`, at most `capacity` of them.
public final class LoginCache: Sendable {
    private struct Entry {
        var storedHash: String
        var password: [UInt8]
        var until: Date
    }

    private let entries = Mutex<[String: Entry]>([:])
    private let lifetime: TimeInterval
    private let capacity: Int

    public init(lifetime: TimeInterval = 60, capacity: Int = 64) {
        (self.lifetime, self.capacity) = (lifetime, capacity)
    }

    /// Whether `password` was verified for `user` against `storedHash` within the lifetime.
    public func holds(user: String, password: String, storedHash: String, now: Date = Date()) -> Bool {
        entries.withLock { entries in
            guard let entry = entries[user], entry.storedHash == storedHash, entry.until > now else { return false }
            return equalInConstantTime(Array(password.utf8), entry.password)
        }
    }

    public func remember(user: String, password: String, storedHash: String, now: Date = Date()) {
        entries.withLock { entries in
            if entries.count >= capacity { entries = entries.filter { $0.value.until > now } }
            if entries.count >= capacity { entries.removeAll() }
            entries[user] = Entry(storedHash: storedHash, password: Array(password.utf8), until: now.addingTimeInterval(lifetime))
        }
    }

    public func forget(user: String) { _ = entries.withLock { $0.removeValue(forKey: user) } }
}
