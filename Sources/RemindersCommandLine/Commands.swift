import RemindersCommandArguments

/// Every command of `remindersd`, in the order its `--help` lists them (`serve` first).
public enum Commands {
    public static let all: [CommandDeclaration] = [
        .serve, .permissions, .call, .export, .import, .accounts, .sync, .subscriptions, .agent, .alarms, .history, .mcp, .location, .geocoder, .dav,
        .schema,
        .consentAsk,
    ]

    /// What remindersd is, in a line.
    public static let about = "an EventKit-compatible reminders store, served as JSON-RPC 2.0 over stdio"

    /// The command named `name`.
    public static func named(_ name: String) -> CommandDeclaration? { all.first { $0.name == name } }

    /// `remindersd --help`: every command's usage with its summary, then the options of `serve`.
    public static var help: String {
        var lines = ["remindersd — \(about).", "", "Usage:"]
        for command in all {
            lines += command.usage.map { "  \(command.invocation) \($0)" }
            lines.append(String(repeating: " ", count: 8) + command.summary)
        }
        lines += ["  remindersd --version | --help", "", "Serve options:"]
        lines += CommandDeclaration.optionLines(CommandDeclaration.serve.options)
        return lines.joined(separator: "\n")
    }
}
