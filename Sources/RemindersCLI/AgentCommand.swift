import RemindersCommandArguments
import RemindersCommandLine
import RemindersAccountSecrets
import Foundation
import RemindersJSONRPC
import RemindersLogging
import RemindersAlarms
import RemindersJSON
import RemindersModel
import RemindersStore

/// `remindersd agent`: fires the store's alarms until SIGTERM or SIGINT (exit 0).
enum AgentCommand {
    static func run(_ arguments: [String], output: Int32, environment: [String: String]) throws -> Int32 {
        let (arguments, syncInterval) = try syncOption(arguments)
        let parsed = try CommandDeclaration.agent.parse(arguments)
        if CommandDeclaration.wantsHelp(parsed) {
            print(CommandDeclaration.agent.help, to: .protocolOutput(output))
            return 0
        }
        if let extra = parsed.positionals.first { throw Arguments.UsageError(message: "agent: unexpected argument \(extra.prefix(80))") }
        var options = AgentOptions(storePath: RemindersCommand.storePath(parsed, environment: environment))
        if let notify = try parsed.choice(.notify, as: AgentOptions.Notify.self) { options.notify = notify }
        if let program = parsed.value(.onAlarm) {
            do { options.onAlarm = try PasswordCheck.words(program) } catch { throw Arguments.UsageError(message: "--on-alarm: \(error)") }
        }
        if let seconds = try parsed.duration(.catchUp) { options.catchUp = seconds }
        if let seconds = try parsed.duration(.snooze) { options.snooze = seconds }
        if let level = try parsed.choice(.agentLogLevel, reading: Log.Level.init(name:)) { options.log.level = level }
        let resolution = SystemTimeZone.resolve(environment: environment)
        if let warning = resolution.warning { options.log.warning(warning) }
        options.timeZone = resolution.zone
        let lock: StoreLock
        do { lock = try StoreLock(store: options.storePath, name: "agent-lock", holder: "agent") } catch let held as StoreLock.Held {
            throw CommandFailure(held.description)
        } catch let shared as StoreLock.Shared {
            throw CommandFailure(shared.description)
        }
        options.syncInterval = syncInterval
        let agent = try AlarmAgent(options: options)
        let scheduler = try options.syncInterval.map {
            try SyncScheduler(
                storePath: options.storePath, timing: SyncScheduler.Timing(interval: $0), log: options.log,
                tellPerson: { summary, body in agent.inform(summary: summary, body: body) })
        }
        if parsed.value(.listen) != nil, !parsed.has(.dav) { throw Arguments.UsageError(message: "--listen: only with --dav") }
        let face = parsed.has(.dav) ? DAVCompanion(storePath: options.storePath, listen: parsed.value(.listen), log: options.log) : nil
        let subscriptions = SubscriptionScheduler(storePath: options.storePath, log: options.log)
        let signals = TerminationSignals {
            agent.stop(); scheduler?.stop(); face?.stop(); subscriptions.stop()
        }
        defer { signals.cancel(); withExtendedLifetime(lock) {} }
        do { try face?.start() } catch { throw CommandFailure(error.message) }
        scheduler?.start()
        subscriptions.start()
        try agent.run()
        scheduler?.stop()
        subscriptions.stop()
        face?.stop()
        return 0
    }

    /// `--sync`, `--sync INTERVAL` or `--sync=INTERVAL`: the interval is optional, so it is taken
    /// here, before the parser, which knows only options that always or never have a value.
    static func syncOption(_ arguments: [String]) throws -> ([String], TimeInterval?) {
        var rest: [String] = []
        var interval: TimeInterval?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            let name = Option.sync.name
            guard argument == name || argument.hasPrefix(name + "=") else { rest.append(argument); continue }
            var text: String? = argument.hasPrefix(name + "=") ? String(argument.dropFirst(name.count + 1)) : nil
            if text == nil, index < arguments.count, DurationText.seconds(arguments[index]) != nil {
                text = arguments[index]
                index += 1
            }
            let seconds = try text.map { try Arguments.duration($0, of: .sync) } ?? 300
            guard seconds >= 1 else { throw Arguments.UsageError(message: "\(name): an interval of at least 1s") }
            interval = seconds
        }
        return (rest, interval)
    }
}
