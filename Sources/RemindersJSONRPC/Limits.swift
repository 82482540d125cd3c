/// Bounds on what one client may send; each is a command-line flag of the server.
public struct Limits: Sendable, Equatable {
    /// Largest message body or line, in bytes.
    public var maxMessageSize: Int = 16 << 20
    /// Deepest nesting of JSON arrays and objects.
    public var maxDepth: Int = 64
    /// Most messages in one batch.
    public var maxBatch: Int = 1000

    public init(maxMessageSize: Int = 16 << 20, maxDepth: Int = 64, maxBatch: Int = 1000) {
        self.maxMessageSize = maxMessageSize
        self.maxDepth = maxDepth
        self.maxBatch = maxBatch
    }
}
