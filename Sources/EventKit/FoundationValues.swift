import RemindersCivilTime
import Foundation
import RemindersModel

/// EventKit's Foundation values as the model's and back: a `Date` is an instant (milliseconds),
/// `DateComponents` are `ItemDateComponents` — a day alone is all day, no zone floating.
enum FoundationValues {
    static func timestamp(_ date: Date) -> Timestamp { Timestamp(milliseconds: Int64((date.timeIntervalSince1970 * 1000).rounded())) }

    static func date(_ timestamp: Timestamp) -> Date { Date(timeIntervalSince1970: Double(timestamp.milliseconds) / 1000) }

    /// Components given as a date (year…) are taken as they are; without a year, from the date they make.
    static func components(_ components: DateComponents) -> ItemDateComponents {
        let calendar = GregorianCalendars.gregorian(in: components.timeZone)
        var parts = components
        if parts.year == nil || parts.month == nil || parts.day == nil, let date = calendar.date(from: components) {
            parts = calendar.dateComponents(in: calendar.timeZone, from: date)
            if components.hour == nil { (parts.hour, parts.minute, parts.second) = (nil, nil, nil) }
            parts.timeZone = components.timeZone
        }
        var item = ItemDateComponents(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
        if let hour = parts.hour {
            (item.hour, item.minute) = (hour, parts.minute ?? 0)
            if let second = parts.second, second != 0 { item.second = second }
            item.timeZone = parts.timeZone?.identifier
        }
        return item
    }

    static func dateComponents(_ item: ItemDateComponents) -> DateComponents {
        var components = DateComponents()
        (components.year, components.month, components.day) = (item.year, item.month, item.day)
        if let hour = item.hour {
            components.hour = hour
            components.minute = item.minute ?? 0
            components.second = item.second
        }
        if let zone = item.timeZone { components.timeZone = TimeZoneCache.zone(zone) }
        components.calendar = GregorianCalendars.gregorian(in: components.timeZone)
        return components
    }
}
