import Foundation
import JSONRPC
import RemindersJSON
import RemindersModel

/// Dates as a model writes them, read the way a person means them: `"2026-12-24"` is that day
/// (all day), `"2026-12-24T09:00"` nine o'clock on the person's wall clock wherever they are
/// (floating), and `"2026-12-24T09:00:00+01:00"` (or `Z`) one instant — kept as the person's wall
/// clock in their zone, so it shows as they would say it. Never shifted to midnight or by the
/// server's zone, the date bugs people report of other reminder servers.
enum ModelDates {
    /// A due or start date's components: a day, a floating wall-clock time, or an instant kept as
    /// the person's wall clock in their zone.
    static func components(_ text: String, field: String, zone: TimeZone) throws(ToolFailure) -> ItemDateComponents {
        switch try parse(text, field: field) {
        case .day(let y, let m, let d):
            return ItemDateComponents(year: Int(y), month: Int(m), day: Int(d))
        case .wallClock(let y, let m, let d, let h, let mi, let s):
            return ItemDateComponents(year: Int(y), month: Int(m), day: Int(d), hour: Int(h), minute: Int(mi), second: s != 0 ? Int(s) : nil)
        case .instant(let instant):
            let wall = ItemDateComponents.wallClock(of: instant, in: zone)
            return ItemDateComponents(
                year: wall.year, month: wall.month, day: wall.day, hour: wall.hour ?? 0, minute: wall.minute ?? 0,
                second: wall.second.flatMap { $0 != 0 ? $0 : nil }, timeZone: zone.identifier)
        }
    }

    /// An instant for an alarm's `at`: a wall-clock time is read in the person's zone.
    static func instant(_ text: String, field: String, zone: TimeZone) throws(ToolFailure) -> Timestamp {
        switch try parse(text, field: field) {
        case .day:
            throw ToolFailure(field: field, "an alarm needs a time as well as a day, e.g. \(text)T09:00")
        case .wallClock(let y, let m, let d, let h, let mi, let s):
            let components = ItemDateComponents(year: Int(y), month: Int(m), day: Int(d), hour: Int(h), minute: Int(mi), second: Int(s))
            return components.instant(in: zone)
        case .instant(let instant):
            return instant
        }
    }

    /// A search range's bound as an instant: a bare day is its 00:00 in the person's zone.
    static func boundary(_ text: String, field: String, zone: TimeZone) throws(ToolFailure) -> Timestamp {
        if case .day = try parse(text, field: field) { return try instant(text + "T00:00", field: field, zone: zone) }
        return try instant(text, field: field, zone: zone)
    }

    enum Reading {
        case day(Int64, Int64, Int64)
        case wallClock(Int64, Int64, Int64, Int64, Int64, Int64)
        case instant(Timestamp)
    }

    static func parse(_ text: String, field: String) throws(ToolFailure) -> Reading {
        let bad = ToolFailure(
            field: field,
            "expected \"2026-12-24\" (all day), \"2026-12-24T09:00\" (the person's wall clock) or an RFC 3339 instant such as \"2026-12-24T09:00:00+01:00\", got \"\(text.prefix(40))\""
        )
        let characters = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int64? {
            guard range.upperBound <= characters.count else { return nil }
            var value: Int64 = 0
            for byte in characters[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            return value
        }
        guard characters.count >= 10, characters[4] == 0x2D, characters[7] == 0x2D,
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            (1...12).contains(month), (1...31).contains(day)
        else { throw bad }
        if characters.count == 10 { return .day(year, month, day) }
        guard characters.count >= 16, characters[10] == 0x54 || characters[10] == 0x74 || characters[10] == 0x20, characters[13] == 0x3A,
            let hour = number(11..<13), let minute = number(14..<16), hour < 24, minute < 60
        else { throw bad }
        var second: Int64 = 0
        var rest = 16
        if characters.count >= 19, characters[16] == 0x3A {
            guard let value = number(17..<19), value < 61 else { throw bad }
            second = value
            rest = 19
        }
        if rest == characters.count { return .wallClock(year, month, day, hour, minute, second) }
        // An offset (or fractions and an offset): one instant.
        var normalized = text
        if second == 0 && rest == 16 {
            normalized = String(text.prefix(16)) + ":00" + String(text.dropFirst(16))
        }
        guard let instant = Timestamp(rfc3339: normalized) else { throw bad }
        return .instant(instant)
    }
}
