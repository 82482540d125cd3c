/// WebDAV's XML written as it goes: elements in the namespaces CalDAV speaks under short prefixes
/// declared once on the root (`d:`, `c:`, `cs:`, `ic:`), any other namespace declared on the
/// element that uses it (a property a client asked for that nobody here knows), text and
/// attributes escaped.
public struct XMLWriter {
    public private(set) var text = #"<?xml version="1.0" encoding="utf-8"?>"# + "\n"
    private var open: [String] = []
    private var rootWritten = false

    static let prefixes: [(namespace: String, prefix: String)] = [
        (DAVNamespace.dav, "d"), (DAVNamespace.calDAV, "c"), (DAVNamespace.calendarServer, "cs"), (DAVNamespace.apple, "ic"),
    ]

    public init() {}

    /// A writer of part of a document another writer holds: no prolog, the root's prefixes taken
    /// as declared. `append` it to that writer.
    public static func fragment() -> XMLWriter {
        var writer = XMLWriter()
        writer.text = ""
        writer.rootWritten = true
        return writer
    }

    public mutating func append(_ fragment: XMLWriter) { text += fragment.text }

    public var bytes: [UInt8] { Array(text.utf8) }

    public mutating func open(_ namespace: String, _ name: String, attributes: [(String, String)] = []) {
        text += "<" + start(namespace, name, attributes) + ">"
        open.append(qualified(namespace, name))
    }

    public mutating func close() {
        guard let name = open.popLast() else { return }
        text += "</\(name)>"
    }

    /// `<name>text</name>`, or `<name/>` for no text.
    public mutating func element(_ namespace: String, _ name: String, _ content: String? = nil, attributes: [(String, String)] = []) {
        let opening = start(namespace, name, attributes)
        guard let content, !content.isEmpty else {
            text += "<\(opening)/>"
            return
        }
        text += "<\(opening)>" + Self.escaped(content) + "</\(qualified(namespace, name))>"
    }

    private mutating func start(_ namespace: String, _ name: String, _ attributes: [(String, String)]) -> String {
        var opening = qualified(namespace, name)
        if !rootWritten {
            rootWritten = true
            for (namespace, prefix) in Self.prefixes { opening += " xmlns:\(prefix)=\"\(Self.escaped(namespace))\"" }
        }
        if Self.prefix(of: namespace) == nil { opening += " xmlns=\"\(Self.escaped(namespace))\"" }
        for (key, value) in attributes { opening += " \(key)=\"\(Self.escaped(value))\"" }
        return opening
    }

    private func qualified(_ namespace: String, _ name: String) -> String {
        Self.prefix(of: namespace).map { "\($0):\(name)" } ?? name
    }

    private static func prefix(of namespace: String) -> String? {
        prefixes.first { $0.namespace == namespace }?.prefix
    }

    /// Text safe in content and in a quoted attribute. Byte by byte — what is replaced is ASCII,
    /// so UTF-8 stays whole — and the text itself when nothing needs replacing (most of a
    /// calendar object), since a multiget escapes every object it answers.
    public static func escaped(_ text: String) -> String {
        func replacement(_ byte: UInt8) -> String? {
            switch byte {
            case UInt8(ascii: "&"): return "&amp;"
            case UInt8(ascii: "<"): return "&lt;"
            case UInt8(ascii: ">"): return "&gt;"
            case UInt8(ascii: "\""): return "&quot;"
            case UInt8(ascii: "\r"): return "&#13;"
            default: return nil
            }
        }
        guard text.utf8.contains(where: { replacement($0) != nil }) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 64)
        for byte in text.utf8 {
            if let replaced = replacement(byte) { bytes += replaced.utf8 } else { bytes.append(byte) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
