import RemindersCivilTime
import Foundation

/// What a TZID means: a zone of the system's database when one can be found for it, or else the
/// offsets its VTIMEZONE defines.
///
/// Real calendars name zones in many ways: `Europe/Berlin`, `CET`; `/freeassociation.sourceforge.net/
/// Europe/Berlin`; a name of Windows' (`W. Europe Standard Time`) or the display name Outlook
/// writes (`(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna`); an invented one with
/// an `X-LIC-LOCATION`, or with nothing but its VTIMEZONE (`Customized Time Zone`). A VTIMEZONE is
/// honoured by its rules (RFC 5545 §3.6.5): a zone of the database is taken for it only when its
/// offsets are the ones the rules give (`TimeZoneMatching`); when none is, the rules themselves
/// are evaluated (yearly rules by month and weekday, and single onsets, which is what writers emit).
public struct TimeZoneResolver {
    private var definitions: [String: Component] = [:]

    /// `timeZones`: the VTIMEZONE components of the calendar the values come from.
    public init(timeZones: [Component]) {
        for component in timeZones where component.name == "VTIMEZONE" {
            if let tzid = component.value("TZID") { definitions[tzid] = component }
        }
    }

    /// The system zone a TZID stands for, or nil.
    public func timeZone(for tzid: String) -> TimeZone? {
        let trimmed = tzid.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        let definition = definitions[tzid]
        var named: TimeZone?
        if let zone = Self.known(trimmed) {
            named = zone
        } else if let location = definition?.value("X-LIC-LOCATION"), let zone = Self.known(location) {
            named = zone
        } else {
            let parts = trimmed.split(separator: "/")
            for count in stride(from: min(3, parts.count), through: 2, by: -1) {
                if let zone = Self.known(parts.suffix(count).joined(separator: "/")) { named = zone; break }
            }
        }
        if named == nil, let name = Self.windowsNames[trimmed] { named = TimeZoneCache.zone(name) }
        if let named { return named }
        // A name the database does not have: the zone whose offsets the VTIMEZONE's rules give (a
        // city named in the TZID first), or — with no definition — a city the TZID names.
        if let definition { return TimeZoneMatching.zone(for: trimmed, defined: definition, resolver: self) }
        return TimeZoneMatching.zone(namedIn: trimmed)
    }

    /// Whether the TZID means nothing here: no zone of the database, and no VTIMEZONE to read it by.
    public func isUnknown(_ tzid: String) -> Bool { timeZone(for: tzid) == nil && definitions[tzid] == nil }

    /// Seconds east of UTC that the TZID's VTIMEZONE gives the wall-clock time `local` (seconds
    /// since 1970 as if the wall clock were UTC); nil when there is no usable definition.
    public func offset(for tzid: String, atLocal local: Int) -> Int? {
        guard let definition = definitions[tzid] else { return nil }
        let day = Int((Double(local) / 86_400).rounded(.down))
        let year = CivilDate.fromDays(Int64(day)).year
        var best: (onset: Int, offset: Int)?
        for observance in definition.components where observance.name == "STANDARD" || observance.name == "DAYLIGHT" {
            guard let startProperty = observance.property("DTSTART"), let start = try? DateTimeValue(startProperty),
                let offsetTo = observance.value("TZOFFSETTO").flatMap(UTCOffsetValue.seconds)
            else { continue }
            var onsets = [Self.localSeconds(start)]
            if let rule = observance.value("RRULE") {
                for candidateYear in [year - 1, year] where candidateYear > start.year {
                    if let onset = Self.yearlyOnset(rule, year: candidateYear, time: start.time) { onsets.append(onset) }
                }
            }
            for rdate in observance.properties("RDATE") {
                for text in rdate.value.split(separator: ",") {
                    if let value = try? DateTimeValue(Property("RDATE", String(text))) { onsets.append(Self.localSeconds(value)) }
                }
            }
            for onset in onsets where onset <= local && onset > (best?.onset ?? Int.min) { best = (onset, offsetTo) }
        }
        return best?.offset
    }

    /// A zone of the system's database by its identifier: `Europe/Berlin`, and the few without a
    /// slash it has too (`UTC`, `CET`, `EST5EDT`) — never an abbreviation Foundation would guess at.
    static func known(_ identifier: String) -> TimeZone? {
        guard identifier.contains("/") || identifier == "UTC" || identifier == "GMT" || TimeZoneMatching.isInDatabase(identifier) else {
            return nil
        }
        return TimeZoneCache.zone(identifier)
    }

    private static func localSeconds(_ value: DateTimeValue) -> Int {
        let time = value.time ?? .init(hour: 0, minute: 0, second: 0)
        return Int(CivilDate.toDays(year: value.year, month: value.month, day: value.day)) * 86_400
            + time.hour * 3600 + time.minute * 60 + time.second
    }

    /// The onset in `year` of `FREQ=YEARLY;BYMONTH=m;BYDAY=±nWD` (or `BYMONTHDAY=d`); nil for other rules.
    private static func yearlyOnset(_ rule: String, year: Int, time: DateTimeValue.Time?) -> Int? {
        var parts: [String: String] = [:]
        for part in rule.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            if pair.count == 2 { parts[pair[0].uppercased()] = String(pair[1]).uppercased() }
        }
        guard parts["FREQ"] == "YEARLY", let month = parts["BYMONTH"].flatMap({ Int($0) }), (1...12).contains(month) else { return nil }
        if let until = parts["UNTIL"], let end = try? DateTimeValue(Property("UNTIL", until)), end.year < year { return nil }
        var day: Int?
        if let byday = parts["BYDAY"] {
            let code = String(byday.suffix(2))
            guard let weekday = CivilDate.weekdayCodes.firstIndex(of: code), let ordinal = Int(byday.dropLast(2)),
                ordinal != 0, abs(ordinal) <= 5
            else { return nil }
            day = CivilDate.day(ordinal: ordinal, weekday: weekday, year: year, month: month)
            if let monthDays = parts["BYMONTHDAY"] {  // "the Sunday on or after the 8th": BYDAY=SU;BYMONTHDAY=8,…,14
                let allowed = Set(monthDays.split(separator: ",").compactMap { Int($0) })
                day = (1...CivilDate.daysIn(month: month, year: year)).first { candidate in
                    allowed.contains(candidate) && CivilDate.weekday(days: CivilDate.toDays(year: year, month: month, day: candidate)) == weekday
                }
            }
        } else if let monthDay = parts["BYMONTHDAY"].flatMap({ Int($0) }) {
            day = monthDay
        }
        guard let day else { return nil }
        let time = time ?? .init(hour: 0, minute: 0, second: 0)
        return Int(CivilDate.toDays(year: year, month: month, day: day)) * 86_400 + time.hour * 3600 + time.minute * 60 + time.second
    }

    /// Windows' names of the zones most often met (Exchange and Outlook write them as TZIDs).
    static let windowsNames: [String: String] = [
        "UTC": "UTC", "GMT Standard Time": "Europe/London", "Greenwich Standard Time": "Atlantic/Reykjavik",
        "W. Europe Standard Time": "Europe/Berlin", "Central Europe Standard Time": "Europe/Budapest",
        "Romance Standard Time": "Europe/Paris", "Central European Standard Time": "Europe/Warsaw",
        "E. Europe Standard Time": "Europe/Chisinau", "FLE Standard Time": "Europe/Kiev", "GTB Standard Time": "Europe/Bucharest",
        "Russian Standard Time": "Europe/Moscow", "Turkey Standard Time": "Europe/Istanbul", "Israel Standard Time": "Asia/Jerusalem",
        "Eastern Standard Time": "America/New_York", "Central Standard Time": "America/Chicago",
        "Mountain Standard Time": "America/Denver", "US Mountain Standard Time": "America/Phoenix",
        "Pacific Standard Time": "America/Los_Angeles", "Alaskan Standard Time": "America/Anchorage",
        "Hawaiian Standard Time": "Pacific/Honolulu", "Atlantic Standard Time": "America/Halifax",
        "E. South America Standard Time": "America/Sao_Paulo", "SA Pacific Standard Time": "America/Bogota",
        "India Standard Time": "Asia/Kolkata", "China Standard Time": "Asia/Shanghai", "Tokyo Standard Time": "Asia/Tokyo",
        "Korea Standard Time": "Asia/Seoul", "Singapore Standard Time": "Asia/Singapore", "Arabian Standard Time": "Asia/Dubai",
        "AUS Eastern Standard Time": "Australia/Sydney", "E. Australia Standard Time": "Australia/Brisbane",
        "Cen. Australia Standard Time": "Australia/Adelaide", "W. Australia Standard Time": "Australia/Perth",
        "New Zealand Standard Time": "Pacific/Auckland", "South Africa Standard Time": "Africa/Johannesburg",
    ]
}
