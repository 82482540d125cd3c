import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An XML element with its namespace resolved: what WebDAV responses are read into. Small on
/// purpose — a multistatus is a few levels deep, and a tree is simpler to read than SAX events.
public struct XMLNode: Equatable, Sendable {
    public var namespace: String
    public var name: String
    public var attributes: [String: String]
    public var text: String
    public var children: [XMLNode]

    public func child(_ namespace: String, _ name: String) -> XMLNode? {
        children.first { $0.namespace == namespace && $0.name == name }
    }

    public func children(_ namespace: String, _ name: String) -> [XMLNode] {
        children.filter { $0.namespace == namespace && $0.name == name }
    }

    /// The element's text without the white space around it.
    /// (XML's white space is ASCII — space, tab, CR, LF — so it is trimmed by the byte: a multiget
    /// trims every one of its hrefs.)
    public var trimmedText: String {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        let bytes = text.utf8
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else { return "" }
        if first == bytes.startIndex, last == bytes.index(before: bytes.endIndex) { return text }
        return String(text[first...last])
    }

    /// Parses a whole document; nil when it is not well-formed XML.
    public static func parse(_ data: Data) -> XMLNode? {
        let builder = TreeBuilder()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else { return nil }
        return root
    }
}

private final class TreeBuilder: NSObject, XMLParserDelegate {
    var stack: [XMLNode] = []
    var root: XMLNode?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        guard stack.count < 64 else { return parser.abortParsing() }
        stack.append(XMLNode(namespace: namespaceURI ?? "", name: elementName, attributes: attributes, text: "", children: []))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard let node = stack.popLast() else { return }
        if stack.isEmpty { root = node } else { stack[stack.count - 1].children.append(node) }
    }
}
