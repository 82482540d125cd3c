import Foundation

/// The RFC 5545 RRULE text form of a rule (`FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=10`).
extension RecurrenceRule {
    static let weekdayNames = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

    /// The rule as it is kept: its end exactly as it is (an instant, or a wall-clock date or time).
    public var rrule: String { text(until: recurrenceEnd.map(Self.untilText)) }

    /// The rule as RFC 5545 §3.3.10 has it written in a series that starts at `start`: UNTIL with
    /// DTSTART's value type — a DATE for an all-day series, a floating DATE-TIME for a floating one,
    /// UTC for a zoned one. An end of the other kind is converted: a wall-clock end read in the
    /// series' zone; an instant read in `zone` (the writer's) for a series that floats.
    public func rrule(startingAt start: ItemDateComponents, zone: TimeZone) -> String {
        guard let end = recurrenceEnd else { return rrule }
        let until: String
        switch end {
        case .occurrenceCount: return rrule
        case .endDate(let instant) where start.isAllDay:
            var day = ItemDateComponents.wallClock(of: instant, in: zone)
            (day.hour, day.minute, day.second) = (nil, nil, nil)
            until = Self.untilText(.endDateComponents(day))
        case .endDate(let instant) where start.isFloating:
            until = Self.untilText(.endDateComponents(ItemDateComponents.wallClock(of: instant, in: zone)))
        case .endDate:
            until = Self.untilText(end)
        case .endDateComponents(var wall) where start.isAllDay:
            (wall.hour, wall.minute, wall.second) = (nil, nil, nil)
            until = Self.untilText(.endDateComponents(wall))
        case .endDateComponents(var wall) where start.isFloating:
            if wall.hour == nil { (wall.hour, wall.minute, wall.second) = (23, 59, 59) }
            until = Self.untilText(.endDateComponents(wall))
        case .endDateComponents(var wall):
            if wall.hour == nil { (wall.hour, wall.minute, wall.second) = (23, 59, 59) }
            wall.timeZone = start.timeZone
            until = Self.untilText(.endDate(wall.instant(in: zone)))
        }
        return text(until: until)
    }

    private func text(until: String?) -> String {
        var parts = ["FREQ=" + frequency.rruleName]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        switch recurrenceEnd {
        case .occurrenceCount(let count): parts.append("COUNT=\(count)")
        case .endDate, .endDateComponents: if let until { parts.append("UNTIL=" + until) }
        case nil: break
        }
        if let days = daysOfTheWeek {
            parts.append(
                "BYDAY="
                    + days.map { ($0.weekNumber == 0 ? "" : String($0.weekNumber)) + Self.weekdayNames[$0.dayOfTheWeek - 1] }.joined(separator: ","))
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
                guard let end = Self.parseUntil(value) else {
                    throw Self.rruleError("UNTIL must look like 20261231T235959Z, 20261231T235959 or 20261231, got \(value)")
                }
                recurrenceEnd = end
            case "BYDAY": daysOfTheWeek = try value.split(separator: ",").map(Self.dayOfWeek)
            case "BYMONTHDAY": daysOfTheMonth = try Self.integers(value, name)
            case "BYYEARDAY": daysOfTheYear = try Self.integers(value, name)
            case "BYWEEKNO": weeksOfTheYear = try Self.integers(value, name)
            case "BYMONTH": monthsOfTheYear = try Self.integers(value, name)
            case "BYSETPOS": setPositions = try Self.integers(value, name)
            case "WKST":
                guard let index = Self.weekdayNames.firstIndex(of: value.uppercased()) else {
                    throw Self.rruleError("WKST must be SU…SA, got \(value)")
                }
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
            guard let parsed = Int(prefix.hasPrefix("+") ? prefix.dropFirst() : prefix) else {
                throw rruleError("BYDAY entry \(text) has an invalid week number")
            }
            number = parsed
        }
        return RecurrenceDayOfWeek(dayOfTheWeek: index + 1, weekNumber: number)
    }

    /// UNTIL's value: `20261231T235959Z` for an instant, `20261231` or `20261231T235959` for a
    /// wall-clock end.
    static func untilText(_ end: RecurrenceEnd) -> String {
        switch end {
        case .endDate(let date):
            let iso = date.rfc3339  // 2026-12-31T23:59:59.000Z
            return iso.prefix(19).filter { $0 != "-" && $0 != ":" } + "Z"
        case .endDateComponents(let wall):
            var text = String(format: "%04d%02d%02d", wall.year, wall.month, wall.day)
            if let hour = wall.hour { text += String(format: "T%02d%02d%02d", hour, wall.minute ?? 0, wall.second ?? 0) }
            return text
        case .occurrenceCount(let count):
            return String(count)
        }
    }

    /// `20261231T235959Z` is an instant; `20261231` and `20261231T235959` are wall-clock ends
    /// (RFC 5545 §3.3.10: UNTIL takes DTSTART's value type, and only a UTC one is an instant).
    static func parseUntil(_ text: String) -> RecurrenceEnd? {
        let bytes = Array(text.utf8)
        var cursor = DigitCursor(bytes: bytes)
        guard let year = cursor.digits(4), let month = cursor.digits(2), let day = cursor.digits(2) else { return nil }
        var wall = ItemDateComponents(year: year, month: month, day: day)
        guard (try? wall.validate()) != nil else { return nil }
        guard cursor.expect("T") else { return cursor.index == bytes.count ? .endDateComponents(wall) : nil }
        guard let hour = cursor.digits(2), let minute = cursor.digits(2), let second = cursor.digits(2),
            hour < 24, minute < 60, second < 61
        else { return nil }
        (wall.hour, wall.minute, wall.second) = (hour, minute, min(second, 59))
        let utc = cursor.expect("Z")
        guard cursor.index == bytes.count else { return nil }
        guard utc else { return .endDateComponents(wall) }
        wall.timeZone = "UTC"
        return .endDate(wall.instant(in: .utc))
    }
}
