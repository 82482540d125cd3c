import Foundation
import JSONRPC
import RemindersModel
import RemindersStore

/// `remindersd permissions list|set`: the owner's Settings screen, the only way to lift a denial.
enum Permissions {
    static let usage = """
        Usage: remindersd permissions list [--store PATH]
               remindersd permissions set CLIENT STATUS [--entity reminder|event] [--store PATH]

        The owner's Settings screen: which client may do what with the reminders.
          list    one JSON object per line: {"client", "entityType", "status"}
          set     records CLIENT's STATUS: notDetermined (forget the decision, so the client is
                  asked again), restricted, denied, fullAccess or writeOnly; it applies to running
                  sessions from their next call
        """

    static func run(_ arguments: [String], output: Int32, environment: [String: String]) throws -> Int32 {
        let parsed = try Arguments(arguments, valueFlags: ["--store", "--entity"], switchFlags: ["--help", "-h"])
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
                writer.field("status", record.status.rawValue)
                writer.endObject()
                print(String(decoding: writer.bytes, as: UTF8.self), to: .protocolOutput(output))
            }
            return 0
        case "set":
            guard parsed.positionals.count == 3 else {
                throw Arguments.UsageError(message: "usage: remindersd permissions set CLIENT STATUS [--entity reminder|event] [--store PATH]")
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
            let store = try CalendarStore(path: path)
            try store.setAuthorizationStatus(status, client: client, entityType: entity)
            DescriptorWriter.standardError.write(text: "remindersd: \(client) is now \(status.rawValue) for \(entity.rawValue)s\n")
            return 0
        default:
            throw Arguments.UsageError(message: "usage: remindersd permissions list | permissions set CLIENT STATUS")
        }
    }
}
