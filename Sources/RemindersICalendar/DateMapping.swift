import Foundation
import RemindersICalendarFormat
import RemindersModel

/// DTSTART and DUE ↔ date components; instants (COMPLETED, CREATED, alarm dates) ↔ UTC DATE-TIMEs.
enum DateMapping {
    /// No hour ↔ DATE; no zone ↔ floating; "UTC" ↔ `Z`; any other zone ↔ TZID. A TZID no system
    /// zone stands for is placed by its VTIMEZONE and kept in UTC; without one, the time floats.
    static func components(_ value: DateTimeValue, resolver: TimeZoneResolver) -> ItemDateComponents {
        guard let time = value.time else { return ItemDateComponents(year: value.year, month: value.month, day: value.day) }
        var components = ItemDateComponents(
            year: value.year, month: value.month, day: value.day, hour: time.hour,
            minute: time.minute, second: time.second == 0 ? nil : time.second)
        switch value.zone {
        case .floating:
            break
        case .utc:
            components.timeZone = "UTC"
        case .named(let tzid):
            if let zone = resolver.timeZone(for: tzid) {
                components.timeZone = zone.identifier
            } else if let offset = resolver.offset(for: tzid, atLocal: Int(components.wallClockSeconds)) {
                var utc = ItemDateComponents.wallClock(
                    of: Timestamp(seconds: components.wallClockSeconds - Int64(offset)),
                    in: utcZone)
                if utc.second == 0 { utc.second = nil }
                utc.timeZone = "UTC"
                components = utc
            }
        }
        return components
    }

    static func value(_ components: ItemDateComponents) -> DateTimeValue {
        guard let hour = components.hour else { return DateTimeValue(year: components.year, month: components.month, day: components.day) }
        let time = DateTimeValue.Time(hour: hour, minute: components.minute ?? 0, second: components.second ?? 0)
        let zone: DateTimeValue.Zone
        switch components.timeZone {
        case nil: zone = .floating
        case "UTC"?, "GMT"?, "Etc/UTC"?, "Etc/GMT"?: zone = .utc
        case let name?: zone = .named(name)
        }
        return DateTimeValue(year: components.year, month: components.month, day: components.day, time: time, zone: zone)
    }

    /// The instant a DATE-TIME names; floating ones and DATEs are read in UTC.
    static func instant(_ value: DateTimeValue, resolver: TimeZoneResolver) -> Timestamp {
        components(value, resolver: resolver).instant(in: utcZone)
    }

    static let utcZone = TimeZone(identifier: "UTC")!

    static func instant(of property: Property?, resolver: TimeZoneResolver) -> Timestamp? {
        guard let property, let value = try? DateTimeValue(property) else { return nil }
        return instant(value, resolver: resolver)
    }

    /// `YYYYMMDDTHHMMSSZ`, to the second (iCalendar has no fractions).
    static func utc(_ instant: Timestamp) -> DateTimeValue {
        let wall = ItemDateComponents.wallClock(of: instant, in: utcZone)
        return DateTimeValue(
            year: wall.year, month: wall.month, day: wall.day,
            time: .init(hour: wall.hour ?? 0, minute: wall.minute ?? 0, second: wall.second ?? 0), zone: .utc)
    }
}
