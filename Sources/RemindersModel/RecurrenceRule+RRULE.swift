import Foundation

/// The RFC 5545 RRULE text form of a rule (`FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=10`).
extension RecurrenceRule {
    static let weekdayNames = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

    public var rrule: String {
        var parts = ["FREQ=" + frequency.rruleName]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        switch recurrenceEnd {
        case .occurrenceCount(let count): parts.append("COUNT=\(count)")
        case .endDate(let date): parts.append("UNTIL=" + Self.basicFormat(date))
        case nil: break
        }
        if let days = daysOfTheWeek {
            parts.append("BYDAY=" + days.map { ($0.weekNumber == 0 ? "" : String($0.weekNumber)) + Self.weekdayNames[$0.dayOfTheWeek - 1] }.joined(separator: ","))
        }
        func list(_ name: String, _ values: [Int]?) {
            if let values { parts.append(name + "=" + values.map(String.init).joined(separator: ",")) }
        }
        list("BYMONTHDAY", daysOfTheMonth)
        list("BYYEARDAY", daysOfTheYear)
        list("BYWEEKNO", weeksOfTheYear)
        list("BYMONTH", monthsOfTheYear)
        list("BYSETPOS", setPositions)
        if firstDayOfTheWeek != 0 { parts.append("WKST=" + Self.weekdayNames[firstDayOfTheWeek - 1]) }
        return parts.joined(separator: ";")
    }

    /// Parses RRULE text (an optional `RRULE:` prefix allowed). Errors name the part (`field` is `rrule`).
    public init(rrule text: String) throws(ValidationError) {
        var body = Substring(text)
        if body.uppercased().hasPrefix("RRULE:") { body = body.dropFirst(6) }
        var frequency: RecurrenceFrequency?
        self.init(frequency: .daily)
        var seen = Set<String>()
        for part in body.split(separator: ";", omittingEmptySubsequences: false) {
            let pieces = part.split(separator: "=", maxSplits: 1)
            guard pieces.count == 2 else { throw Self.rruleError("\"\(part)\" is not NAME=VALUE") }
            let name = pieces[0].uppercased()
            let value = String(pieces[1])
            guard seen.insert(name).inserted else { throw Self.rruleError("\(name) appears twice") }
            switch name {
            case "FREQ":
                guard let parsed = RecurrenceFrequency(rawValue: value.lowercased()) else {
                    throw Self.rruleError("FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY, got \(value)")
                }
                frequency = parsed
            case "INTERVAL": interval = try Self.integer(value, name)
            case "COUNT":
                guard recurrenceEnd == nil else { throw Self.rruleError("COUNT and UNTIL cannot both be given") }
                recurrenceEnd = .occurrenceCount(try Self.integer(value, name))
            case "UNTIL":
                guard recurrenceEnd == nil else { throw Self.rruleError("COUNT and UNTIL cannot both be given") }
                guard let date = Self.parseBasic(value) else { throw Self.rruleError("UNTIL must look like 20261231T235959Z or 20261231, got \(value)") }
                recurrenceEnd = .endDate(date)
            case "BYDAY": daysOfTheWeek = try value.split(separator: ",").map(Self.dayOfWeek)
            case "BYMONTHDAY": daysOfTheMonth = try Self.integers(value, name)
            case "BYYEARDAY": daysOfTheYear = try Self.integers(value, name)
            case "BYWEEKNO": weeksOfTheYear = try Self.integers(value, name)
            case "BYMONTH": monthsOfTheYear = try Self.integers(value, name)
            case "BYSETPOS": setPositions = try Self.integers(value, name)
            case "WKST":
                guard let index = Self.weekdayNames.firstIndex(of: value.uppercased()) else { throw Self.rruleError("WKST must be SU…SA, got \(value)") }
                firstDayOfTheWeek = index + 1
            default:
                throw Self.rruleError("\(name) is not supported (EventKit has no equivalent)")
            }
        }
        guard let frequency else { throw Self.rruleError("FREQ is required") }
        self.frequency = frequency
    }

    private static func rruleError(_ message: String) -> ValidationError {
        ValidationError(field: "rrule", "invalid RRULE: " + message)
    }

    private static func integer(_ text: String, _ name: String) throws(ValidationError) -> Int {
        guard let value = Int(text), text.count <= 10 else { throw rruleError("\(name) must be an integer, got \(text)") }
        return value
    }

    private static func integers(_ text: String, _ name: String) throws(ValidationError) -> [Int] {
        var values: [Int] = []
        for piece in text.split(separator: ",", omittingEmptySubsequences: false) { values.append(try integer(String(piece), name)) }
        return values
    }

    private static func dayOfWeek(_ text: Substring) throws(ValidationError) -> RecurrenceDayOfWeek {
        let name = text.suffix(2).uppercased()
        guard let index = weekdayNames.firstIndex(of: name) else { throw rruleError("BYDAY entry \(text) must end in SU…SA") }
        let prefix = text.dropLast(2)
        var number = 0
        if !prefix.isEmpty {
            guard let parsed = Int(prefix.hasPrefix("+") ? prefix.dropFirst() : prefix) else { throw rruleError("BYDAY entry \(text) has an invalid week number") }
            number = parsed
        }
        return RecurrenceDayOfWeek(dayOfTheWeek: index + 1, weekNumber: number)
    }

    /// `20261231T235959Z`: RFC 5545's UTC date-time form.
    static func basicFormat(_ date: Timestamp) -> String {
        let iso = date.rfc3339  // 2026-12-31T23:59:59.000Z
        let digits = iso.prefix(19).filter { $0 != "-" && $0 != ":" }
        return digits + "Z"
    }

    static func parseBasic(_ text: String) -> Timestamp? {
        let bytes = Array(text.utf8)
        var cursor = DigitCursor(bytes: bytes)
        guard let year = cursor.digits(4), let month = cursor.digits(2), let day = cursor.digits(2) else { return nil }
        var (hour, minute, second) = (23, 59, 59)  // a bare date means through the end of that day
        if cursor.expect("T") {
            guard let h = cursor.digits(2), let m = cursor.digits(2), let s = cursor.digits(2) else { return nil }
            (hour, minute, second) = (h, m, s)
            _ = cursor.expect("Z")
        }
        guard cursor.index == bytes.count else { return nil }
        let iso = String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", year, month, day, hour, minute, second)
        return Timestamp(rfc3339: iso)
    }
}
