/// A subcommand that cannot do what it was asked (a list that does not exist, a file that cannot
/// be read): printed as `remindersd: MESSAGE`, exit status 1.
public struct CommandFailure: Error, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
