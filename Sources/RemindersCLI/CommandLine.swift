import CommandArguments
import Foundation
import JSONRPC
import Logging
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersServer
import RemindersStore

/// `remindersd` and its subcommands. Returns the process exit code.
public enum RemindersCommand {
    static let serveFlags: Set<String> = [
        "--store", "--consent-agent", "--consent-timeout", "--max-message-size", "--max-depth", "--max-batch",
        "--max-title-bytes", "--max-notes-bytes", "--busy-timeout", "--log-level",
    ]

    /// `protocolOutput` is the descriptor protocol frames go to (stdout as it was at start-up).
    public static func main(_ arguments: [String], protocolOutput: Int32, environment: [String: String]) -> Int32 {
        let arguments = subcommandFirst(arguments)
        do {
            switch arguments.first {
            case "--version", "version":
                print("remindersd \(ServerInfo.version) (protocol \(ServerInfo.protocolVersion))", to: .protocolOutput(protocolOutput))
                return 0
            case "--help", "-h", "help":
                print(usage, to: .protocolOutput(protocolOutput))
                return 0
            case "permissions":
                return try Permissions.run(Array(arguments.dropFirst()), output: protocolOutput, environment: environment)
            case "accounts":
                return try AccountsCommand.run(Array(arguments.dropFirst()), output: protocolOutput, environment: environment)
            case "sync":
                return try SyncExec.run(Array(arguments.dropFirst()), output: protocolOutput)
            case "history":
                return try HistoryCommand.run(Array(arguments.dropFirst()), output: protocolOutput, environment: environment)
            case "alarms":
                return try AlarmsCommand.run(Array(arguments.dropFirst()), output: protocolOutput, environment: environment)
            case "mcp":
                return try MCPCommand.run(Array(arguments.dropFirst()), output: protocolOutput, environment: environment)
            case "location":
                return try LocationCommand.run(Array(arguments.dropFirst()), output: protocolOutput, environment: environment)
            case "geocoder":
                return try GeocoderCommand.run(Array(arguments.dropFirst()), output: protocolOutput, environment: environment)
            case "agent":
                return try AgentCommand.run(Array(arguments.dropFirst()), output: protocolOutput, environment: environment)
            case "export":
                return try ExportCommand.run(Array(arguments.dropFirst()), output: protocolOutput, environment: environment)
            case "import":
                return try ImportCommand.run(Array(arguments.dropFirst()), output: protocolOutput, environment: environment)
            case "call":
                return try OneShotCall.run(Array(arguments.dropFirst()), output: protocolOutput, environment: environment)
            case "schema":
                if arguments.dropFirst().first == "--help" || arguments.dropFirst().first == "-h" {
                    print(
                        "Usage: remindersd schema\n\nPrints the OpenRPC 1.3 document of the protocol (what rpc.discover answers) as one line of JSON.",
                        to: .protocolOutput(protocolOutput))
                    return 0
                }
                guard arguments.count == 1 else { throw Arguments.UsageError(message: "schema takes no arguments") }
                print(String(decoding: OpenRPCDocument.bytes, as: UTF8.self), to: .protocolOutput(protocolOutput))
                return 0
            case "serve":
                return try serve(Array(arguments.dropFirst()), output: protocolOutput, environment: environment)
            default:
                return try serve(arguments, output: protocolOutput, environment: environment)
            }
        } catch let error as Arguments.UsageError {
            DescriptorWriter.standardError.write(text: "remindersd: \(error.message) (see remindersd --help)\n")
            return 2
        } catch {
            DescriptorWriter.standardError.write(text: "remindersd: \(error)\n")
            return 1
        }
    }

    /// The subcommands' words.
    enum Subcommand: String, CaseIterable {
        case permissions, accounts, sync, alarms, history, mcp, location, geocoder, agent, export, `import`, call, schema, serve
    }

    static let subcommands = Set(Subcommand.allCases.map(\.rawValue))

    /// Options may come before the subcommand as well as after it (`remindersd --store S
    /// permissions set …`): the ones before are moved after it, where its own parser reads them.
    static func subcommandFirst(_ arguments: [String]) -> [String] {
        var index = 0
        while index < arguments.count, arguments[index].hasPrefix("--"), !subcommands.contains(arguments[index]) {
            let flag = arguments[index]
            index += 1
            if !flag.contains("="), serveFlags.contains(flag) { index += 1 }
        }
        guard index > 0, index < arguments.count, subcommands.contains(arguments[index]) else { return arguments }
        return [arguments[index]] + arguments[(index + 1)...] + arguments[..<index]
    }

    static func serve(_ arguments: [String], output: Int32, environment: [String: String]) throws -> Int32 {
        let parsed = try Arguments(arguments, valueFlags: serveFlags, switchFlags: ["--no-consent-prompt", "--help", "-h"])
        if parsed.has("--help") || parsed.has("-h") {
            print(usage, to: .protocolOutput(output))
            return 0
        }
        if let extra = parsed.positionals.first { throw Arguments.UsageError(message: "unexpected argument \(extra.prefix(80))") }
        let options = try serverOptions(parsed, environment: environment)
        if let warning = options.timeZone.warning { options.log.warning(warning) }
        if let note = options.timeZone.note { options.log.info(note) }
        let connection = Connection(input: 0, output: output, limits: options.limits)
        let server = Server(connection: connection, options: options)
        let stop = server.stopRequest
        let signals = TerminationSignals { stop() }
        defer { signals.cancel() }
        return server.run()
    }

    public static func storePath(_ parsed: Arguments, environment: [String: String]) -> String {
        StoreLocation.path(given: parsed.value("--store"), environment: environment)
    }

    static func serverOptions(_ parsed: Arguments, environment: [String: String]) throws -> ServerOptions {
        var options = ServerOptions(storePath: storePath(parsed, environment: environment))
        // Never from the environment: that is the client's, and so is the command line (this is
        // heeded only when it names the owner's recorded agent).
        options.consentAgent = parsed.value("--consent-agent")
        options.consentOnTerminal = !parsed.has("--no-consent-prompt")
        if let seconds = try parsed.integer("--consent-timeout", range: 1...3600) { options.consentTimeout = TimeInterval(seconds) }
        if let size = try parsed.integer("--max-message-size", range: 1024...(1 << 30)) { options.limits.maxMessageSize = size }
        if let depth = try parsed.integer("--max-depth", range: 2...512) { options.limits.maxDepth = depth }
        if let batch = try parsed.integer("--max-batch", range: 1...100_000) { options.limits.maxBatch = batch }
        if let bytes = try parsed.integer("--max-title-bytes", range: 1...(16 << 20)) { options.rules.maxTitleBytes = bytes }
        if let bytes = try parsed.integer("--max-notes-bytes", range: 1...(64 << 20)) { options.rules.maxNotesBytes = bytes }
        if let ms = try parsed.integer("--busy-timeout", range: 0...3_600_000) { options.busyTimeoutMilliseconds = ms }
        if let name = parsed.value("--log-level") {
            guard let level = Log.Level(name: name) else {
                throw Arguments.UsageError(message: "--log-level must be one of error, warning, info, debug")
            }
            options.log.level = level
        }
        options.timeZone = SystemTimeZone.resolve(environment: environment)
        return options
    }

    static let usage = """
        remindersd — an EventKit-compatible reminders store, served as JSON-RPC 2.0 over stdio.

        Usage:
          remindersd [serve] [options]          serve one client on stdin/stdout (LSP or NDJSON framing)
          remindersd permissions list [--store PATH]
          remindersd permissions set CLIENT STATUS [--program PATH | --any-program] [--entity reminder] [--lists "A,B"] [--read-only-lists "C"] [--store PATH]
                                                STATUS: notDetermined, restricted, denied, fullAccess, writeOnly;
                                                for CLIENT run by PATH, by any program, or (neither) by those that asked
          remindersd permissions consent-agent [PROGRAM | --none] [--store PATH]
                                                the program that asks you when a client requests access
          remindersd call METHOD [JSON-PARAMS] [--store PATH] [--client NAME] [--time-zone ZONE]
                                                one request in a fresh session; result on stdout
          remindersd export [--calendar LIST] [--output FILE]
                                                reminders (or an event calendar's events) as one VCALENDAR
          remindersd import FILE... [--calendar LIST]
                                                .ics files into a list or event calendar (a UID here updates)
          remindersd accounts add NAME --url URL [--username USER] [--password-command CMD | --password-file FILE]
          remindersd accounts list | accounts remove NAME [--keep-lists]
                                                the CalDAV accounts to sync with (no secrets stored)
          remindersd sync [NAME] [--dry-run] [--json]
                                                syncs the accounts' lists with the server, both ways
          remindersd agent [--notify desktop|none] [--on-alarm PROGRAM] [--sync [INTERVAL]] [--catch-up D]
                                                fires the store's alarms until SIGTERM (one per store)
          remindersd alarms [--days N]          the time alarms of the next N days (default 7)
          remindersd history [--keep-days N] [--keep-changes N]
                                                how long the history of changes (undo, trash) is kept
          remindersd mcp [--consent-agent PROGRAM]
                                                serves AI assistants over MCP (stdio)
          remindersd location LAT LON [--accuracy M]
                                                reports where you are; location alarms crossed fire
          remindersd geocoder [URL | --none]    the geocoder (Nominatim's API) CLGeocoder asks
          remindersd schema                     the OpenRPC document of the protocol (as rpc.discover answers)
          remindersd --version | --help

        Serve options:
          --store PATH             the SQLite store (env REMINDERSD_STORE;
                                   default ${XDG_DATA_HOME:-$HOME/.local/share}/remindersd/reminders.sqlite)
          --consent-agent PROGRAM  heeded only when it is the owner's consent agent (permissions consent-agent);
                                   without one, asks on /dev/tty if there is one and it is yours
          --no-consent-prompt      never ask on /dev/tty
          --consent-timeout S      seconds to wait for the owner's answer (default 60)
          --max-message-size N     bytes per message (default 16777216)
          --max-depth N            JSON nesting depth (default 64)
          --max-batch N            messages per batch (default 1000)
          --max-title-bytes N      bytes per reminder title (default 65536)
          --max-notes-bytes N      bytes per reminder's notes (default 1048576)
          --busy-timeout MS        how long to wait for another process's write lock (default 15000)
          --log-level LEVEL        error, warning, info (default) or debug; logs go to stderr
        """
}

extension TextOutputStream where Self == DescriptorWriter {
    /// The protocol descriptor (stdout as it was at start-up), for the non-serving subcommands.
    public static func protocolOutput(_ fd: Int32) -> DescriptorWriter { DescriptorWriter(descriptor: fd) }
}

public func print(_ text: String, to output: DescriptorWriter) {
    output.writeLine(text)
}
