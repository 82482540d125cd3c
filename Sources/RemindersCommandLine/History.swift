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
            .keepDays, .keepChanges,
            .store,
        ])
}

extension Option {
    public static let keepDays = Option.integer("--keep-days", "N", "keep changes for N days", in: 0...36_600)
    public static let keepChanges = Option.integer("--keep-changes", "N", "keep at most N changes", in: 0...100_000_000)
}
