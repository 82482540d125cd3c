import Foundation
import RemindersCalDAV

/// One fetch of a feed, as ICSx⁵ and Thunderbird make it: conditional on the last good answer's
/// validators (a 304 costs one request and nothing else), redirects followed here rather than by
/// libcurl (at most five, only to http(s), never from https down to http, the password sent
/// to the feed's own host only), and the answer bounded in size.
public struct FeedFetcher {
    public static let maximumRedirects = 5
    /// A feed larger than this is refused, with its size, rather than read in part.
    public static let maximumSize = 16 << 20

    public enum Answer: Equatable, Sendable {
        /// 304: the copy here is current. `movedTo`: the address, when permanent redirects moved it.
        case notModified(movedTo: URL?)
        case fetched(text: String, entityTag: String?, lastModified: String?, movedTo: URL?)
        /// 410: the publisher took it down for good.
        case gone
    }

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    let credentials: Credentials?
    let timeout: TimeInterval
    /// Requests made, redirects included (for the report and the tests' count).
    public private(set) var requestCount = 0

    public init(credentials: Credentials?, timeout: TimeInterval = 30) {
        self.credentials = credentials
        self.timeout = timeout
    }

    public mutating func fetch(_ address: URL, entityTag: String?, lastModified: String?) throws(Failure) -> Answer {
        var url = address
        var movedTo: URL?
        var permanentSoFar = true
        for _ in 0...Self.maximumRedirects {
            var headers = ["Accept": "text/calendar, */*;q=0.5"]
            if let entityTag { headers["If-None-Match"] = entityTag }
            if let lastModified { headers["If-Modified-Since"] = lastModified }
            // The password is the feed's host's: a redirect elsewhere goes without it.
            let sameHost = url.host?.lowercased() == address.host?.lowercased() && url.port == address.port
            let client = HTTPClient(credentials: sameHost ? credentials : nil, timeout: timeout, maximumResponseSize: Self.maximumSize)
            let response: HTTPResponse
            requestCount += 1
            do { response = try client.send(HTTPRequest("GET", url, headers: headers)) } catch {
                switch error {
                case .unauthorized:
                    throw Failure(
                        "the server refused the username and password (401)" + (credentials == nil ? "; give --username and a password" : ""))
                case .tooLarge: throw Failure("the feed is larger than \(Self.maximumSize >> 20) MiB; it was not read")
                default: throw Failure("\(error)")
                }
            }
            switch response.status {
            case 200..<300:
                var body = response.body
                if body.starts(with: [0xEF, 0xBB, 0xBF]) { body.removeFirst(3) }
                return .fetched(
                    text: String(decoding: body, as: UTF8.self), entityTag: response.header("etag"),
                    lastModified: response.header("last-modified"), movedTo: movedTo)
            case 304:
                return .notModified(movedTo: movedTo)
            case 301, 302, 303, 307, 308:
                guard let location = response.header("location") else { throw Failure("the server answered \(response.status) without a Location") }
                do { url = try FeedAddress.redirect(from: url, to: location) } catch { throw Failure(error.description) }
                permanentSoFar = permanentSoFar && (response.status == 301 || response.status == 308)
                if permanentSoFar { movedTo = url }
            case 410:
                return .gone
            default:
                throw Failure("the server answered HTTP \(response.status)")
            }
        }
        throw Failure("the server redirected more than \(Self.maximumRedirects) times")
    }
}
