/// One HTTP request as the server read it whole: its head, and its body once every byte came.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path, percent-decoded (libmicrohttpd's reading), without the query.
    public var path: String
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// What the `Authorization: Basic` header carried, nil without one.
    public var credentials: BasicCredentials?

    public init(method: String, path: String, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [], credentials: BasicCredentials? = nil) {
        (self.method, self.path, self.headers, self.body, self.credentials) = (method, path, headers, body, credentials)
    }
}

/// A user name and password as a client sent them. The password never leaves memory: it is not
/// written to a log or a description.
public struct BasicCredentials: Sendable, CustomStringConvertible {
    public var user: String
    public var password: String

    public init(user: String, password: String) {
        (self.user, self.password) = (user, password)
    }

    public var description: String { "\(user):…" }
}

/// Header fields in the order they came; names compared without regard to case (RFC 9110 §5.1).
public struct HTTPHeaders: Sendable, Sequence {
    public private(set) var fields: [(name: String, value: String)] = []

    public init(_ fields: [(name: String, value: String)] = []) { self.fields = fields }

    public subscript(name: String) -> String? {
        fields.first { $0.name.caseInsensitiveEquals(name) }?.value
    }

    public mutating func add(_ name: String, _ value: String) { fields.append((name, value)) }

    public var count: Int { fields.count }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }
}

extension String {
    func caseInsensitiveEquals(_ other: String) -> Bool {
        utf8.count == other.utf8.count && lowercased() == other.lowercased()
    }
}
