/// Proleptic Gregorian calendar arithmetic on day numbers (days since 1970-01-01), for dates and
/// zone rules that must not depend on a calendar library (Foundation's `Calendar` is slow to make
/// on Linux and reads the zone database).
public enum CivilDate {
    @inlinable public static func toDays(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    @inlinable public static func fromDays(_ days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }

    @inlinable public static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    @inlinable public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// 0 = Sunday … 6 = Saturday.
    @inlinable public static func weekday(days: Int64) -> Int { Int(((days % 7) + 11) % 7) }

    /// The `ordinal`th (1…5, or −1…−5 from the end) `weekday` of a month; nil when there is none.
    @inlinable public static func day(ordinal: Int, weekday: Int, year: Int, month: Int) -> Int? {
        let length = daysIn(month: month, year: year)
        if ordinal > 0 {
            let first = Self.weekday(days: toDays(year: year, month: month, day: 1))
            let day = 1 + (weekday - first + 7) % 7 + (ordinal - 1) * 7
            return day <= length ? day : nil
        }
        let last = Self.weekday(days: toDays(year: year, month: month, day: length))
        let day = length - (last - weekday + 7) % 7 + (ordinal + 1) * 7
        return day >= 1 ? day : nil
    }

    /// iCalendar's weekday codes, Sunday first (as `weekday(days:)` counts).
    public static let weekdayCodes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
}
