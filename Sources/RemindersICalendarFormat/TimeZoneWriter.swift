import RemindersCivilTime
import Foundation

/// A VTIMEZONE for a zone of the system's database, covering the years a calendar needs.
///
/// Readers mostly go by the TZID (an IANA name), but RFC 5545 asks for the definition, and a
/// reader without the database (or with an older one) needs it. When the zone changes its
/// clocks by the same yearly rule throughout the years (the usual case), each observance is
/// written with that rule (`RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU`), which keeps holding for
/// the years after them too — recurring reminders go on; otherwise every change is written on
/// its own.
public enum TimeZoneWriter {
    public static func component(for zone: TimeZone, years: ClosedRange<Int>) -> Component {
        var component = Component("VTIMEZONE", properties: [Property("TZID", zone.identifier)])
        let start = Date(timeIntervalSince1970: Double(CivilDate.toDays(year: years.lowerBound, month: 1, day: 1)) * 86_400)
        let end = Date(timeIntervalSince1970: Double(CivilDate.toDays(year: years.upperBound + 1, month: 1, day: 1)) * 86_400)
        var changes: [Change] = []
        var cursor = start
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next < end, changes.count < 400 {
            let before = zone.secondsFromGMT(for: next.addingTimeInterval(-1)), after = zone.secondsFromGMT(for: next)
            changes.append(
                Change(
                    instant: next, offsetFrom: before, offsetTo: after, isDaylight: zone.isDaylightSavingTime(for: next),
                    name: zone.abbreviation(for: next)))
            cursor = next
        }
        guard !changes.isEmpty else {
            let offset = zone.secondsFromGMT(for: start)
            component.components.append(
                observance(
                    "STANDARD", start: "19700101T000000", from: offset, to: offset,
                    name: zone.abbreviation(for: start), rule: nil))
            return component
        }
        for kind in [false, true] {
            let ofKind = changes.filter { $0.isDaylight == kind }
            guard let first = ofKind.first else { continue }
            let name = kind ? "DAYLIGHT" : "STANDARD"
            if let rule = first.yearlyRule,
                ofKind.allSatisfy({
                    $0.yearlyRule == rule && $0.localTime == first.localTime
                        && $0.offsetFrom == first.offsetFrom && $0.offsetTo == first.offsetTo
                })
            {
                component.components.append(
                    observance(
                        name, start: first.localText, from: first.offsetFrom, to: first.offsetTo,
                        name: first.name, rule: rule))
            } else {
                for change in ofKind {
                    component.components.append(
                        observance(
                            name, start: change.localText, from: change.offsetFrom, to: change.offsetTo,
                            name: change.name, rule: nil))
                }
            }
        }
        return component
    }

    private static func observance(_ kind: String, start: String, from: Int, to: Int, name: String?, rule: String?) -> Component {
        var properties = [
            Property("DTSTART", start), Property("TZOFFSETFROM", UTCOffsetValue.text(from)),
            Property("TZOFFSETTO", UTCOffsetValue.text(to)),
        ]
        if let rule { properties.append(Property("RRULE", rule)) }
        // Foundation names zones it has no abbreviation for "GMT+1": no name is better than that one.
        if let name, !name.hasPrefix("GMT+"), !name.hasPrefix("GMT-") { properties.append(Property("TZNAME", TextValue.escape(name))) }
        return Component(kind, properties: properties)
    }

    /// One change of a zone's offset, seen as the wall clock before it showed it.
    private struct Change {
        var instant: Date
        var offsetFrom: Int
        var offsetTo: Int
        var isDaylight: Bool
        var name: String?

        var local: (days: Int, seconds: Int) {
            let seconds = Int(instant.timeIntervalSince1970.rounded()) + offsetFrom
            return (Int((Double(seconds) / 86_400).rounded(.down)), ((seconds % 86_400) + 86_400) % 86_400)
        }

        var localTime: Int { local.seconds }

        var localText: String {
            let (days, seconds) = local
            let date = CivilDate.fromDays(Int64(days))
            return DateTimeValue(
                year: date.year, month: date.month, day: date.day,
                time: .init(hour: seconds / 3600, minute: seconds / 60 % 60, second: seconds % 60)
            ).text
        }

        /// `FREQ=YEARLY;BYMONTH=m;BYDAY=±nWD` for this change's day.
        var yearlyRule: String? {
            let days = local.days
            let date = CivilDate.fromDays(Int64(days))
            let weekday = CivilDate.weekday(days: Int64(days))
            let length = CivilDate.daysIn(month: date.month, year: date.year)
            let ordinal = date.day > length - 7 ? -1 : (date.day - 1) / 7 + 1
            return "FREQ=YEARLY;BYMONTH=\(date.month);BYDAY=\(ordinal)\(CivilDate.weekdayCodes[weekday])"
        }
    }
}
