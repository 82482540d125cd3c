import RemindersCommandArguments
import RemindersCommandLine
import Foundation
import RemindersJSONRPC
import RemindersInterchange
import RemindersJSON
import RemindersModel
import RemindersStore

/// `remindersd import FILE... [--calendar LIST]`: .ics files into a list.
enum ImportCommand {
    static func run(_ arguments: [String], output: Int32, environment: [String: String]) throws -> Int32 {
        let parsed = try CommandDeclaration.`import`.parse(arguments)
        if CommandDeclaration.wantsHelp(parsed) {
            print(CommandDeclaration.`import`.help, to: .protocolOutput(output))
            return 0
        }
        guard !parsed.positionals.isEmpty else { throw Arguments.UsageError(message: "import needs at least one FILE (or - for stdin)") }
        let eventStore = try EventStore(path: RemindersCommand.storePath(parsed, environment: environment))
        let list = try parsed.value(.importCalendar).map { try ListArgument.calendar($0, in: eventStore).calendarIdentifier }
        let importer = Importer(eventStore: eventStore, now: Timestamp.now())
        var report = ImportReport()
        for file in parsed.positionals {
            let text = try read(file)
            let (skippedBefore, notesBefore) = (report.skipped.count, report.notes.count)
            try importer.run(text, into: list, report: &report)
            for index in skippedBefore..<report.skipped.count {
                DescriptorWriter.standardError.write(text: "remindersd: \(file): skipped \(report.skipped[index].description)\n")
            }
            for index in notesBefore..<report.notes.count {
                DescriptorWriter.standardError.write(text: "remindersd: \(file): note: \(report.notes[index].description)\n")
            }
        }
        print(report.summary, to: .protocolOutput(output))
        return report.skipped.isEmpty ? 0 : 1
    }

    private static func read(_ file: String) throws -> String {
        let data: Data
        if file == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let contents = FileManager.default.contents(atPath: file) else { throw CommandFailure("cannot read \(file)") }
            data = contents
        }
        guard let text = String(data: data, encoding: .utf8) else { throw CommandFailure("\(file) is not UTF-8 text") }
        return text
    }
}
