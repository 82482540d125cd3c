import RemindersCivilTime
import Foundation

/// A calendar item's date as EventKit keeps it (a reminder's start and due date, an event's
/// start): Gregorian date components, as DateComponents.
///
/// Without an hour it is an all-day date; without a time zone it is floating, meaning the
/// same wall-clock time wherever the reader is. Both kinds only become instants once a
/// reader's time zone is known, which is why they are not stored as instants.
public struct ItemDateComponents: Equatable, Hashable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int?
    public var minute: Int?
    public var second: Int?
    /// IANA identifier, e.g. `Europe/Berlin`; nil = floating.
    public var timeZone: String?

    public init(year: Int, month: Int, day: Int, hour: Int? = nil, minute: Int? = nil, second: Int? = nil, timeZone: String? = nil) {
        self.year = year; self.month = month; self.day = day
        self.hour = hour; self.minute = minute; self.second = second
        self.timeZone = timeZone
    }

    public var isAllDay: Bool { hour == nil }
    /// Floating: read in the reader's zone. An all-day date always is, whatever `timeZone` says:
    /// a day is the reader's day (EventKit's and RFC 5545's `VALUE=DATE`), never another zone's.
    public var isFloating: Bool { timeZone == nil || hour == nil }

    /// The form the store keeps: an all-day date carries no time zone (see `isFloating`).
    public var normalized: ItemDateComponents {
        guard hour == nil, timeZone != nil else { return self }
        var copy = self
        copy.timeZone = nil
        return copy
    }

    public func validate() throws(ValidationError) {
        guard (1...9999).contains(year) else { throw ValidationError(field: "year", "year must be 1…9999, got \(year)") }
        guard (1...12).contains(month) else { throw ValidationError(field: "month", "month must be 1…12, got \(month)") }
        let days = CivilDate.daysIn(month: month, year: year)
        guard (1...days).contains(day) else {
            throw ValidationError(field: "day", "day must be 1…\(days) for \(year)-\(month), got \(day)")
        }
        if let hour, !(0...23).contains(hour) { throw ValidationError(field: "hour", "hour must be 0…23, got \(hour)") }
        if let minute {
            guard hour != nil else { throw ValidationError(field: "minute", "minute needs an hour") }
            guard (0...59).contains(minute) else { throw ValidationError(field: "minute", "minute must be 0…59, got \(minute)") }
        }
        if let second {
            guard minute != nil else { throw ValidationError(field: "second", "second needs a minute") }
            guard (0...59).contains(second) else { throw ValidationError(field: "second", "second must be 0…59, got \(second)") }
        }
        if let timeZone, TimeZoneCache.zone(timeZone) == nil {
            throw ValidationError(field: "timeZone", "unknown time zone \"\(timeZone)\"; use an IANA name such as Europe/Berlin")
        }
    }

    /// Seconds since 1970 of this wall-clock time read as if it were UTC (midnight for all-day dates).
    public var wallClockSeconds: Int64 {
        CivilDate.toDays(year: year, month: month, day: day) * 86_400
            + Int64((hour ?? 0) * 3600 + (minute ?? 0) * 60 + (second ?? 0))
    }

    /// The instant this date means to a reader in `readerZone`: its own zone when it has one and an
    /// hour, else the reader's. An all-day date means the start of its day in the reader's zone.
    /// A wall-clock time that happens twice (clocks going back) is the first of the two (RFC 5545
    /// §3.3.5); one skipped by a DST change resolves forward, as Foundation's Calendar does.
    public func instant(in readerZone: TimeZone) -> Timestamp {
        let zone = isFloating ? readerZone : (timeZone.flatMap(TimeZoneCache.zone) ?? readerZone)
        return Timestamp(seconds: Self.instantSeconds(wallClock: wallClockSeconds, in: zone))
    }

    /// This date as the key of an occurrence it starts (an event's, a reminder's): read as UTC —
    /// the same in every zone, a floating date being one wall-clock time.
    public var occurrenceKey: Int64 { instant(in: .utc).milliseconds }

    /// The date of this one's form (its zone, or floating, or all day) whose occurrence key is
    /// `key`: the inverse of `occurrenceKey` for the dates of one series.
    public func withOccurrenceKey(_ key: Int64) -> ItemDateComponents {
        let zone = isFloating ? TimeZone.utc : (timeZone.flatMap(TimeZoneCache.zone) ?? .utc)
        var placed = ItemDateComponents.wallClock(of: Timestamp(milliseconds: key), in: zone)
        placed.timeZone = timeZone
        if isAllDay { (placed.hour, placed.minute, placed.second, placed.timeZone) = (nil, nil, nil, nil) }
        if second == nil, placed.second == 0 { placed.second = nil }
        return placed
    }

    /// The wall-clock time (to the second, without a zone) that `instant` is in `zone`.
    public static func wallClock(of instant: Timestamp, in zone: TimeZone) -> ItemDateComponents {
        let seconds = instant.milliseconds.floorDivided(by: 1000)
        let local = seconds + Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds))))
        let days = local.floorDivided(by: 86_400)
        let secondOfDay = Int(local - days * 86_400)
        let (year, month, day) = CivilDate.fromDays(days)
        return ItemDateComponents(
            year: year, month: month, day: day, hour: secondOfDay / 3600,
            minute: secondOfDay / 60 % 60, second: secondOfDay % 60)
    }

    static func instantSeconds(wallClock: Int64, in zone: TimeZone) -> Int64 {
        func offset(_ instant: Int64) -> Int64 { Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))) }
        // The offsets a day either side of the wall-clock time (no zone changes twice in two days):
        // each candidate is a reading of the time that holds if the zone has that offset then.
        let before = offset(wallClock - 86_400), after = offset(wallClock + 86_400)
        if before == after { return wallClock - before }
        let early = wallClock - before, late = wallClock - after
        let earlyHolds = offset(early) == before, lateHolds = offset(late) == after
        switch (earlyHolds, lateHolds) {
        case (true, true): return min(early, late)  // the same instant, or a time that happens twice: the first
        case (true, false): return early
        case (false, true): return late
        // A time the change skipped: read with the offset from before it, which lands the gap's
        // length later (02:30 becomes 03:30).
        case (false, false): return early
        }
    }

    /// Compact text form kept in the store: `2026-11-29`, `2026-11-29T09`, `2026-11-29T09:30`,
    /// `2026-11-29T09:30:15`, each optionally followed by ` Europe/Berlin`.
    public var storageText: String {
        var text = Self.digits(year, 4) + "-" + Self.digits(month, 2) + "-" + Self.digits(day, 2)
        if let hour { text += "T" + Self.digits(hour, 2) }
        if let minute { text += ":" + Self.digits(minute, 2) }
        if let second { text += ":" + Self.digits(second, 2) }
        if let timeZone { text += " " + timeZone }
        return text
    }

    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    public init?(storageText: String) {
        // Read straight from the UTF-8: a fetch of 100,000 reminders decodes as many of these.
        var text = storageText
        let parsed: ItemDateComponents?? = text.withUTF8 { bytes in
            var cursor = DigitCursor(bytes: bytes)
            guard let year = cursor.digits(4), cursor.expect("-"), let month = cursor.digits(2), cursor.expect("-"),
                let day = cursor.digits(2)
            else { return nil }
            var components = ItemDateComponents(year: year, month: month, day: day)
            if cursor.expect("T") {
                guard let hour = cursor.digits(2) else { return nil }
                components.hour = hour
                if cursor.expect(":") { components.minute = cursor.digits(2) }
                if cursor.expect(":") { components.second = cursor.digits(2) }
            }
            if cursor.expect(" ") {
                components.timeZone = String(decoding: UnsafeBufferPointer(rebasing: bytes[cursor.index...]), as: UTF8.self)
                return components
            }
            return cursor.index == bytes.count ? components : nil
        }
        guard let parsed, let components = parsed else { return nil }
        self = components
    }
}

extension TimeZone {
    /// Made once: creating a TimeZone is far from free on Linux.
    public static let utc = TimeZone(identifier: "UTC")!
}
