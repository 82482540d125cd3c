import Foundation

/// `TimeZone(identifier:)` reads tzdata from disk on Linux; calendars name few zones, so keep them.
public enum TimeZoneCache {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var zones: [String: TimeZone] = [:]

    public static func zone(_ identifier: String) -> TimeZone? {
        lock.lock(); defer { lock.unlock() }
        if let zone = zones[identifier] { return zone }
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        zones[identifier] = zone
        return zone
    }
}
