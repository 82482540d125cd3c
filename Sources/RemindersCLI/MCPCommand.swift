import CommandArguments
import Foundation
import JSONRPC
import RemindersMCP
import RemindersServer

/// `remindersd mcp [--store PATH] [--consent-agent PROGRAM]`: the MCP server on stdio.
enum MCPCommand {
    static let usage = """
        Usage: remindersd mcp [--store PATH] [--consent-agent PROGRAM] [--log-level L]

        Serves the store to an AI assistant over the Model Context Protocol: newline-delimited
        JSON on stdin and stdout (logs on stderr), revisions 2026-07-28 (stateless) and
        2025-11-25, 2025-06-18, 2025-03-26 (initialize). Each assistant is a client by its
        clientInfo.name, with the permissions the owner gave it; request_access asks the owner
        through PROGRAM, and without one the owner grants with `remindersd permissions set`.
        Everything it needs comes from these arguments and HOME (MCP hosts pass little else).
        """

    static func run(_ arguments: [String], output: Int32, environment: [String: String]) throws -> Int32 {
        let parsed = try Arguments(arguments, valueFlags: ["--store", "--consent-agent", "--log-level"], switchFlags: ["--help", "-h"])
        if parsed.has("--help") || parsed.has("-h") {
            print(usage, to: .protocolOutput(output))
            return 0
        }
        if let extra = parsed.positionals.first { throw Arguments.UsageError(message: "mcp: unexpected argument \(extra.prefix(80))") }
        var options = try RemindersCommand.serverOptions(parsed, environment: environment)
        // The owner is asked through the consent agent only: stdin is the assistant's.
        options.consentOnTerminal = false
        let server = MCPServer(options: options, storeArgument: parsed.value("--store"), input: 0, output: output)
        return server.run()
    }
}
