import RemindersCivilTime

/// `2026-12-24`, and with a time in the same word `2026-12-24T09:00`, `…T09:00:30`, `…T09:00Z`,
/// `…T09:00+01:00` (lower-cased by the words). A date that does not exist is refused by name.
enum ISODate {
    static func read(_ words: inout PhraseWords) throws(PhraseError) -> (day: Int64, time: ClockTime?)? {
        guard let word = words.next, word.count >= 10 else { return nil }
        let head = word.prefix(10)
        let parts = head.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        guard (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day) else {
            throw PhraseError("\(head) is not a day of the calendar")
        }
        let days = CivilDate.toDays(year: year, month: month, day: day)
        let rest = word.dropFirst(10)
        guard !rest.isEmpty else {
            _ = words.take()
            return (days, nil)
        }
        guard rest.first == "t" else { return nil }
        var timeWords = PhraseWords(String(rest.dropFirst()))
        guard let time = try ClockTime.read(&timeWords, bareHour: false), timeWords.isAtEnd else {
            throw PhraseError("\(word) has a time that cannot be read: write it as 2026-12-24T09:00")
        }
        _ = words.take()
        return (days, time)
    }
}
