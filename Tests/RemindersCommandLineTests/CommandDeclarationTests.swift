import RemindersCommandArguments
import Foundation
import XCTest
@testable import RemindersCommandLine

/// The command line is declared once: what a usage form names is an option the command reads,
/// `--help` lists what it reads (and not what it hides), and the reader takes exactly what is declared.
final class CommandDeclarationTests: XCTestCase {
    private let everyCommand = Commands.all

    func testEveryOptionAUsageFormNamesIsDeclared() {
        for command in everyCommand {
            let declared = Set(command.options.map(\.name))
            for form in command.usage {
                for word in form.split(whereSeparator: { " []|().,'\"".contains($0) }) where word.hasPrefix("--") {
                    XCTAssertTrue(declared.contains(String(word)), "\(command.name): \(word) in \"\(form)\" is not declared")
                }
            }
        }
    }

    func testNoCommandDeclaresAnOptionTwice() {
        for command in everyCommand {
            let names = command.options.map(\.name)
            XCTAssertEqual(names.count, Set(names).count, "\(command.name): \(names)")
        }
    }

    func testHelpListsWhatTheCommandReadsAndNotWhatItHides() {
        for command in everyCommand {
            let help = command.help
            for option in command.options {
                let listed = help.split(separator: "\n").contains { $0.hasPrefix("  \(option.synopsis)") }
                XCTAssertEqual(listed, !option.isHidden, "\(command.name): \(option.name)")
            }
            XCTAssertTrue(help.contains("-h, --help"), command.name)
        }
        XCTAssertTrue(Commands.help.contains("--busy-timeout MS"))
        for command in Commands.all where command.name != "serve" {
            XCTAssertTrue(Commands.help.contains("remindersd \(command.name) "), command.name)
        }
    }

    func testTheReaderTakesWhatIsDeclaredAndNothingElse() throws {
        let parsed = try CommandDeclaration.history.parse(["--keep-days", "30", "--store=/tmp/s.sqlite"])
        XCTAssertEqual(parsed.value(.keepDays), "30")
        XCTAssertEqual(parsed.value(.store), "/tmp/s.sqlite")
        XCTAssertTrue(CommandDeclaration.wantsHelp(try CommandDeclaration.history.parse(["-h"])))
        XCTAssertThrowsError(try CommandDeclaration.history.parse(["--keep-lists"])) { error in
            XCTAssertEqual((error as? Arguments.UsageError)?.message, "unknown option --keep-lists")
        }
        XCTAssertThrowsError(try CommandDeclaration.history.parse(["--keep-days"])) { error in
            XCTAssertEqual((error as? Arguments.UsageError)?.message, "--keep-days needs a value")
        }
        // A value that may be left out is the command's to read: the reader takes the option alone.
        XCTAssertTrue(try CommandDeclaration.agent.parse(["--sync"]).has(.sync))
        // Hidden options are read all the same (the server passes them to remindersd-sync).
        XCTAssertTrue(try CommandDeclaration.sync.parse(["--serve"]).has(.serve))
    }

    /// A word option takes the words its declaration offers the shell, and only those.
    func testAWordOptionTakesTheWordsItsDeclarationOffers() throws {
        enum Entity: String { case reminder, event }
        let parsed = try CommandDeclaration.permissions.parse(["--entity", "event"])
        XCTAssertEqual(try parsed.choice(.entity, as: Entity.self), .event)
        XCTAssertNil(try CommandDeclaration.permissions.parse([]).choice(.entity, as: Entity.self))
        XCTAssertThrowsError(try CommandDeclaration.permissions.parse(["--entity=todo"]).choice(.entity, as: Entity.self)) { error in
            XCTAssertEqual((error as? Arguments.UsageError)?.message, "--entity must be one of reminder, event, got todo")
        }
        // A word the reader cannot take is refused even when the enum has it: the declaration rules.
        enum Notify: String { case desktop, none, email }
        XCTAssertThrowsError(try CommandDeclaration.agent.parse(["--notify", "email"]).choice(.notify, as: Notify.self))
    }

    /// An integer option's bounds are its declaration's, whichever command reads it (issue 53): the
    /// server took notes up to 64 MiB and remindersd-sync, told the server's limit, up to 256 MiB.
    func testAnIntegerOptionIsReadInTheBoundsItsDeclarationGives() throws {
        for command in [CommandDeclaration.serve, CommandDeclaration.sync] {
            let parsed = try command.parse(["--max-notes-bytes", String(100 << 20), "--max-title-bytes", "4096"])
            XCTAssertThrowsError(try parsed.integer(.maxNotesBytes), command.name) { error in
                XCTAssertEqual((error as? Arguments.UsageError)?.message, "--max-notes-bytes must be an integer in 1…67108864, got 104857600")
            }
            XCTAssertEqual(try parsed.integer(.maxTitleBytes), 4096)
            XCTAssertNil(try command.parse([]).integer(.maxTitleBytes), "not given: nil, the command's default applies")
        }
    }

    /// The commands read an option by its declaration (`parsed.value(.url)`), never by a name
    /// spelt again; and what they read is declared by a command — a read of an option no command
    /// takes would read nothing, silently.
    func testTheCommandsReadOptionsByTheirDeclarations() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources").standardized
        func texts(_ folder: String) throws -> [(file: String, text: String)] {
            let directory = sources.appendingPathComponent(folder)
            return try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }.map {
                ("\(folder)/\($0)", try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8))
            }
        }
        // Each declaration's name in the code and the option it names.
        var flags: [String: String] = [:]
        for (_, text) in try texts("RemindersCommandLine") {
            for match in text.matches(of: /static let (\w+) = Option\.\w+\(\s*"(--[a-z-]+)"/) { flags[String(match.1)] = String(match.2) }
        }
        let declared = Set(everyCommand.flatMap { $0.options.map(\.name) })
        var read = 0
        for (file, text) in try texts("RemindersCLI") + texts("RemindersSyncCLI") {
            for match in text.matches(of: /(?:value|values|has|integer)\("(--[a-z-]+)"/) {
                XCTFail("\(file) reads \(match.1) by a name spelt again, not by its declaration")
            }
            for match in text.matches(of: /\.(?:value|values|has|integer)\(\.(\w+)\)/) {
                read += 1
                let flag = try XCTUnwrap(flags[String(match.1)], "\(file) reads .\(match.1), not an Option declared in RemindersCommandLine")
                XCTAssertTrue(declared.contains(flag), "\(file) reads \(flag), which no command declares")
            }
        }
        XCTAssertGreaterThan(read, 60, "the commands' reads were not found")
    }
}
