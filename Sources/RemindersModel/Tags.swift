/// A reminder's tags, as the Reminders app has them and EventKit cannot reach: words without
/// white space, shown with a `#`, matched ignoring case.
public enum Tags {
    public static let maximumCount = 32
    public static let maximumLength = 64

    /// The tags as stored: each trimmed and without a leading `#`, unique ignoring case (the first
    /// spelling is kept). A tag that is empty, longer than 64 characters or holds white space is
    /// refused, named by its index in `tags` (`tags[3]`).
    public static func normalized(_ tags: [String]) throws(ValidationError) -> [String] {
        var kept: [String] = []
        var seen = Set<String>()
        for (index, raw) in tags.enumerated() {
            var tag = Substring(raw).drop(while: \.isWhitespace)
            while tag.last?.isWhitespace == true { tag = tag.dropLast() }
            if tag.hasPrefix("#") { tag = tag.dropFirst() }
            guard !tag.isEmpty, !TextRules.isBlank(String(tag)) else {
                throw ValidationError(field: "tags[\(index)]", "a tag needs at least one character besides \"#\"")
            }
            guard tag.count <= maximumLength else {
                throw ValidationError(field: "tags[\(index)]", "a tag is at most \(maximumLength) characters, got \(tag.count)")
            }
            guard !tag.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }) else {
                throw ValidationError(field: "tags[\(index)]", "a tag holds no white space or control characters: \"\(tag.prefix(40))\"")
            }
            if seen.insert(folded(String(tag))).inserted { kept.append(String(tag)) }
        }
        guard kept.count <= maximumCount else {
            throw ValidationError(field: "tags", "a reminder has at most \(maximumCount) tags, got \(kept.count)")
        }
        return kept
    }

    /// The form tags are compared in: case folded, so `Home` and `home` are one tag.
    public static func folded(_ tag: String) -> String { tag.lowercased() }

    /// Whether `tags` holds every one of `wanted`, ignoring case.
    public static func contains(_ tags: [String], all wanted: [String]) -> Bool {
        let have = Set(tags.map(folded))
        return wanted.allSatisfy { have.contains(folded($0)) }
    }
}

/// How many open reminders carry a tag (the `tags` method).
public struct TagCount: Equatable, Sendable {
    public var name: String
    public var count: Int
    public init(name: String, count: Int) { self.name = name; self.count = count }
}
