/// Why an account or a list could not be synced, worded for the person who set it up.
public struct SyncError: Error, Equatable, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
