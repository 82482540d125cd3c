import Foundation
import Synchronization

/// `TimeZone(identifier:)` reads tzdata from disk on Linux; calendars name few zones, so keep them.
public enum TimeZoneCache {
    private static let zones = Mutex<[String: TimeZone]>([:])

    public static func zone(_ identifier: String) -> TimeZone? {
        zones.withLock { zones in
            if let zone = zones[identifier] { return zone }
            guard let zone = TimeZone(identifier: identifier) else { return nil }
            zones[identifier] = zone
            return zone
        }
    }
}
