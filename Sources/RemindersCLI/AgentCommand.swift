import AccountSecrets
import Foundation
import JSONRPC
import RemindersAlarms
import RemindersModel
import RemindersStore

/// `remindersd agent`: fires the store's alarms until SIGTERM or SIGINT (exit 0).
enum AgentCommand {
    static let usage = """
        Usage: remindersd agent [--store PATH] [--notify desktop|none] [--on-alarm PROGRAM]
                                [--catch-up DURATION] [--snooze DURATION] [--log-level L]

        Fires the store's time alarms when they are due, exactly once each, until SIGTERM or SIGINT.
        One agent per store: a second one exits 1 at once. Durations: 90s, 10m, 24h, 2d.
          --notify     desktop (default): a notification on the session bus (freedesktop
                       Notifications, through gdbus); none: no notification
          --on-alarm   PROGRAM (split into words, run without a shell) gets each alarm as JSON on
                       stdin: {reminder, alarm, fireDate, occurrenceDate, reason, late}
          --catch-up   alarms that came due while no agent ran are delivered late when at most
                       this old (default 24h); older ones are recorded as missed
          --snooze     how long the notification's Snooze lasts (default 10m); its Complete completes
                       the reminder, and closing it dismisses the alarm
          --log-level  error, warning (default), info (a line per alarm fired) or debug (and
                       a line per pass over the schedule, with its cost)
        The zone floating and all-day due dates are read in is the process's (TZ).
        """

    static func run(_ arguments: [String], output: Int32, environment: [String: String]) throws -> Int32 {
        let parsed = try Arguments(arguments, valueFlags: ["--store", "--notify", "--on-alarm", "--catch-up", "--snooze", "--log-level"],
                                   switchFlags: ["--help", "-h"])
        if parsed.has("--help") || parsed.has("-h") {
            print(usage, to: .protocolOutput(output))
            return 0
        }
        if let extra = parsed.positionals.first { throw Arguments.UsageError(message: "agent: unexpected argument \(extra.prefix(80))") }
        var options = AgentOptions(storePath: RemindersCommand.storePath(parsed, environment: environment))
        if let notify = parsed.value("--notify") {
            guard let value = AgentOptions.Notify(rawValue: notify) else { throw Arguments.UsageError(message: "--notify is desktop or none") }
            options.notify = value
        }
        if let program = parsed.value("--on-alarm") {
            do { options.onAlarm = try PasswordCheck.words(program) } catch { throw Arguments.UsageError(message: "--on-alarm: \(error)") }
        }
        for (flag, apply) in [("--catch-up", { (seconds: TimeInterval) in options.catchUp = seconds }),
                              ("--snooze", { (seconds: TimeInterval) in options.snooze = seconds })] {
            guard let text = parsed.value(flag) else { continue }
            guard let seconds = DurationText.seconds(text) else {
                throw Arguments.UsageError(message: "\(flag) takes a duration such as 90s, 10m, 24h or 2d, got \(text.prefix(40))")
            }
            apply(seconds)
        }
        switch parsed.value("--log-level") ?? "warning" {
        case "info": options.verbose = true
        case "debug": options.verbose = true; options.debug = true
        case "error", "warning": break
        default: throw Arguments.UsageError(message: "--log-level is error, warning, info or debug")
        }
        let resolution = SystemTimeZone.resolve(environment: environment)
        if let warning = resolution.warning { DescriptorWriter.standardError.write(text: "remindersd agent: \(warning)\n") }
        options.timeZone = resolution.zone
        let lock: AgentLock
        do { lock = try AgentLock(store: options.storePath) } catch let held as AgentLock.Held {
            throw CommandFailure(held.description)
        } catch let shared as AgentLock.Shared {
            throw CommandFailure(shared.description)
        }
        let agent = try AlarmAgent(options: options)
        let signals = TerminationSignals { agent.stop() }
        defer { signals.cancel(); withExtendedLifetime(lock) {} }
        try agent.run()
        return 0
    }
}
