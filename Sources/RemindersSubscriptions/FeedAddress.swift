import Foundation

/// A feed's address as the owner gives it, and where it may lead: `webcal://` and `webcals://`
/// (what publishers' "subscribe" links say) are the `http://` and `https://` they mean — never
/// the other way round (ICSx⁵ #189) — and nothing but http(s) is fetched.
public enum FeedAddress {
    public struct Refused: Error, CustomStringConvertible, Sendable {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// `text` as the http(s) URL to fetch; refused when it is anything else, has no host, or holds
    /// a user or password (give them with --username and a password file or command).
    public static func normalized(_ text: String) throws(Refused) -> URL {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var rewritten = trimmed
        for (from, to) in [("webcals://", "https://"), ("webcal://", "http://")] where trimmed.lowercased().hasPrefix(from) {
            rewritten = to + trimmed.dropFirst(from.count)
        }
        guard let url = URL(string: rewritten), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw Refused("a feed's address is http://, https://, webcal:// or webcals://")
        }
        guard let host = url.host, !host.isEmpty else { throw Refused("the feed's address names no host") }
        guard url.user == nil, url.password == nil else {
            throw Refused("the feed's address must not hold a user or password: give --username, and the password by file or command")
        }
        return url
    }

    /// Where a redirect from `from` to `location` leads, or why it is not followed: only to
    /// http(s), and never from HTTPS down to HTTP (the feed, and a password, would go in clear text).
    public static func redirect(from: URL, to location: String) throws(Refused) -> URL {
        guard let target = URL(string: location, relativeTo: from)?.absoluteURL else {
            throw Refused("the server redirected to an address that is no URL")
        }
        let scheme = target.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else { throw Refused("the server redirected to a \(scheme): address, which is not followed") }
        guard !(from.scheme?.lowercased() == "https" && scheme == "http") else {
            throw Refused("the server redirected from https to http, which is not followed")
        }
        guard target.host?.isEmpty == false else { throw Refused("the server redirected to an address without a host") }
        return target
    }
}
