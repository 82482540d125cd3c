import RemindersCommandArguments

extension CommandDeclaration {
    public static let alarms = CommandDeclaration(
        name: "alarms", summary: "the time alarms of the next N days (default 7)", usage: ["[--days N] [--store PATH]"],
        about: """
            The time alarms of reminders and events that fire in the next N days (default 7), soonest
            first, one per line:
            "2026-12-02 08:45  Call the bank" (in the zone TZ says), "(snoozed)" after a snoozed one.
            What upcomingAlarms answers; acts as the store's owner, like export.
            """,
        options: [.alarmDays, .store])
}

extension Option {
    public static let alarmDays = Option.integer("--days", "N", "how many days ahead (1…3660, default 7)", in: 1...3660)
}
