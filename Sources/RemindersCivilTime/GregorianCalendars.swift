import Foundation
import Synchronization

/// Gregorian calendars, made once for each zone: making a `Calendar` on Linux reads the zone
/// database, and a fetch of a thousand reminders would make a thousand. (Zones themselves come
/// from `TimeZoneCache`.)
public enum GregorianCalendars {
    private static let calendars = Mutex<[String: Calendar]>([:])

    /// This machine's zone's, made once: `TimeZone.current` itself is not free.
    private static let local: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        return calendar
    }()

    /// A Gregorian calendar in `zone` (nil: this machine's).
    public static func gregorian(in zone: TimeZone?) -> Calendar {
        guard let zone else { return local }
        return calendars.withLock { calendars in
            if let calendar = calendars[zone.identifier] { return calendar }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            calendars[zone.identifier] = calendar
            return calendar
        }
    }
}
