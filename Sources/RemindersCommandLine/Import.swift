import RemindersCommandArguments

extension CommandDeclaration {
    public static let `import` = CommandDeclaration(
        name: "import", summary: ".ics files into a list or event calendar (a UID here updates)", usage: ["FILE... [--calendar LIST] [--store PATH]"],
        about: """
            Reads each .ics FILE (- for stdin) into LIST: its VTODOs into a reminder list, or — when
            LIST is an event calendar — its VEVENTs (a series with its overrides and exceptions). An
            item whose UID is already a reminder's or an event's updates it, so importing a file twice
            changes nothing the second time. Prints "imported N, updated N, unchanged N, skipped N",
            and each skipped item with the reason on stderr; exits 1 when any item was skipped.
            """,
        options: [.importCalendar, .store],
        arguments: .file)
}

extension Option {
    public static let importCalendar = Option.value(
        "--calendar", "LIST", "a list or event calendar, by title or identifier (default: the default list)")
}
