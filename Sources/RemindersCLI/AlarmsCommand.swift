import RemindersCommandArguments
import RemindersCommandLine
import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersStore

/// `remindersd alarms [--days N]`: the time alarms to come, a line each, in the process's zone.
enum AlarmsCommand {
    static func run(_ arguments: [String], output: Int32, environment: [String: String]) throws -> Int32 {
        let parsed = try CommandDeclaration.alarms.parse(arguments)
        if CommandDeclaration.wantsHelp(parsed) {
            print(CommandDeclaration.alarms.help, to: .protocolOutput(output))
            return 0
        }
        if let extra = parsed.positionals.first { throw Arguments.UsageError(message: "alarms: unexpected argument \(extra.prefix(80))") }
        let days = try parsed.integer(.alarmDays) ?? 7
        let zone = SystemTimeZone.resolve(environment: environment).zone
        let eventStore = try EventStore(path: RemindersCommand.storePath(parsed, environment: environment), timeZone: zone)
        let now = Timestamp.now()
        let upcoming = try eventStore.upcomingAlarms(from: now, to: Timestamp(milliseconds: now.milliseconds + Int64(days) * 86_400_000))
        for alarm in upcoming {
            let when = ItemDateComponents.wallClock(of: alarm.fireDate, in: zone)
            let text = String(format: "%04d-%02d-%02d %02d:%02d", when.year, when.month, when.day, when.hour ?? 0, when.minute ?? 0)
            print("\(text)  \(alarm.title)" + (alarm.snoozed ? " (snoozed)" : ""), to: .protocolOutput(output))
        }
        return 0
    }
}
