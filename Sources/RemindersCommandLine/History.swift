import RemindersCommandArguments

extension CommandDeclaration {
    public static let history = CommandDeclaration(
        name: "history", summary: "how long the history of changes (undo, trash) is kept",
        usage: ["[--keep-days N] [--keep-changes N] [--store PATH]"],
        about: """
            Says how long the history of changes is kept (what undo, restore and the trash reach back
            to): "keeps 30 days, at most 100000 changes; holds N changes". With --keep-days or
            --keep-changes, sets it (the owner's setting, for every client) and trims what is older
            now; 0 keeps nothing.
            """,
        options: [
            .value("--keep-days", "N", "keep changes for N days"),
            .value("--keep-changes", "N", "keep at most N changes"),
            .store,
        ])
}
