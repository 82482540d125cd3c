import RemindersCivilTime
import Foundation
import RemindersModel

/// A date as a person says it, read at one moment in one zone: the one grammar every front end
/// for people uses (the shell client, the MCP tools, the editors and the Python CLI reach it
/// through `interpretDate`). Deterministic — the same words, moment and zone give the same date —
/// and what it does not understand it refuses, naming the words; it never guesses.
///
/// A day: `today`, `tomorrow`, `yesterday`, a weekday (`friday`, `fri`: the next one, never
/// today), `next monday` (the Monday of next week), `this friday` (today or the next), `next
/// week` (its Monday), `next month` (its 1st), `next year` (1 January), `end of week` (Sunday),
/// `end of month`, `end of year`, a day of the month (`the 1st`, `on the 15th`: today or the next
/// month that has it), a day and month (`24 december`, `dec 24th`, with a year or the next one),
/// `in 3 days`, `in 2 weeks`, `in a month` (the same day then, or that month's last), or an ISO
/// date (2026-12-24).
/// A time, before or after the day and optionally after `at`: `9am`, `5:30 pm`, `17:00`, `at 9`,
/// `noon`, `morning` (09:00), `afternoon` (15:00), `evening` (18:00), `night` (20:00); `tonight`
/// is today at 20:00; a time alone is today's. `in 90 minutes` and `in 2 hours` are one instant
/// from now, as is a time with an offset (`2026-12-24T09:00+01:00`).
/// A day alone is all day; a day and a time is that wall-clock time wherever the person is
/// (floating); an instant is kept as the wall clock in `zone`, with the zone.
public struct DatePhrase: Sendable {
    public let now: Timestamp
    public let zone: TimeZone

    public init(now: Timestamp, zone: TimeZone) {
        self.now = now
        self.zone = zone
    }

    /// Today in `zone`, as days since 1970-01-01.
    var today: Int64 {
        let wall = ItemDateComponents.wallClock(of: now, in: zone)
        return CivilDate.toDays(year: wall.year, month: wall.month, day: wall.day)
    }

    public func read(_ text: String) throws(PhraseError) -> DateReading {
        var words = try PhraseWords.bounded(text, as: "a date")
        guard !words.isAtEnd else { throw PhraseError("no date given") }
        var day: Int64?, dayWords = "", time: ClockTime?, timeWords = ""
        var instant: Timestamp?, instantWords = ""

        func setDay(_ value: Int64, from start: Int, _ words: PhraseWords) throws(PhraseError) {
            if instant != nil { throw PhraseError("\"\(instantWords)\" is a moment of its own: give no other day or time with it") }
            if day != nil {
                throw PhraseError("two days in \"\(text)\": \"\(dayWords)\" and \"\(words.text(from: start))\"")
            }
            (day, dayWords) = (value, words.text(from: start))
        }
        func setTime(_ value: ClockTime, from start: Int, _ words: PhraseWords) throws(PhraseError) {
            if instant != nil { throw PhraseError("\"\(instantWords)\" is a moment of its own: give no other day or time with it") }
            if time != nil {
                throw PhraseError("two times in \"\(text)\": \"\(timeWords)\" and \"\(words.text(from: start))\"")
            }
            (time, timeWords) = (value, words.text(from: start))
        }

        while !words.isAtEnd {
            let start = words.position
            if words.take("at") {
                guard let clock = try ClockTime.read(&words, bareHour: true) else {
                    throw PhraseError("expected a time after \"at\" in \"\(text)\", such as 9am or 17:00")
                }
                try setTime(clock, from: start, words)
                continue
            }
            if words.take("tonight") {
                try setDay(today, from: start, words)
                try setTime(ClockTime(hour: 20, minute: 0), from: start, words)
                continue
            }
            if let iso = try ISODate.read(&words) {
                try setDay(iso.day, from: start, words)
                if let clock = iso.time { try setTime(clock, from: start, words) }
                continue
            }
            if words.take("in") {
                switch try offset(&words, in: text) {
                case .days(let value): try setDay(value, from: start, words)
                case .instant(let value):
                    if day != nil || time != nil || instant != nil {
                        throw PhraseError("\"\(words.text(from: start))\" is a moment of its own: give no other day or time with it")
                    }
                    (instant, instantWords) = (value, words.text(from: start))
                }
                continue
            }
            if let value = try self.day(&words, in: text) {
                try setDay(value, from: start, words)
                continue
            }
            if let clock = try ClockTime.read(&words, bareHour: false) {
                try setTime(clock, from: start, words)
                continue
            }
            throw PhraseError("cannot read \"\(words.next ?? "")\" in \"\(text)\" as part of a date")
        }

        if let instant { return try reading(of: instant, said: instantWords) }
        let date = CivilDate.fromDays(day ?? today)
        try Self.checkYear(date.year, said: dayWords.isEmpty ? timeWords : dayWords)
        guard let time else {
            guard day != nil else { throw PhraseError("no date given") }
            return DateReading(components: ItemDateComponents(year: date.year, month: date.month, day: date.day))
        }
        let components = ItemDateComponents(
            year: date.year, month: date.month, day: date.day, hour: time.hour, minute: time.minute, second: time.second == 0 ? nil : time.second)
        if let offset = time.offset {
            let local = components.instant(in: .utc)
            return try reading(of: Timestamp(milliseconds: local.milliseconds - Int64(offset) * 1000), said: dayWords)
        }
        return DateReading(components: components, note: skipped(components))
    }

    /// The years a date may have (ISO 8601's four digits, as iCalendar writes them): one outside
    /// is refused with the words that said it, never carried into a reminder.
    static let years = 1...9999

    private static func checkYear(_ year: Int, said words: String) throws(PhraseError) {
        guard years.contains(year) else {
            throw PhraseError("\"\(words)\" is in the year \(year): a date is in the years \(years.lowerBound) to \(years.upperBound)")
        }
    }

    /// An exact moment, as the person's wall clock in `zone` with the zone.
    private func reading(of instant: Timestamp, said words: String) throws(PhraseError) -> DateReading {
        var wall = ItemDateComponents.wallClock(of: instant, in: zone)
        try Self.checkYear(wall.year, said: words)
        if wall.second == 0 { wall.second = nil }
        wall.timeZone = zone.identifier
        return DateReading(components: wall)
    }

    /// What a floating time that a daylight-saving change skips in `zone` becomes: remindersd
    /// reads it with the offset from before the change, so it rings the gap's length later.
    private func skipped(_ components: ItemDateComponents) -> String? {
        let instant = components.instant(in: zone)
        let back = ItemDateComponents.wallClock(of: instant, in: zone)
        guard back.hour != components.hour || back.minute != components.minute else { return nil }
        let said = String(format: "%02d:%02d", components.hour ?? 0, components.minute ?? 0)
        let rings = String(format: "%02d:%02d", back.hour ?? 0, back.minute ?? 0)
        let day = String(format: "%04d-%02d-%02d", components.year, components.month, components.day)
        return "\(said) does not exist on \(day) in \(zone.identifier) (the clocks go forward): it rings at \(rings)"
    }
}

/// What a phrase means: the date's components and, when they are not quite what the words say, why.
public struct DateReading: Equatable, Sendable {
    public var components: ItemDateComponents
    /// Said when the date is read other than written: a time a daylight-saving change skips.
    public var note: String?

    public init(components: ItemDateComponents, note: String? = nil) {
        self.components = components
        self.note = note
    }
}
