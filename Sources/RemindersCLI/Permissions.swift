import RemindersCommandArguments
import RemindersCommandLine
import Foundation
import RemindersJSONRPC
import RemindersConsent
import RemindersJSON
import RemindersModel
import RemindersServer
import RemindersStore

/// `remindersd permissions list|set`: the owner's Settings screen, the only way to lift a denial.
enum Permissions {
    static func run(_ arguments: [String], output: Int32, environment: [String: String]) throws -> Int32 {
        let parsed = try CommandDeclaration.permissions.parse(arguments)
        if CommandDeclaration.wantsHelp(parsed) {
            print(CommandDeclaration.permissions.help, to: .protocolOutput(output))
            return 0
        }
        let path = RemindersCommand.storePath(parsed, environment: environment)
        switch parsed.positionals.first {
        case "list":
            guard parsed.positionals.count == 1 else { throw Arguments.UsageError(message: "permissions list takes no arguments") }
            // One snapshot: each grant with its lists' titles as they were then.
            let records = try EventStore(path: path).read { store throws(StoreError) in
                var records: [(AuthorizationRecord, [String: String])] = []
                for record in try store.authorizations() {
                    var titles: [String: String] = [:]
                    for identifier in record.scope?.identifiers ?? [] { titles[identifier] = try store.calendar(identifier: identifier)?.title }
                    records.append((record, titles))
                }
                return records
            }
            for (record, titles) in records {
                var writer = JSONWriter()
                writer.beginObject()
                writer.field("client", record.client)
                writer.field("entityType", record.entityType.rawValue)
                writer.key("program")
                if let program = record.program { writer.string(program) } else { writer.null() }
                writer.field("status", record.status.rawValue)
                if let scope = record.scope {
                    writer.key(static: "scope")
                    scope.write(to: &writer, titles: titles)
                }
                writer.endObject()
                print(String(decoding: writer.bytes, as: UTF8.self), to: .protocolOutput(output))
            }
            return 0
        case "set":
            try set(parsed, path: path)
            return 0
        case "consent-agent":
            try consentAgent(parsed, path: path, output: output)
            return 0
        case "listen":
            guard parsed.positionals.count == 1 else { throw Arguments.UsageError(message: "permissions listen takes no arguments") }
            let listener: TerminalConsentListener
            do { listener = try TerminalConsentListener() } catch { throw CommandFailure(error.description) }
            listener.run()
            return 0
        default:
            throw CommandDeclaration.permissions.usageError()
        }
    }

    private static func set(_ parsed: Arguments, path: String) throws {
        guard parsed.positionals.count == 3 else {
            throw CommandDeclaration.permissions.usageError("set")
        }
        let client = parsed.positionals[1]
        guard let status = AuthorizationStatus(rawValue: parsed.positionals[2]) else {
            throw Arguments.UsageError(message: "STATUS must be one of \(AuthorizationStatus.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let entity = try parsed.choice(.entity, as: EntityType.self) ?? .reminder
        if let problem = ClientName.problem(with: client) { throw Arguments.UsageError(message: "CLIENT: \(problem)") }
        if parsed.has(.anyProgram) && parsed.value(.program) != nil {
            throw Arguments.UsageError(message: "--program and --any-program exclude each other")
        }
        let eventStore = try EventStore(path: path)
        let scope = try Self.scope(parsed, entityType: entity, eventStore: eventStore)
        let programs: [String?]
        if parsed.has(.anyProgram) {
            programs = [nil]
        } else if let program = parsed.value(.program) {
            guard program != RequestingProgram.unknown else {
                throw CommandFailure(
                    """
                    \(RequestingProgram.unknown) is no program: one that could not be identified cannot be granted alone, since every \
                    other would share it; --any-program grants the name to whatever sends it, if that is what you mean
                    """)
            }
            // The CalDAV face's apps are granted as the program `caldav`, which is no path.
            programs = [program == DAVApp.program ? program : try canonical(program)]
        } else {
            programs = try eventStore.read { store throws(StoreError) in try store.authorizations() }.filter {
                $0.client == client && $0.entityType == entity
            }.map(\.program)
            guard !programs.isEmpty else {
                throw Arguments.UsageError(
                    message: """
                        no program has asked as \(client) for \(entity.rawValue)s yet: say which with --program PATH, \
                        or --any-program for every program that sends this name
                        """)
            }
        }
        for program in programs {
            if let program, status == .fullAccess || status == .writeOnly, let caution = Self.caution(program) {
                DescriptorWriter.standardError.write(text: "remindersd: caution: \(caution)\n")
            }
            let named = try eventStore.write { store throws(StoreError) in
                try store.setAuthorizationStatus(status, client: client, program: program, entityType: entity, scope: scope)
                var named: [String] = []
                for identifier in scope?.identifiers ?? [] {
                    let title = try store.calendar(identifier: identifier)?.title ?? identifier
                    named.append("\"\(title)\"\(scope?.isReadOnly(identifier) == true ? " (read only)" : "")")
                }
                return named
            }
            let which =
                scope == nil
                ? "" : " in " + named.joined(separator: ", ") + " only" + (scope?.managesLists == true ? ", and may rename and remove them" : "")
            DescriptorWriter.standardError.write(
                text: "remindersd: \(client) (\(program ?? "any program")) is now \(status.rawValue) for \(entity.rawValue)s\(which)\n")
        }
    }

    /// `--lists "A,B"` and `--read-only-lists "C"` as a scope; nil when neither is given. A name
    /// that is no list of the kind is refused, and nothing is recorded.
    private static func scope(_ parsed: Arguments, entityType: EntityType, eventStore: EventStore) throws -> CalendarScope? {
        let lists = parsed.value(.lists), readOnly = parsed.value(.readOnlyLists)
        guard lists != nil || readOnly != nil else {
            if parsed.has(.manageLists) { throw Arguments.UsageError(message: "--manage-lists: name the lists with --lists") }
            return nil
        }
        func names(_ text: String?) -> [String] {
            (text ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        let (chosen, readOnlyNames) = (names(lists), names(readOnly))
        let scope = try eventStore.read { store throws(StoreError) in
            try ListNames.scope(chosen, readOnly: readOnlyNames, entityType: entityType, in: store)
        }
        guard !scope.calendars.isEmpty else { throw Arguments.UsageError(message: "--lists: name at least one list") }
        var chosenScope = scope
        chosenScope.managesLists = parsed.has(.manageLists)
        return chosenScope
    }

    /// What the owner should know of granting `program`: that it is a script (its identity is its
    /// interpreter's command line, bar a shell script the shell has open) or a bare interpreter.
    static func caution(_ program: String) -> String? {
        let name = (program as NSString).lastPathComponent
        if RequestingProgram.isInterpreter(name) {
            return ProgramIdentity(program: program, evidence: .interpreter).caution
        }
        guard let handle = FileHandle(forReadingAtPath: program) else { return nil }
        defer { try? handle.close() }
        // A compiled program is what the kernel runs; anything else (a `#!` script, or a file an
        // interpreter is given, `python3 tool.py`) is run by an interpreter, and known by its word.
        guard let head = try? handle.read(upToCount: 4), head != Data([0x7F, 0x45, 0x4C, 0x46]) else { return nil }
        return "\(program) is a script: it is known by its interpreter's command line, which any program of your account could imitate "
            + "(a shell script, by the file the shell has open)"
    }

    /// `permissions consent-agent [PROGRAM | --none]`: the owner's consent agent, in the store.
    private static func consentAgent(_ parsed: Arguments, path: String, output: Int32) throws {
        guard parsed.positionals.count <= 2 else {
            throw CommandDeclaration.permissions.usageError("consent-agent")
        }
        let eventStore = try EventStore(path: path)
        let choices =
            [Option.desktopConsentAgent, .terminalConsentAgent, .noConsentAgent].filter(parsed.has).map(\.name)
            + (parsed.positionals.count == 2 ? ["PROGRAM"] : [])
        guard choices.count <= 1 else { throw Arguments.UsageError(message: "\(choices.joined(separator: " and ")) exclude each other") }
        for (flag, shipped) in [(Option.desktopConsentAgent, "remindersd:desktop"), (.terminalConsentAgent, "remindersd:terminal")]
        where parsed.has(flag) {
            try eventStore.write { store throws(StoreError) in try store.setConsentAgent(shipped) }
            DescriptorWriter.standardError.write(
                text: flag == .desktopConsentAgent
                    ? "remindersd: a client requesting access is asked about with a desktop notification (Allow, Deny); away from a desktop, run `remindersd permissions listen` in a terminal to be asked there\n"
                    : "remindersd: a client requesting access is asked about in the terminal where `remindersd permissions listen` runs\n")
            return
        }
        if parsed.has(.noConsentAgent) {
            try eventStore.write { store throws(StoreError) in try store.setConsentAgent(nil) }
            DescriptorWriter.standardError.write(text: "remindersd: no consent agent: a client asking is asked about on your terminal, if any\n")
            return
        }
        guard parsed.positionals.count == 2 else {
            print(try eventStore.read { store throws(StoreError) in try store.consentAgent() } ?? "(none)", to: .protocolOutput(output))
            return
        }
        let program = try canonical(parsed.positionals[1])
        guard access(program, X_OK) == 0 else { throw CommandFailure("\(program) is not an executable program") }
        var status = stat()
        if stat(program, &status) == 0, status.st_mode & 0o022 != 0 {
            throw CommandFailure(
                "\(program) can be changed by other users (mode \(String(status.st_mode & 0o7777, radix: 8))): run `chmod go-w \(program)`")
        }
        try eventStore.write { store throws(StoreError) in try store.setConsentAgent(program) }
        DescriptorWriter.standardError.write(
            text: "remindersd: \(program) is your consent agent: a client requesting access is asked about through it\n")
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
