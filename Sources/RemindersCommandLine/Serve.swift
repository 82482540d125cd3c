import RemindersCommandArguments

extension CommandDeclaration {
    public static let serve = CommandDeclaration(
        name: "serve", summary: "serve one client on stdin/stdout (LSP or NDJSON framing)", usage: ["[serve] [options]"],
        about: """
            Serves one client over stdin and stdout: JSON-RPC 2.0, LSP or NDJSON framing (told from
            the first byte). Protocol frames alone go to stdout; logs go to stderr. Options may come
            before the subcommand as well as after it.
            """,
        options: Option.serving)
}
