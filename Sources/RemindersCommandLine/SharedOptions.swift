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

    public static let maxTitleBytes = Option.value("--max-title-bytes", "N", "bytes per reminder title (default 65536)")
    public static let maxNotesBytes = Option.value("--max-notes-bytes", "N", "bytes per reminder's notes (default 1048576)")

    /// What `remindersd serve` reads, and `call` with it (a one-shot call is a served session in this process).
    public static let serving: [Option] = [
        .store, .consentAgent, .noConsentPrompt,
        .value("--consent-timeout", "S", "seconds to wait for the owner's answer (default 60)"),
        .value("--max-message-size", "N", "bytes per message (default 16777216)"),
        .value("--max-depth", "N", "JSON nesting depth (default 64)"),
        .value("--max-batch", "N", "messages per batch (default 1000)"),
        .maxTitleBytes, .maxNotesBytes,
        .value("--busy-timeout", "MS", "how long to wait for another process's write lock (default 15000)"),
        .logLevel,
    ]
}
