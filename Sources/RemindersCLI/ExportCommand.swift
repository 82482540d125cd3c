import RemindersCommandArguments
import RemindersCommandLine
import Foundation
import RemindersJSONRPC
import RemindersInterchange
import RemindersJSON
import RemindersModel
import RemindersStore

/// `remindersd export [--calendar LIST] [--output FILE]`: the reminders as one VCALENDAR.
enum ExportCommand {
    static func run(_ arguments: [String], output: Int32, environment: [String: String]) throws -> Int32 {
        let parsed = try CommandDeclaration.export.parse(arguments)
        if CommandDeclaration.wantsHelp(parsed) {
            print(CommandDeclaration.export.help, to: .protocolOutput(output))
            return 0
        }
        if let extra = parsed.positionals.first { throw Arguments.UsageError(message: "export: unexpected argument \(extra.prefix(80))") }
        let eventStore = try EventStore(path: RemindersCommand.storePath(parsed, environment: environment))
        let calendars = try parsed.value(.exportCalendar).map { [try ListArgument.calendar($0, in: eventStore).calendarIdentifier] }
        let text = try Exporter.export(eventStore, calendars: calendars, now: Timestamp.now())
        if let file = parsed.value(.outputFile), file != "-" {
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
            } catch {
                throw CommandFailure("cannot write \(file): \(error.localizedDescription)")
            }
        } else {
            switch DescriptorWriter(descriptor: output).write(text: text) {
            case .written: break
            case .peerClosed: throw CommandFailure("export: the reader of standard output closed it before the end")
            case .failed(let code): throw CommandFailure("export: cannot write to standard output: \(String(cString: strerror(code)))")
            }
        }
        return 0
    }
}
