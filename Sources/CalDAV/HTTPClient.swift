import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
/// cost a round trip per request, and Foundation on Linux hangs on an unanswered one).
public struct Credentials: Sendable {
    public var username: String
    public var password: String

    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }

    var authorization: String { "Basic " + Data("\(username):\(password)".utf8).base64EncodedString() }
}

/// Synchronous HTTP over URLSession (FoundationNetworking's, with the system's libcurl): one
/// request at a time, redirects returned rather than followed (WebDAV methods must not turn into
/// GETs, and discovery wants to see them), a timeout per request, a cap on answers, and a count
/// of requests made (for the sync report and the bench).
public final class HTTPClient: Sendable {
    public let credentials: Credentials?
    public let timeout: TimeInterval
    public let maximumResponseSize: Int
    private let session: URLSession
    private let delegate = SessionDelegate()
    private let made = Atomic(0)

    public init(credentials: Credentials?, timeout: TimeInterval = 30, maximumResponseSize: Int = 64 << 20) {
        self.credentials = credentials
        self.timeout = timeout
        self.maximumResponseSize = maximumResponseSize
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = max(timeout * 4, timeout + 60)
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit { session.invalidateAndCancel() }

    /// How many requests were sent so far.
    public var requestCount: Int { made.load(ordering: .relaxed) }

    public func send(_ request: HTTPRequest) throws(DAVError) -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if let credentials { urlRequest.setValue(credentials.authorization, forHTTPHeaderField: "Authorization") }
        urlRequest.setValue("remindersd", forHTTPHeaderField: "User-Agent")
        made.add(1, ordering: .relaxed)

        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        let task = session.dataTask(with: urlRequest) { data, response, error in
            outcome.set(data: data, response: response as? HTTPURLResponse, error: error)
            done.signal()
        }
        task.resume()
        done.wait()
        let challenged = delegate.finish(task)
        let (data, response, error) = outcome.get()
        if let error {
            if challenged { throw .unauthorized }
            let code = (error as NSError).code
            if code == NSURLErrorTimedOut { throw .timedOut(seconds: timeout) }
            throw .unreachable((error as NSError).localizedDescription.isEmpty ? "error \(code)" : (error as NSError).localizedDescription)
        }
        guard let response else { throw .unreachable("no answer") }
        let body = data ?? Data()
        guard body.count <= maximumResponseSize else {
            throw .tooLarge("the server's answer to \(request.method) \(request.url.path) is \(body.count) bytes, more than \(maximumResponseSize)")
        }
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        if response.statusCode == 401 { throw .unauthorized }
        return HTTPResponse(status: response.statusCode, headers: headers, body: body, url: response.url ?? request.url)
    }
}

/// The completion of one task, handed from URLSession's queue to the waiting thread.
private final class Outcome: Sendable {
    private let value = Mutex<(Data?, HTTPURLResponse?, (any Error)?)>((nil, nil, nil))
    func set(data: Data?, response: HTTPURLResponse?, error: (any Error)?) { value.withLock { $0 = (data, response, error) } }
    func get() -> (Data?, HTTPURLResponse?, (any Error)?) { value.withLock { $0 } }
}

// An NSObject (URLSession's delegates are), which the compiler cannot check; `challenged` is guarded by `lock`.
private final class SessionDelegate: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var challenged: Set<Int> = []

    func finish(_ task: URLSessionTask) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return challenged.remove(task.taskIdentifier) != nil
    }

    /// The credentials went with the request; a challenge means they were refused. Cancelling
    /// ends the task at once (performing the default handling would wait forever).
    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        lock.lock(); challenged.insert(task.taskIdentifier); lock.unlock()
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}
