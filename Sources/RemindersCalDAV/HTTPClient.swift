import Foundation
import Synchronization

/// An HTTP request and its answer, as the WebDAV layer sees them.
public struct HTTPRequest: Sendable {
    public var method: String
    public var url: URL
    public var headers: [String: String]
    public var body: Data?

    public init(_ method: String, _ url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

public struct HTTPResponse: Sendable {
    public var status: Int
    /// Header names in lower case.
    public var headers: [String: String]
    public var body: Data
    public var url: URL

    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// Basic credentials, sent with every request (not after a challenge: a refused challenge would
/// cost a round trip per request).
public struct Credentials: Sendable {
    public var username: String
    public var password: String

    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }

    var authorization: String { "Basic " + Data("\(username):\(password)".utf8).base64EncodedString() }
}

/// Synchronous HTTP over libcurl: one request at a time on one kept-open connection, redirects
/// returned rather than followed (WebDAV methods must not turn into GETs, and discovery wants to
/// see them), a timeout for connecting and for silence, a cap on answers, and a count of
/// requests made (for the sync report and the bench).
public final class HTTPClient: Sendable {
    public let credentials: Credentials?
    public let timeout: TimeInterval
    public let maximumResponseSize: Int
    private let easy = Mutex<CurlEasy?>(nil)
    private let made = Atomic(0)

    public init(credentials: Credentials?, timeout: TimeInterval = 30, maximumResponseSize: Int = 64 << 20) {
        self.credentials = credentials
        self.timeout = timeout
        self.maximumResponseSize = maximumResponseSize
    }

    /// How many requests were sent so far.
    public var requestCount: Int { made.load(ordering: .relaxed) }

    public func send(_ request: HTTPRequest) throws(DAVError) -> HTTPResponse {
        var lines = request.headers.map { "\($0.key): \($0.value)" }
        if let credentials { lines.append("Authorization: \(credentials.authorization)") }
        lines.append("User-Agent: remindersd")
        lines.append("Expect:")  // no 100-continue round trip before a body
        if request.body != nil, !request.headers.keys.contains(where: { $0.lowercased() == "content-type" }) {
            lines.append("Content-Type:")  // not libcurl's form encoding
        }
        let limits = CurlEasy.Limits(
            connect: timeout, idle: timeout, total: max(timeout * 4, timeout + 60),
            maximumResponseSize: maximumResponseSize)
        made.add(1, ordering: .relaxed)
        let response: HTTPResponse
        do {
            response = try easy.withLock { (easy: inout CurlEasy?) throws(CurlEasy.Failure) -> HTTPResponse in
                if easy == nil { easy = CurlEasy() }
                guard let handle = easy else { throw .failed("libcurl could not start") }
                return try handle.perform(request, headerLines: lines, limits: limits)
            }
        } catch {
            switch error {
            case .timedOut: throw .timedOut(seconds: timeout)
            case .tooLarge(let size):
                throw .tooLarge(
                    "the server's answer to \(request.method) \(request.url.path) is more than \(maximumResponseSize) bytes (\(size) so far)")
            case .failed(let why): throw .unreachable(why)
            }
        }
        if response.status == 401 { throw .unauthorized }
        return response
    }
}
