import RemindersCommandArguments

/// The options several commands read, declared once.
extension Option {
    public static let store = Option.value(
        "--store", "PATH",
        "the SQLite store (env REMINDERSD_STORE;\ndefault ${XDG_DATA_HOME:-$HOME/.local/share}/remindersd/reminders.sqlite)",
        completion: .file)

    public static let logLevel = Option.value(
        "--log-level", "LEVEL", "error, warning, info (default) or debug; logs go to stderr", completion: .words(logLevels))

    static let logLevels = ["error", "warning", "info", "debug"]

    public static let consentAgent = Option.value(
        "--consent-agent", "PROGRAM",
        "heeded only when it is the owner's consent agent (permissions consent-agent);\nwithout one, asks on /dev/tty if there is one and it is yours",
        completion: .file)

    public static let noConsentPrompt = Option.flag("--no-consent-prompt", "never ask on /dev/tty")

    public static let maxTitleBytes = Option.integer("--max-title-bytes", "N", "bytes per reminder title (default 65536)", in: 1...(16 << 20))
    public static let maxNotesBytes = Option.integer("--max-notes-bytes", "N", "bytes per reminder's notes (default 1048576)", in: 1...(64 << 20))
    public static let consentTimeout = Option.integer("--consent-timeout", "S", "seconds to wait for the owner's answer (default 60)", in: 1...3600)
    public static let maxMessageSize = Option.integer("--max-message-size", "N", "bytes per message (default 16777216)", in: 1024...(1 << 30))
    public static let maxDepth = Option.integer("--max-depth", "N", "JSON nesting depth (default 64)", in: 2...512)
    public static let maxBatch = Option.integer("--max-batch", "N", "messages per batch (default 1000)", in: 1...100_000)
    public static let busyTimeout = Option.integer(
        "--busy-timeout", "MS", "how long to wait for another process's write lock (default 15000)", in: 0...3_600_000)

    /// What `remindersd serve` reads, and `call` with it (a one-shot call is a served session in this process).
    public static let serving: [Option] = [
        .store, .consentAgent, .noConsentPrompt, .consentTimeout, .maxMessageSize, .maxDepth, .maxBatch, .maxTitleBytes, .maxNotesBytes,
        .busyTimeout, .logLevel,
    ]
}
