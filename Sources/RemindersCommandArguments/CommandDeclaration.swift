/// A command as the person at the terminal meets it: how it is called, what it does and its
/// options, declared once. Its reader (`parse`), its `--help`, and through the program's
/// `schema --command-line` the shell completions and the man page are all made from this.
public struct CommandDeclaration: Sendable {
    /// The word after the program's name (`history`); `serve` for the program itself.
    public let name: String
    /// The program it belongs to, as usage texts name it (`remindersd`).
    public let program: String
    /// One line for the program's own `--help`.
    public let summary: String
    /// The forms it is called in, each after `program name` (`[--keep-days N] [--store PATH]`).
    public let usage: [String]
    /// What it does, as running text (lines as they are to be printed).
    public let about: String
    public let options: [Option]
    /// What a shell offers for its arguments: words (`list`, `set`), files (`import FILE...`), or nothing.
    public let arguments: Option.Completion

    public init(
        name: String, program: String = "remindersd", summary: String, usage: [String], about: String, options: [Option],
        arguments: Option.Completion = .none
    ) {
        self.name = name
        self.program = program
        self.summary = summary
        self.usage = usage
        self.about = about
        self.options = options
        self.arguments = arguments
    }

    /// The option every command reads: `--help` (and `-h`).
    public static let helpOption = Option.flag("--help", "this text")

    /// Reads `arguments` by this declaration: its options, `--help` and `-h`; anything else that
    /// looks like an option is a usage error naming it.
    public func parse(_ arguments: [String]) throws -> Arguments {
        var valueFlags = Set<String>(), switchFlags: Set<String> = ["--help", "-h"]
        for option in options {
            if option.takesValue { valueFlags.insert(option.name) } else { switchFlags.insert(option.name) }
        }
        return try Arguments(arguments, valueFlags: valueFlags, switchFlags: switchFlags)
    }

    /// Whether `parsed` asks for the help text.
    public static func wantsHelp(_ parsed: Arguments) -> Bool { parsed.wantsHelp }

    /// How it is called: `remindersd history` (`remindersd` for serve).
    public var invocation: String { name == "serve" ? program : "\(program) \(name)" }

    /// A usage error showing the form that starts with `word` (`add`), or — without one, or
    /// with one no form starts with — the forms by their first words.
    public func usageError(_ word: String? = nil) -> Arguments.UsageError {
        if let word, let form = usage.first(where: { $0 == word || $0.hasPrefix(word + " ") }) {
            return Arguments.UsageError(message: "usage: \(invocation) \(form)")
        }
        if usage.count == 1 { return Arguments.UsageError(message: "usage: \(invocation) \(usage[0])") }
        let forms = usage.map { $0.prefix { $0 != " " } }.joined(separator: " | ")
        return Arguments.UsageError(message: "usage: \(invocation) \(forms)")
    }

    /// The `--help` text: usage, what it does, options.
    public var help: String {
        var lines = usage.enumerated().map { index, form in (index == 0 ? "Usage: " : "       ") + "\(invocation) \(form)" }
        if !about.isEmpty { lines += [""] + about.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        lines += ["", "Options:"] + Self.optionLines(options.filter { !$0.isHidden } + [Self.helpOption])
        return lines.joined(separator: "\n")
    }

    /// Options as `--help` lists them: the synopsis, then the help aligned in a second column
    /// (on the next line when the synopsis is too long for the column).
    public static func optionLines(_ options: [Option]) -> [String] {
        let column = 24
        var lines: [String] = []
        for option in options {
            let name = option.name == "--help" ? "-h, --help" : option.synopsis
            let help = option.help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let indent = String(repeating: " ", count: column + 2)
            if name.count + 2 < column {
                lines.append("  " + name + String(repeating: " ", count: column - name.count) + (help.first ?? ""))
            } else {
                lines.append("  " + name)
                lines.append(indent + (help.first ?? ""))
            }
            lines += help.dropFirst().map { indent + $0 }
        }
        return lines
    }
}
