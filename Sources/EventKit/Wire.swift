import RemindersCivilTime
import Foundation
import RemindersJSONRPC
import RemindersModel

/// How EventKit's values travel to remindersd and back: instants as RFC 3339 text (milliseconds,
/// UTC), date components as `{year, month, day, hour?, minute?, second?, timeZone?}`.
enum Wire {
    static func instant(_ date: Date) -> JSONValue {
        .string(Timestamp(milliseconds: Int64((date.timeIntervalSince1970 * 1000).rounded())).rfc3339)
    }

    static func date(_ value: JSONValue?) -> Date? {
        guard let text = value?.stringValue, let instant = Timestamp(rfc3339: text) else { return nil }
        return Date(timeIntervalSince1970: Double(instant.milliseconds) / 1000)
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
        var object: JSONObject = [
            "year": .integer(Int64(parts.year ?? 1970)), "month": .integer(Int64(parts.month ?? 1)), "day": .integer(Int64(parts.day ?? 1)),
        ]
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
            let day = value["day"]?.integerValue
        else { return nil }
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
