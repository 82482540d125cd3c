/// A person's search words as an SQLite FTS5 query: every word must occur, the last one as a
/// prefix ("buy mi" finds "Buy milk").
///
/// Each word is quoted as an FTS5 string, so nothing a client types is query syntax: `"`, `*`,
/// `NEAR`, `AND`, `-` or `:` are text to find (and the tokenizer drops what is not a letter or
/// digit), never operators that could break the query or make it slow.
enum FullTextQuery {
    /// The MATCH expression, or nil when the words hold nothing searchable (only punctuation),
    /// which matches no reminder.
    static func match(_ words: String) -> String? {
        let searchable = words.split(whereSeparator: { $0.isWhitespace })
            .filter { $0.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil } }
        guard !searchable.isEmpty else { return nil }
        return searchable.enumerated().map { index, word in
            let quoted = "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            return index == searchable.count - 1 ? quoted + "*" : quoted
        }.joined(separator: " ")
    }
}
