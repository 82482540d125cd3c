/// TEXT values (RFC 5545 §3.3.11): `\\`, `\;`, `\,` and `\n` escapes, and comma-separated lists.
public enum TextValue {
    public static func escape(_ text: String) -> String {
        // Most text has nothing to escape: no walk over its characters then.
        guard text.utf8.contains(where: { $0 == 0x5C || $0 == 0x3B || $0 == 0x2C || $0 == 0x0A || $0 == 0x0D }) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\n", "\r\n", "\r": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// Tolerant: an unknown escape keeps its character (`\:` → `:`), a lone backslash at the end stays.
    public static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var result = ""
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            guard character == "\\" else { result.append(character); continue }
            switch iterator.next() {
            case "n"?, "N"?: result.append("\n")
            case let other?: result.append(other)
            case nil: result.append("\\")
            }
        }
        return result
    }

    /// The items of a list value (`CATEGORIES:home,errands\,misc`), unescaped.
    public static func list(_ text: String) -> [String] {
        var items: [String] = []
        var current = ""
        var escaped = false
        for character in text {
            if escaped {
                current.append("\\")
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "," {
                items.append(unescape(current))
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaped { current.append("\\") }
        items.append(unescape(current))
        return items
    }

    public static func list(_ items: [String]) -> String { items.map(escape).joined(separator: ",") }
}
