import Foundation

/// Text kept as one field of a tab-separated line (the store's compact columns: a series' parts,
/// an event's participants): a backslash, tab, carriage return or line break escaped, and back.
public enum TabSeparatedText {
    public static func escaped(_ text: String) -> String {
        guard text.contains(where: { $0 == "\\" || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return text }
        return text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t")
            .replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
    }

    public static func unescaped(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var result = "", escaping = false
        for character in text {
            if escaping {
                switch character {
                case "t": result.append("\t")
                case "n": result.append("\n")
                case "r": result.append("\r")
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
