import Foundation
import RemindersAppPasswords
import RemindersCommandArguments
import RemindersCommandLine
import RemindersJSON
import RemindersJSONRPC
import RemindersModel
import RemindersStore

/// `remindersd dav [add-app|apps|remove-app]`, run as `remindersd-dav` (`remindersd dav` replaces
/// itself with it): the CalDAV face served, and the desktop's calendar apps that use it, each a
/// client with a password made for it and a grant like any client's (program `caldav`). Exit
/// status: 0, 1 when it could not be done, 2 for a usage error.
public enum DAVCommand {
    static let standardOutput = DescriptorWriter(descriptor: STDOUT_FILENO)

    public static func main(_ arguments: [String], environment: [String: String]) -> Int32 {
        do {
            return try run(arguments, environment: environment)
        } catch let error as Arguments.UsageError {
            DescriptorWriter.standardError.write(text: "remindersd: \(error.message) (see remindersd dav --help)\n")
            return 2
        } catch {
            DescriptorWriter.standardError.write(text: "remindersd: \(error)\n")
            return 1
        }
    }

    static func run(_ arguments: [String], environment: [String: String]) throws -> Int32 {
        let parsed = try CommandDeclaration.dav.parse(arguments)
        if CommandDeclaration.wantsHelp(parsed) {
            _ = standardOutput.writeLine(CommandDeclaration.dav.help)
            return 0
        }
        let storePath = StoreLocation.path(given: parsed.value(.store), environment: environment)
        if parsed.positionals.isEmpty { return try DAVServe.run(parsed, storePath: storePath) }
        guard parsed.value(.listen) == nil else { throw Arguments.UsageError(message: "--listen: only when serving (remindersd dav)") }
        let eventStore = try EventStore(path: storePath)
        switch (parsed.positionals.first, parsed.positionals.count) {
        case ("add-app"?, 2):
            let password = try addApp(parsed.positionals[1], parsed, eventStore)
            _ = standardOutput.writeLine(password)
        case ("apps"?, 1):
            for line in try apps(eventStore) { _ = standardOutput.writeLine(line) }
        case ("remove-app"?, 2):
            let name = parsed.positionals[1]
            guard try eventStore.write({ store throws(StoreError) in try store.removeDAVApp(named: name) }) else {
                throw DAVCommandFailure("there is no app named \"\(name)\" (see remindersd dav apps)")
            }
            DescriptorWriter.standardError.write(text: "remindersd: \(name) is forgotten, with its password and grants\n")
        default:
            throw CommandDeclaration.dav.usageError()
        }
        return 0
    }

    /// Records the app and its grants in one transaction, and returns its password (printed once).
    private static func addApp(_ name: String, _ parsed: Arguments, _ eventStore: EventStore) throws -> String {
        guard !name.isEmpty, name.count <= 64, !name.contains(":"), name.allSatisfy({ !$0.isWhitespace && !$0.isNewline }) else {
            throw Arguments.UsageError(message: "add-app: the name is what the app logs in as: 1 to 64 characters, no spaces or colons")
        }
        let kinds = try parsed.choice(.appEntity, as: EntityType.self).map { [$0] } ?? [.reminder, .event]
        let password = AppPassword.generate()
        let hash = try PasswordHash.make(password)
        let granted = try eventStore.write { store throws(StoreError) -> [String] in
            try store.addDAVApp(DAVApp(name: name, passwordHash: hash, creationDate: Timestamp.now()))
            var granted: [String] = []
            for (kind, scope) in try scopes(parsed, kinds: kinds, store) {
                try store.setAuthorizationStatus(.fullAccess, client: name, program: DAVApp.program, entityType: kind, scope: scope)
                granted.append(kind == .reminder ? "reminders" : "events")
            }
            return granted
        }
        DescriptorWriter.standardError.write(
            text: """
                remindersd: \(name) may use \(granted.joined(separator: " and ")) over CalDAV (user \(name), the password below; \
                it is shown only now)\n
                """)
        return password
    }

    /// The grant's lists for each kind: every list without --lists or --read-only-lists; with
    /// them, each name must be a list of one of the kinds, and a kind none of them names is not
    /// granted.
    private static func scopes(_ parsed: Arguments, kinds: [EntityType], _ store: CalendarStore) throws(StoreError) -> [(EntityType, CalendarScope?)]
    {
        func names(_ option: Option) -> [String] {
            (parsed.value(option) ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        let (chosen, readOnly) = (names(.appLists), names(.appReadOnlyLists))
        guard !chosen.isEmpty || !readOnly.isEmpty else { return kinds.map { ($0, nil) } }
        var scopes: [(EntityType, CalendarScope?)] = []
        var placed = Set<String>()
        for kind in kinds {
            let calendars = try store.calendars(for: kind)
            let names = { (given: [String]) in
                given.filter { name in
                    calendars.contains { $0.calendarIdentifier == name || $0.title.caseInsensitiveCompare(name) == .orderedSame }
                }
            }
            let (mine, mineReadOnly) = (names(chosen), names(readOnly))
            placed.formUnion(mine + mineReadOnly)
            guard !mine.isEmpty || !mineReadOnly.isEmpty else { continue }
            scopes.append((kind, try ListNames.scope(mine, readOnly: mineReadOnly, entityType: kind, among: calendars)))
        }
        if let unknown = (chosen + readOnly).first(where: { !placed.contains($0) }) {
            throw .invalid(ValidationError(field: "lists", "there is no list or calendar \"\(unknown)\""))
        }
        return scopes
    }

    /// `{"name", "created", "grants": [{"entityType", "status", "scope"?}]}` per app, by name.
    private static func apps(_ eventStore: EventStore) throws -> [String] {
        try eventStore.read { store throws(StoreError) -> [String] in
            let grants = try store.authorizations().filter { $0.program == DAVApp.program }
            return try store.davApps().map { app throws(StoreError) -> String in
                var writer = JSONWriter()
                writer.beginObject()
                writer.field("name", app.name)
                writer.field("created", app.creationDate)
                writer.key(static: "grants")
                writer.beginArray()
                for grant in grants where grant.client == app.name {
                    writer.beginObject()
                    writer.field("entityType", grant.entityType.rawValue)
                    writer.field("status", grant.status.rawValue)
                    if grant.scope != nil,
                        let scope = try store.authorizationScope(client: app.name, program: DAVApp.program, entityType: grant.entityType)
                    {
                        var titles: [String: String] = [:]
                        for identifier in scope.identifiers { titles[identifier] = try store.calendar(identifier: identifier)?.title }
                        writer.key(static: "scope")
                        scope.write(to: &writer, titles: titles)
                    }
                    writer.endObject()
                }
                writer.endArray()
                writer.endObject()
                return String(decoding: writer.bytes, as: UTF8.self)
            }
        }
    }
}

/// What `dav` could not do, in words: `remindersd: MESSAGE`, exit status 1.
struct DAVCommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
