import CommandArguments
import Foundation
import JSONRPC
import RemindersJSON
import RemindersModel
import RemindersStore

/// `remindersd permissions list|set`: the owner's Settings screen, the only way to lift a denial.
enum Permissions {
    static let usage = """
        Usage: remindersd permissions list [--store PATH]
               remindersd permissions set CLIENT STATUS [--program PATH | --any-program]
                                          [--entity reminder|event] [--store PATH]

        The owner's Settings screen: which client, run by which program, may do what.
          list    one JSON object per line: {"client", "entityType", "program", "status"};
                  "program" is null for a decision that holds for any program, and a program
                  that asked while nobody could answer shows as notDetermined
          set     records CLIENT's STATUS: notDetermined (forget the decision, so the client is
                  asked again), restricted, denied, fullAccess or writeOnly; it applies to running
                  sessions from their next call
                  --program PATH   for CLIENT run by that program only
                  --any-program    for CLIENT from any program (what every grant was before grants had programs)
                  neither          for every program `list` shows for CLIENT (refused when none)
        """

    static func run(_ arguments: [String], output: Int32, environment: [String: String]) throws -> Int32 {
        let parsed = try Arguments(arguments, valueFlags: ["--store", "--entity", "--program"], switchFlags: ["--help", "-h", "--any-program"])
        if parsed.has("--help") || parsed.has("-h") {
            print(usage, to: .protocolOutput(output))
            return 0
        }
        let path = RemindersCommand.storePath(parsed, environment: environment)
        switch parsed.positionals.first {
        case "list":
            guard parsed.positionals.count == 1 else { throw Arguments.UsageError(message: "permissions list takes no arguments") }
            let store = try CalendarStore(path: path)
            for record in try store.authorizations() {
                var writer = JSONWriter()
                writer.beginObject()
                writer.field("client", record.client)
                writer.field("entityType", record.entityType.rawValue)
                writer.key("program")
                if let program = record.program { writer.string(program) } else { writer.null() }
                writer.field("status", record.status.rawValue)
                writer.endObject()
                print(String(decoding: writer.bytes, as: UTF8.self), to: .protocolOutput(output))
            }
            return 0
        case "set":
            try set(parsed, path: path)
            return 0
        default:
            throw Arguments.UsageError(message: "usage: remindersd permissions list | permissions set CLIENT STATUS")
        }
    }

    private static func set(_ parsed: Arguments, path: String) throws {
        guard parsed.positionals.count == 3 else {
            throw Arguments.UsageError(message: "usage: remindersd permissions set CLIENT STATUS [--program PATH | --any-program] [--entity reminder|event] [--store PATH]")
        }
        let client = parsed.positionals[1]
        guard let status = AuthorizationStatus(rawValue: parsed.positionals[2]) else {
            throw Arguments.UsageError(message: "STATUS must be one of \(AuthorizationStatus.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let entityName = parsed.value("--entity") ?? EntityType.reminder.rawValue
        guard let entity = EntityType(rawValue: entityName) else {
            throw Arguments.UsageError(message: "--entity must be reminder or event, got \(entityName.prefix(40))")
        }
        if let problem = ClientName.problem(with: client) { throw Arguments.UsageError(message: "CLIENT: \(problem)") }
        if parsed.has("--any-program") && parsed.value("--program") != nil {
            throw Arguments.UsageError(message: "--program and --any-program exclude each other")
        }
        let store = try CalendarStore(path: path)
        let programs: [String?]
        if parsed.has("--any-program") {
            programs = [nil]
        } else if let program = parsed.value("--program") {
            programs = [try canonical(program)]
        } else {
            programs = try store.authorizations().filter { $0.client == client && $0.entityType == entity }.map(\.program)
            guard !programs.isEmpty else {
                throw Arguments.UsageError(message: """
                    no program has asked as \(client) for \(entity.rawValue)s yet: say which with --program PATH, \
                    or --any-program for every program that sends this name
                    """)
            }
        }
        for program in programs {
            try store.setAuthorizationStatus(status, client: client, program: program, entityType: entity)
            DescriptorWriter.standardError.write(text: "remindersd: \(client) (\(program ?? "any program")) is now \(status.rawValue) for \(entity.rawValue)s\n")
        }
    }

    /// A program as the kernel names it (`/proc/PID/exe`): absolute, links resolved. One not on
    /// this machine (yet) is taken as written, if absolute.
    static func canonical(_ program: String) throws -> String {
        if let real = realpath(program, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        guard program.hasPrefix("/") else {
            throw Arguments.UsageError(message: "--program: \(program.prefix(80)) does not exist; give the program's absolute path")
        }
        return program
    }
}
