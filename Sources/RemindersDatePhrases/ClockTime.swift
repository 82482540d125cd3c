/// A time of day as people write it: `9am`, `9:30 pm`, `17:00`, `17:00:30`, `noon`, a part of the
/// day (`morning` 09:00, `afternoon` 15:00, `evening` 18:00, `night` 20:00), or an ISO time with
/// an offset (`09:00+01:00`, `09:00z`), which makes the whole date one instant.
struct ClockTime: Equatable {
    var hour: Int
    var minute: Int
    var second = 0
    /// Seconds east of UTC, when the time named one.
    var offset: Int?

    /// The hours the parts of the day stand for, written down so that a phrase always means one time.
    static let partsOfTheDay: [String: Int] = ["morning": 9, "noon": 12, "afternoon": 15, "evening": 18, "night": 20]

    /// Reads a time at the words' position, taking one word or two (`9 am`); nil, having taken
    /// nothing, when there is none. `bareHour`: a number alone is an hour (after "at").
    static func read(_ words: inout PhraseWords, bareHour: Bool) throws(PhraseError) -> ClockTime? {
        guard let word = words.next else { return nil }
        if let hour = partsOfTheDay[String(word)] {
            _ = words.take()
            return ClockTime(hour: hour, minute: 0)
        }
        if word == "midnight" {
            throw PhraseError("\"midnight\" could be the start or the end of a day: say 00:00 or 23:59")
        }
        // "9 am", "9:30 pm": the meridiem as a word of its own.
        if let meridiem = words.peek(1), meridiem == "am" || meridiem == "pm" || meridiem == "a.m." || meridiem == "p.m." {
            if let time = try twelveHour(String(word), pm: meridiem.hasPrefix("p")) {
                _ = words.take()
                _ = words.take()
                return time
            }
        }
        for (suffix, pm) in [("am", false), ("pm", true), ("a.m.", false), ("p.m.", true)] where word.hasSuffix(suffix) {
            if let time = try twelveHour(String(word.dropLast(suffix.count)), pm: pm) {
                _ = words.take()
                return time
            }
        }
        if let time = try twentyFourHour(String(word)) {
            _ = words.take()
            return time
        }
        if bareHour, let hour = Int(word), (0...23).contains(hour), word.count <= 2 {
            _ = words.take()
            return ClockTime(hour: hour, minute: 0)
        }
        return nil
    }

    /// "9", "9:30" with am or pm: 12am is 00:00, 12pm noon.
    private static func twelveHour(_ text: String, pm: Bool) throws(PhraseError) -> ClockTime? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let hour = Int(parts[0]), parts[0].count <= 2 else { return nil }
        let minute = parts.count == 2 ? Int(parts[1]) : 0
        guard let minute, parts.count == 1 || parts[1].count == 2 else { return nil }
        guard (1...12).contains(hour), (0...59).contains(minute) else {
            throw PhraseError("\"\(text)\(pm ? "pm" : "am")\" is not a time: the hour goes from 1 to 12 and minutes to 59")
        }
        return ClockTime(hour: hour % 12 + (pm ? 12 : 0), minute: minute)
    }

    /// "17:00", "17:00:30", "09:00z", "09:00+01:00", "09:00-0500".
    private static func twentyFourHour(_ text: String) throws(PhraseError) -> ClockTime? {
        var body = Substring(text)
        var offset: Int?
        if body.hasSuffix("z") {
            body = body.dropLast()
            offset = 0
        } else if let sign = body.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let zone = body[body.index(after: sign)...].replacingOccurrences(of: ":", with: "")
            guard zone.count == 2 || zone.count == 4, let value = Int(zone) else { return nil }
            let (hours, minutes) = zone.count == 2 ? (value, 0) : (value / 100, value % 100)
            guard hours <= 14, minutes < 60 else { throw PhraseError("\"\(text)\" has an offset no zone has (-12:00 to +14:00)") }
            let seconds = hours * 3600 + minutes * 60
            offset = body[sign] == "-" ? -seconds : seconds
            body = body[..<sign]
        }
        // Fractions of a second are dropped: dates here count whole seconds.
        if let dot = body.firstIndex(of: "."), body[body.index(after: dot)...].allSatisfy(\.isNumber) { body = body[..<dot] }
        let parts = body.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ (1...2).contains($0.count) }), parts[1].count == 2,
            let hour = Int(parts[0]), let minute = Int(parts[1]), let second = parts.count == 3 ? Int(parts[2]) : 0
        else { return nil }
        guard hour <= 23, minute <= 59, second <= 59 else {
            throw PhraseError("\"\(text)\" is not a time of day (00:00 to 23:59)")
        }
        return ClockTime(hour: hour, minute: minute, second: second, offset: offset)
    }
}
