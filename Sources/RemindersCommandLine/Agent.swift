import RemindersCommandArguments

extension CommandDeclaration {
    public static let agent = CommandDeclaration(
        name: "agent", summary: "fires the store's alarms until SIGTERM (one per store)",
        usage: [
            "[--store PATH] [--notify desktop|none] [--on-alarm PROGRAM] [--catch-up DURATION] [--snooze DURATION] [--sync [INTERVAL]] [--dav [--listen ADDRESS]] [--log-level L]"
        ],
        about: """
            Fires the store's time alarms when they are due, exactly once each, until SIGTERM or SIGINT.
            One agent per store: a second one exits 1 at once. Durations: 90s, 10m, 24h, 2d.
            The zone floating and all-day due dates are read in is the process's (TZ).
            """,
        options: [
            .notify,
            .onAlarm,
            .catchUp,
            .snooze,
            .sync,
            .dav,
            .listen,
            .agentLogLevel,
            .store,
        ])
}

extension Option {
    public static let notify = Option.value(
        "--notify", "HOW",
        "desktop (default): a notification on the session bus (freedesktop\nNotifications, over one session-bus connection); none: no notification",
        completion: .words(["desktop", "none"]))
    public static let onAlarm = Option.value(
        "--on-alarm", "PROGRAM",
        "PROGRAM (split into words, run without a shell) gets each alarm as JSON on\nstdin: {reminder, alarm, fireDate, occurrenceDate, reason, late}",
        completion: .file)
    public static let catchUp = Option.duration(
        "--catch-up", "DURATION",
        "alarms that came due while no agent ran are delivered late when at most\nthis old (default 24h); older ones are recorded as missed")
    public static let snooze = Option.duration(
        "--snooze", "DURATION",
        "how long the notification's Snooze lasts (default 10m); its Complete completes\nthe reminder, and closing it dismisses the alarm")
    public static let sync = Option.optionalDuration(
        "--sync", "INTERVAL",
        "also sync every CalDAV account: within seconds of a change made here (a\nburst of changes is one sync) and every INTERVAL (default 5m) for the\nserver's; after a failure again after 30s, doubling up to 1h, or at the\nnext change. Never beside another sync of the store: one waits for the other"
    )
    public static let dav = Option.flag(
        "--dav",
        "also serve the store to the desktop's calendar apps over CalDAV, as\n`remindersd dav` does (at 127.0.0.1:5233 unless --listen says otherwise)"
    )
    public static let agentLogLevel = Option.value(
        "--log-level", "LEVEL",
        "error, warning (default), info (a line per alarm fired) or debug (and\na line per pass over the schedule, with its cost)",
        completion: .words(Option.logLevels))
}
