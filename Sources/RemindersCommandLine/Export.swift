import RemindersCommandArguments

extension CommandDeclaration {
    public static let export = CommandDeclaration(
        name: "export", summary: "reminders (or an event calendar's events) as one VCALENDAR",
        usage: ["[--calendar LIST] [--output FILE] [--store PATH]"],
        about: """
            Writes one iCalendar (RFC 5545) VCALENDAR: a VTODO for every reminder of LIST, or of every
            list; a VEVENT for every event (a series with its overrides) when LIST is an event calendar.
            """,
        options: [
            .exportCalendar,
            .outputFile,
            .store,
        ])
}

extension Option {
    public static let exportCalendar = Option.value("--calendar", "LIST", "a list or event calendar, by title or identifier")
    public static let outputFile = Option.value("--output", "FILE", "where to write it (default: stdout)", completion: .file)
}
