/// Proleptic Gregorian day arithmetic, for time zone rules that must not depend on a calendar library.
enum CivilDay {
    /// Days since 1970-01-01.
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func date(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// 0 = Sunday … 6 = Saturday.
    static func weekday(days: Int) -> Int { ((days % 7) + 11) % 7 }

    static func daysInMonth(year: Int, month: Int) -> Int {
        month == 12 ? 31 : days(year: year, month: month + 1, day: 1) - days(year: year, month: month, day: 1)
    }

    /// The `ordinal`th (1…5, or −1…−5 from the end) `weekday` of a month; nil when there is none.
    static func day(ordinal: Int, weekday: Int, year: Int, month: Int) -> Int? {
        let length = daysInMonth(year: year, month: month)
        if ordinal > 0 {
            let first = Self.weekday(days: Self.days(year: year, month: month, day: 1))
            let day = 1 + (weekday - first + 7) % 7 + (ordinal - 1) * 7
            return day <= length ? day : nil
        }
        let last = Self.weekday(days: Self.days(year: year, month: month, day: length))
        let day = length - (last - weekday + 7) % 7 + (ordinal + 1) * 7
        return day >= 1 ? day : nil
    }

    static let weekdayCodes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
}
