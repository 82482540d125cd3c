import Foundation
import RemindersWebDAV

/// A 207 Multi-Status body (RFC 4918 §13): one entry per href, with the properties found (status
/// 200) and the status of the href itself when the server gives one (sync-collection uses 404 for
/// a removed member).
public struct MultiStatus: Sendable {
    public struct Response: Sendable {
        public var href: String
        /// The response's own status code (`<status>` outside any propstat), if any.
        public var status: Int?
        /// The properties the server returned with 200, by (namespace, name).
        public var properties: [XMLNode]

        public func property(_ namespace: String, _ name: String) -> XMLNode? {
            properties.first { $0.namespace == namespace && $0.name == name }
        }
    }

    public var responses: [Response]
    /// `sync-token` of a sync-collection report.
    public var syncToken: String?

    public init(_ data: Data) throws(DAVError) {
        guard let root = XMLNode.parse(data), root.namespace == DAVNamespace.dav, root.name == "multistatus" else {
            throw .malformed("the server's answer is not a WebDAV multistatus")
        }
        syncToken = root.child(DAVNamespace.dav, "sync-token")?.trimmedText
        responses = root.children(DAVNamespace.dav, "response").compactMap { response in
            guard let href = response.child(DAVNamespace.dav, "href")?.trimmedText, !href.isEmpty else { return nil }
            var properties: [XMLNode] = []
            for propstat in response.children(DAVNamespace.dav, "propstat") {
                let code = propstat.child(DAVNamespace.dav, "status").flatMap { Self.statusCode($0.trimmedText) } ?? 200
                guard (200..<300).contains(code) else { continue }
                properties += propstat.child(DAVNamespace.dav, "prop")?.children ?? []
            }
            let status = response.child(DAVNamespace.dav, "status").flatMap { Self.statusCode($0.trimmedText) }
            return Response(href: href, status: status, properties: properties)
        }
    }

    /// `HTTP/1.1 404 Not Found` → 404.
    static func statusCode(_ line: String) -> Int? {
        let parts = line.split(separator: " ")
        return parts.count >= 2 ? Int(parts[1]) : nil
    }
}
