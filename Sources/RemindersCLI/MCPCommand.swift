import RemindersCommandArguments
import RemindersCommandLine
import Foundation
import RemindersJSONRPC
import RemindersMCP
import RemindersServer

/// `remindersd mcp [--store PATH] [--consent-agent PROGRAM]`: the MCP server on stdio.
enum MCPCommand {
    static func run(_ arguments: [String], output: Int32, environment: [String: String]) throws -> Int32 {
        let parsed = try CommandDeclaration.mcp.parse(arguments)
        if CommandDeclaration.wantsHelp(parsed) {
            print(CommandDeclaration.mcp.help, to: .protocolOutput(output))
            return 0
        }
        if let extra = parsed.positionals.first { throw Arguments.UsageError(message: "mcp: unexpected argument \(extra.prefix(80))") }
        var options = try RemindersCommand.serverOptions(parsed, environment: environment)
        // The owner is asked through the consent agent only: stdin is the assistant's.
        options.consentOnTerminal = false
        let server = MCPServer(options: options, storeArgument: parsed.value(.store), input: 0, output: output)
        return server.run()
    }
}
