import RemindersCommandArguments
import RemindersCommandLine
import Foundation
import RemindersJSONRPC
import RemindersLogging
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersServer
import RemindersStore
import RemindersSyncHelper

/// `remindersd` and its subcommands. Returns the process exit code.
public enum RemindersCommand {
    /// The options `serve` reads that take a value: a word after one is its value, not a subcommand.
    static let serveValueFlags = Set(CommandDeclaration.serve.options.filter(\.takesValue).map(\.name))

    /// `protocolOutput` is the descriptor protocol frames go to (stdout as it was at start-up).
    public static func main(_ arguments: [String], protocolOutput: Int32, environment: [String: String]) -> Int32 {
        let arguments = subcommandFirst(arguments)
        do {
            switch arguments.first {
            case "--version", "version":
                print("remindersd \(ServerInfo.version) (protocol \(ServerInfo.protocolVersion))", to: .protocolOutput(protocolOutput))
                return 0
            case "--help", "-h", "help":
                print(Commands.help, to: .protocolOutput(protocolOutput))
                return 0
            case "permissions":
                return try Permissions.run(Array(arguments.dropFirst()), output: protocolOutput, environment: environment)
            case "accounts":
                return try AccountsCommand.run(Array(arguments.dropFirst()), output: protocolOutput, environment: environment)
            case "sync":
                return try CompanionExec.run(SyncHelper.name, Array(arguments.dropFirst()), output: protocolOutput)
            case "subscriptions":
                return try CompanionExec.run(SyncHelper.name, arguments, output: protocolOutput)
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
            case "dav":
                return try CompanionExec.run("remindersd-dav", Array(arguments.dropFirst()), output: protocolOutput)
            case "agent":
                return try AgentCommand.run(Array(arguments.dropFirst()), output: protocolOutput, environment: environment)
            case "export":
                return try ExportCommand.run(Array(arguments.dropFirst()), output: protocolOutput, environment: environment)
            case "import":
                return try ImportCommand.run(Array(arguments.dropFirst()), output: protocolOutput, environment: environment)
            case "call":
                return try OneShotCall.run(Array(arguments.dropFirst()), output: protocolOutput, environment: environment)
            case "schema":
                return try SchemaCommand.run(Array(arguments.dropFirst()), output: protocolOutput)
            case "consent-ask":
                return try ConsentAskCommand.run(Array(arguments.dropFirst()), output: protocolOutput, environment: environment)
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

    static let subcommands = Set(Commands.all.map(\.name))

    /// Options may come before the subcommand as well as after it (`remindersd --store S
    /// permissions set …`): the ones before are moved after it, where its own parser reads them.
    static func subcommandFirst(_ arguments: [String]) -> [String] {
        var index = 0
        while index < arguments.count, arguments[index].hasPrefix("--"), !subcommands.contains(arguments[index]) {
            let flag = arguments[index]
            index += 1
            if !flag.contains("="), serveValueFlags.contains(flag) { index += 1 }
        }
        guard index > 0, index < arguments.count, subcommands.contains(arguments[index]) else { return arguments }
        return [arguments[index]] + arguments[(index + 1)...] + arguments[..<index]
    }

    static func serve(_ arguments: [String], output: Int32, environment: [String: String]) throws -> Int32 {
        let parsed = try CommandDeclaration.serve.parse(arguments)
        if CommandDeclaration.wantsHelp(parsed) {
            print(Commands.help, to: .protocolOutput(output))
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
        StoreLocation.path(given: parsed.value(.store), environment: environment)
    }

    static func serverOptions(_ parsed: Arguments, environment: [String: String]) throws -> ServerOptions {
        var options = ServerOptions(storePath: storePath(parsed, environment: environment))
        // Never from the environment: that is the client's, and so is the command line (this is
        // heeded only when it names the owner's recorded agent).
        options.consentAgent = parsed.value(.consentAgent)
        options.consentOnTerminal = !parsed.has(.noConsentPrompt)
        if let seconds = try parsed.integer(.consentTimeout) { options.consentTimeout = TimeInterval(seconds) }
        if let size = try parsed.integer(.maxMessageSize) { options.limits.maxMessageSize = size }
        if let depth = try parsed.integer(.maxDepth) { options.limits.maxDepth = depth }
        if let batch = try parsed.integer(.maxBatch) { options.limits.maxBatch = batch }
        if let bytes = try parsed.integer(.maxTitleBytes) { options.rules.maxTitleBytes = bytes }
        if let bytes = try parsed.integer(.maxNotesBytes) { options.rules.maxNotesBytes = bytes }
        if let ms = try parsed.integer(.busyTimeout) { options.busyTimeoutMilliseconds = ms }
        if let level = try parsed.choice(.logLevel, reading: Log.Level.init(name:)) { options.log.level = level }
        options.timeZone = SystemTimeZone.resolve(environment: environment)
        return options
    }
}

extension TextOutputStream where Self == DescriptorWriter {
    /// The protocol descriptor (stdout as it was at start-up), for the non-serving subcommands.
    public static func protocolOutput(_ fd: Int32) -> DescriptorWriter { DescriptorWriter(descriptor: fd) }
}

public func print(_ text: String, to output: DescriptorWriter) {
    output.writeLine(text)
}
