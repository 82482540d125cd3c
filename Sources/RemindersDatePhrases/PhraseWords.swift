/// A phrase as words, lower-cased and split at white space and commas ("Tomorrow, 9am" is
/// `tomorrow 9am`), read front to back by the grammars.
struct PhraseWords {
    private(set) var words: [Substring]
    private(set) var position = 0

    init(_ text: String) {
        words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" })
    }

    /// No date or repetition a person says is longer: a longer text is refused before it is read,
    /// so that no reading (and no error naming its words) grows with what a client sends.
    static let maximumCharacters = 200
    static let maximumWords = 24

    /// `text` as words, refused — its start quoted — when it is longer than a phrase can be. `what`
    /// names what was expected ("a date", "a repetition").
    static func bounded(_ text: String, as what: String) throws(PhraseError) -> PhraseWords {
        let tooLong = PhraseError(
            "\"\(text.prefix(40))…\" is too long for \(what): at most \(maximumWords) words and \(maximumCharacters) characters")
        // Measured before it is split: a megabyte of words is refused without being lowered and split.
        guard text.count <= maximumCharacters else { throw tooLong }
        let words = PhraseWords(text)
        guard words.words.count <= maximumWords else { throw tooLong }
        return words
    }

    var isAtEnd: Bool { position >= words.count }
    var next: Substring? { position < words.count ? words[position] : nil }
    func peek(_ offset: Int) -> Substring? { position + offset < words.count ? words[position + offset] : nil }

    mutating func take() -> Substring? {
        defer { position += 1 }
        return next
    }

    /// Takes the next word when it is one of `choices`.
    mutating func take(_ choices: String...) -> Bool {
        guard let next, choices.contains(where: { $0 == next }) else { return false }
        position += 1
        return true
    }

    /// The words from `start` up to where reading stands, as the person wrote them (lower-cased).
    func text(from start: Int) -> String { words[start..<min(position, words.count)].joined(separator: " ") }
}

/// The names people give days and months, and numbers as words and ordinals.
enum PhraseNames {
    /// 1 Monday … 7 Sunday (ISO 8601), from a full or a three- or four-letter name.
    static func weekday(_ word: Substring) -> Int? {
        let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        if let index = names.firstIndex(of: String(word)) { return index + 1 }
        let short: [String: Int] = ["mon": 1, "tue": 2, "tues": 2, "wed": 3, "thu": 4, "thur": 4, "thurs": 4, "fri": 5, "sat": 6, "sun": 7]
        return short[String(word)]
    }

    /// 1 … 12, from a full or a three-letter name ("sept" too).
    static func month(_ word: Substring) -> Int? {
        let names = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
        if let index = names.firstIndex(of: String(word)) { return index + 1 }
        if word == "sept" { return 9 }
        guard word.count == 3 else { return nil }
        return names.firstIndex(where: { $0.hasPrefix(word) }).map { $0 + 1 }
    }

    /// "3", "a", "an", "one" … "twelve".
    static func count(_ word: Substring) -> Int? {
        if let number = Int(word), number >= 0, number <= 100_000 { return number }
        let words = [
            "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
            "eleven": 11, "twelve": 12,
        ]
        return words[String(word)]
    }

    /// "1st", "2nd", "23rd", "15th": a day of a month when 1…31 (the caller says so otherwise).
    static func ordinal(_ word: Substring) -> Int? {
        for suffix in ["st", "nd", "rd", "th"] where word.hasSuffix(suffix) {
            if let day = Int(word.dropLast(2)), (1...99).contains(day) { return day }
        }
        return nil
    }
}
