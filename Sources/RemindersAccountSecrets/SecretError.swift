/// Why an account's password cannot be had, worded for the person who set the account up.
public struct SecretError: Error, Equatable, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
