import RemindersCommandArguments

extension CommandDeclaration {
    public static let call = CommandDeclaration(
        name: "call", summary: "one request in a fresh session; result on stdout",
        usage: ["METHOD [JSON-PARAMS] [options]", "--batch '[[\"METHOD\", {PARAMS}], …]' [options]"],
        about: """
            Runs requests in a fresh session (initialize, the requests, shutdown) as client NAME.
            One request: its result as one line of JSON on stdout, exit 0; a JSON-RPC error: the error
            object on stderr, exit 1. --batch: every request in order, whatever the others did, and one
            line of JSON on stdout, an array with {"result": …} or {"error": …} for each; exit 0 when
            all succeeded, 1 otherwise. With --batch and another output than json, each request's rows
            are followed by a line holding only the character U+001E; an error goes to stderr and
            exits 1, printing nothing.
            """,
        options: [
            .client,
            .timeZone,
            .batch,
            .outputFormat,
            .columns,
            .tree,
            .color,
            .hideEmpty,
        ] + Option.serving)
}

extension Option {
    public static let client = Option.value("--client", "NAME", "the client identity (default remindersd-cli)")
    public static let timeZone = Option.value("--time-zone", "ZONE", "the session's zone for floating and all-day dates (default: TZ's)")
    public static let batch = Option.value("--batch", "JSON", "the requests, as [[\"METHOD\", {PARAMS}], …]")
    public static let outputFormat = Option.value(
        "--output", "FORMAT",
        "json (default): the result as the server answers it; lines: the result's rows\n(the elements of its first array member, or its one object), one JSON object\nper line; tsv, table: the rows' --columns, tab-separated, or aligned under a header",
        completion: .words(["json", "lines", "tsv", "table"]))
    public static let columns = Option.value(
        "--columns", "SPEC",
        "HEADER=FIELD or FIELD, comma-separated: a member's path (title,\ndueDateComponents.year) or a computed field, read in the session's\nzone: @id (unique identifier prefix, 8 characters or more), @due (the due\ndate, \"overdue\" after it when it has passed), @overdue, @done (completion\ndate), @priority (high, medium, low), @list (the list's title), @tags,\n@flag, @title (indented under its parent with --tree), @open (a list's\nopen reminders)"
    )
    public static let tree = Option.flag("--tree", "subtasks under their parents")
    public static let color = Option.flag("--color", "colours in tables: overdue rows red, completed ones dim, flags yellow")
    public static let hideEmpty = Option.flag("--hide-empty", "tables leave out the columns that are empty in every row")
}
