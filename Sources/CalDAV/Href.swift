import Foundation

/// Resource paths as a server names them, made comparable: servers differ in what they
/// percent-encode (`@`, `:`, non-ASCII), so every href is decoded and encoded again one way.
public enum Href {
    /// Everything but RFC 3986's unreserved characters is encoded.
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// One path segment (a UID may hold `/`, `?`, spaces or any other character).
    public static func segment(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// The canonical form of an href (an absolute path, or a URL whose path is taken).
    public static func canonical(_ href: String) -> String {
        var path = href
        if let url = URL(string: href), url.scheme != nil { path = url.path(percentEncoded: true) }
        let trailingSlash = path.hasSuffix("/")
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).map { segment in
            Self.segment(String(segment).removingPercentEncoding ?? String(segment))
        }
        return "/" + segments.joined(separator: "/") + (trailingSlash && !segments.isEmpty ? "/" : "")
    }

    /// The href of the item named `uid` in the collection at `collection` (a path ending in `/`).
    public static func item(uid: String, in collection: String) -> String {
        let folder = canonical(collection)
        return folder + (folder.hasSuffix("/") ? "" : "/") + segment(uid) + ".ics"
    }

    /// `href` on the server of `base`.
    public static func url(_ href: String, base: URL) -> URL {
        URL(string: href, relativeTo: base)?.absoluteURL ?? base
    }
}
