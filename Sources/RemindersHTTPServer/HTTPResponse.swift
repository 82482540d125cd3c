/// What the server answers a request with.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        (self.status, self.headers, self.body) = (status, headers, body)
    }

    /// A short plain-text answer, for refusals: what was wrong, in words.
    public static func text(_ status: Int, _ message: String, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        var headers = headers
        headers.add("Content-Type", "text/plain; charset=utf-8")
        return HTTPResponse(status: status, headers: headers, body: Array((message + "\n").utf8))
    }
}
