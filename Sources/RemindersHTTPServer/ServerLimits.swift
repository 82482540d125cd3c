/// How much one request and the server as a whole may take, so that a peer that misbehaves (or a
/// web page that found the port) cannot make it grow without bound or hold it.
public struct ServerLimits: Sendable {
    /// The largest body read; a bigger one is answered 413 without keeping it.
    public var bodyBytes = 16 << 20
    /// Header fields per request; more is 431.
    public var headerFields = 100
    /// Memory per connection, which the request's head must fit in (libmicrohttpd answers 431 when
    /// it does not).
    public var connectionMemory = 64 << 10
    /// Connections at once; more wait in the listen queue.
    public var connections: UInt32 = 64
    /// Seconds a connection may be idle, mid-request or between requests.
    public var idleSeconds: UInt32 = 30
    /// Threads answering requests.
    public var threads: UInt32 = 4

    public init() {}
}
