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

    /// The href of the item named `uid` in the collection at `collection` (a path ending in `/`):
    /// the UID itself when it is a plain name every server takes — ASCII letters, digits and
    /// `-._~@+`, at most `maximumNameLength` bytes — else a name derived from it, the same every
    /// time, as DAVx5 does. What servers refuse is not only what the URL syntax reserves: Radicale
    /// answers 400 to `"` and `<`, 500 to a UID of thousands of characters, Xandikos 500 to a file
    /// name over its file system's limit, which non-ASCII UIDs reach three times sooner encoded.
    public static func item(uid: String, in collection: String) -> String {
        let folder = canonical(collection)
        let plain =
            !uid.isEmpty && uid != "." && uid != ".." && uid.utf8.count <= maximumNameLength
            && uid.utf8.allSatisfy { byte in Self.plainBytes.contains(byte) }
        return folder + (folder.hasSuffix("/") ? "" : "/") + (plain ? segment(uid) : "uid-" + digest(uid)) + ".ics"
    }

    /// The longest UID (in bytes) used as it is for a name.
    public static let maximumNameLength = 100

    private static let plainBytes = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~@+".utf8)

    /// 128 bits of FNV-1a over the UTF-8 (two runs, two offsets): a name, not a secret.
    static func digest(_ text: String) -> String {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325, second: UInt64 = 0x6c62_272e_07bb_0142
        for byte in text.utf8 {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex(first) + hex(second)
    }

    /// `href` on the server of `base`.
    public static func url(_ href: String, base: URL) -> URL {
        URL(string: href, relativeTo: base)?.absoluteURL ?? base
    }
}
