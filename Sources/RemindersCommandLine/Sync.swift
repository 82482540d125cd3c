import RemindersCommandArguments

extension CommandDeclaration {
    /// Run as `remindersd-sync` (`remindersd sync` replaces itself with it).
    public static let sync = CommandDeclaration(
        name: "sync", summary: "syncs the accounts' lists with the server, both ways",
        usage: ["[NAME] [--dry-run] [--json] [--force-delete LIST]... [--store PATH]"],
        about: """
            Syncs every CalDAV account (or NAME) both ways: a line per account and per list
            ("Groceries: ↓3 ↑1 ✕0, 1 conflict": downloaded, uploaded, deleted), with conflicts, skipped
            items and notes under it; a progress bar on a terminal. When a list that had synced items
            goes empty on one side (a server restored from an empty backup), nothing is deleted on the
            other: the report says so, and --force-delete lets those deletions go through.
            Exit status 1 when an account or list failed, an item was skipped or deletions were withheld.
            """,
        options: [
            .dryRun,
            .json,
            .forceDelete,
            .store,
            .serve,
            Option.maxTitleBytes.hidden,
            Option.maxNotesBytes.hidden,
            .geocoder,
            Option.geocodeTimeout.hidden,
        ])
}

extension Option {
    public static let geocodeTimeout = Option.integer("--timeout", "S", "with --geocoder: seconds to wait for its answer (default 15)", in: 1...120)
}

extension Option {
    public static let dryRun = Option.flag(
        "--dry-run",
        "print the plan under each list, an item a line (↓ fetched here, ↑ put there,\n✕ removed here or there), and move nothing")
    public static let json = Option.flag("--json", "print the report as one JSON object (what the sync method answers)")
    public static let forceDelete = Option.value("--force-delete", "LIST", "let the deletions withheld for LIST (its title or identifier) go through")
    public static let serve = Option.flag(
        "--serve", "read one `sync` request (JSON-RPC) on stdin; answer with $/progress and the report on stdout",
        hidden: true)
    public static let geocoder = Option.value(
        "--geocoder", "URL", "with --serve: the owner's geocoder, for geocode and reverseGeocode requests", hidden: true)
}
