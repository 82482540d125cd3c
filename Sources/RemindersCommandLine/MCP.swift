import RemindersCommandArguments

extension CommandDeclaration {
    public static let mcp = CommandDeclaration(
        name: "mcp", summary: "serves AI assistants over MCP (stdio)", usage: ["[--store PATH] [--consent-agent PROGRAM] [--log-level L]"],
        about: """
            Serves the store to an AI assistant over the Model Context Protocol: newline-delimited
            JSON on stdin and stdout (logs on stderr), revisions 2026-07-28 (stateless) and
            2025-11-25, 2025-06-18, 2025-03-26 (initialize). Each assistant is a client by its
            clientInfo.name, with the permissions the owner gave it; request_access asks the owner
            through PROGRAM, and without one the owner grants with `remindersd permissions set`.
            Everything it needs comes from these arguments and HOME (MCP hosts pass little else).
            """,
        options: [.store, .consentAgent, .logLevel])
}
