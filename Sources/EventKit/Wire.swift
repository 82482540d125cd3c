import Foundation
import JSONRPC
import RemindersModel

/// How EventKit's values travel to remindersd and back: instants as RFC 3339 text (milliseconds,
/// UTC), date components as `{year, month, day, hour?, minute?, second?, timeZone?}`.
enum Wire {
    static func instant(_ date: Date) -> JSONValue {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = civil(days: Int(days))
        return .string(String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", year, month, day, secondOfDay / 3600, secondOfDay / 60 % 60,
                              secondOfDay % 60, Int(milliseconds - seconds * 1000)))
    }

    /// The date `days` after 1970-01-01 (proleptic Gregorian).
    private static func civil(days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, dayOfYear - (153 * mp + 2) / 5 + 1)
    }

    static func date(_ value: JSONValue?) -> Date? {
        guard let text = value?.stringValue else { return nil }
        return parse(text)
    }

    private static func parse(_ text: String) -> Date? {
        // 2026-12-01T09:00:00.000Z (the server always writes this form).
        let bytes = Array(text.utf8)
        guard bytes.count >= 20 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
              let minute = number(14..<16), let second = number(17..<19) else { return nil }
        var milliseconds = 0
        if bytes.count >= 24, bytes[19] == UInt8(ascii: "."), let fraction = number(20..<23) { milliseconds = fraction }
        let days = daysSince1970(year: year, month: month, day: day)
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second) + Double(milliseconds) / 1000
        return Date(timeIntervalSince1970: seconds)
    }

    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
    }

    /// Date components as remindersd keeps them: a day alone is all day; no zone, floating.
    static func components(_ components: DateComponents?) -> JSONValue {
        guard let components else { return .null }
        let calendar = GregorianCalendars.gregorian(in: components.timeZone)
        // Components given as a date (year…) are taken as they are; without a year, from the date they make.
        var parts = components
        if parts.year == nil || parts.month == nil || parts.day == nil, let date = calendar.date(from: components) {
            parts = calendar.dateComponents(in: calendar.timeZone, from: date)
            if components.hour == nil { (parts.hour, parts.minute, parts.second) = (nil, nil, nil) }
            parts.timeZone = components.timeZone
        }
        var object: JSONObject = ["year": .integer(Int64(parts.year ?? 1970)), "month": .integer(Int64(parts.month ?? 1)), "day": .integer(Int64(parts.day ?? 1))]
        if let hour = parts.hour {
            object["hour"] = .integer(Int64(hour))
            object["minute"] = .integer(Int64(parts.minute ?? 0))
            if let second = parts.second, second != 0 { object["second"] = .integer(Int64(second)) }
            if let zone = parts.timeZone { object["timeZone"] = .string(zone.identifier) }
        }
        return .object(object)
    }

    static func components(_ value: JSONValue?) -> DateComponents? {
        guard let value, let year = value["year"]?.integerValue, let month = value["month"]?.integerValue,
              let day = value["day"]?.integerValue else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (Int(year), Int(month), Int(day))
        if let hour = value["hour"]?.integerValue {
            components.hour = Int(hour)
            components.minute = Int(value["minute"]?.integerValue ?? 0)
            components.second = value["second"]?.integerValue.map(Int.init)
        }
        if let zone = value["timeZone"]?.stringValue { components.timeZone = TimeZoneCache.zone(zone) }
        components.calendar = GregorianCalendars.gregorian(in: components.timeZone)
        return components
    }

    static func string(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
}

/// Gregorian calendars, made once for each zone: making a `Calendar` on Linux reads the zone
/// database, and a fetch of a thousand reminders would make a thousand. (Zones themselves come
/// from the model's `TimeZoneCache`.)
enum GregorianCalendars {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var calendars: [String: Calendar] = [:]

    /// This machine's zone's, made once: `TimeZone.current` itself is not free.
    private static let local: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        return calendar
    }()

    /// A Gregorian calendar in `zone` (nil: this machine's).
    static func gregorian(in zone: TimeZone?) -> Calendar {
        guard let zone else { return local }
        return lock.withLock {
            if let calendar = calendars[zone.identifier] { return calendar }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            calendars[zone.identifier] = calendar
            return calendar
        }
    }
}
