/// Where things are on the face, for one app (Radicale's layout, where the principal is the
/// calendar home): `/dav/APP/` the principal and its home, `/dav/APP/CALENDAR/` a list or event
/// calendar by its identifier, `/dav/APP/CALENDAR/NAME.ics` an item. `/.well-known/caldav` and
/// `/` lead to `/dav/` (RFC 6764), which leads a logged-in app to its principal.
enum FacePath: Equatable {
    case root
    case wellKnown
    /// `/dav/`: where clients that know only the server's address start.
    case service
    case principal(app: String)
    case collection(app: String, calendar: String)
    case item(app: String, calendar: String, name: String)

    static let prefix = "/dav/"

    /// The path as the server read it (percent-decoded); nil for one that is none of these.
    init?(_ path: String) {
        if path == "/" || path.isEmpty {
            self = .root
            return
        }
        if path == "/.well-known/caldav" || path == "/.well-known/caldav/" {
            self = .wellKnown
            return
        }
        guard path.hasPrefix(Self.prefix) else { return nil }
        let parts = path.dropFirst(Self.prefix.count).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let trailing = parts.last == ""
        let segments = trailing ? Array(parts.dropLast()) : parts
        guard !segments.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else { return nil }
        switch segments.count {
        case 0: self = .service
        case 1: self = .principal(app: segments[0])
        case 2: self = .collection(app: segments[0], calendar: segments[1])
        case 3 where !trailing: self = .item(app: segments[0], calendar: segments[1], name: segments[2])
        default: return nil
        }
    }

    /// The href a client is given: percent-encoded, collections ending in `/`.
    var href: String {
        switch self {
        case .root: return "/"
        case .wellKnown: return "/.well-known/caldav"
        case .service: return Self.prefix
        case .principal(let app): return Self.prefix + Self.encoded(app) + "/"
        case .collection(let app, let calendar): return Self.prefix + Self.encoded(app) + "/" + Self.encoded(calendar) + "/"
        case .item(let app, let calendar, let name):
            return Self.prefix + Self.encoded(app) + "/" + Self.encoded(calendar) + "/" + Self.encoded(name)
        }
    }

    /// The app the path belongs to, if any.
    var app: String? {
        switch self {
        case .principal(let app), .collection(let app, _), .item(let app, _, _): return app
        case .root, .wellKnown, .service: return nil
        }
    }

    /// RFC 3986's unreserved characters kept, everything else as %XX of its UTF-8 bytes.
    static func encoded(_ segment: String) -> String {
        func isUnreserved(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "@"):
                return true
            default: return false
            }
        }
        // Identifiers and most names need nothing: every href of a multistatus goes through here.
        guard !segment.utf8.allSatisfy(isUnreserved) else { return segment }
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(segment.utf8.count * 3)
        for byte in segment.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
