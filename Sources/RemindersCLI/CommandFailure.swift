/// A subcommand that cannot do what it was asked (a list that does not exist, a file that cannot
/// be read): printed as `remindersd: MESSAGE`, exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
