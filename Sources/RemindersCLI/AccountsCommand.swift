import RemindersCommandArguments
import RemindersCommandLine
import RemindersAccountSecrets
import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersStore

/// `remindersd accounts add|list|remove`: the CalDAV accounts the store syncs with.
enum AccountsCommand {
    static func run(_ arguments: [String], output: Int32, environment: [String: String]) throws -> Int32 {
        let parsed = try CommandDeclaration.accounts.parse(arguments)
        if CommandDeclaration.wantsHelp(parsed) {
            print(CommandDeclaration.accounts.help, to: .protocolOutput(output))
            return 0
        }
        let path = RemindersCommand.storePath(parsed, environment: environment)
        switch parsed.positionals.first {
        case "add":
            guard parsed.positionals.count == 2 else { throw CommandDeclaration.accounts.usageError("add") }
            let account = try newAccount(name: parsed.positionals[1], parsed)
            try EventStore(path: path).write { store throws(StoreError) in try store.addAccount(account, now: Timestamp.now()) }
            let then =
                account.defaultList.map {
                    $0.isEmpty
                        ? ". From its first sync, new reminders go to one of its lists (--default-list TITLE chooses; --keep-default-list keeps them here)"
                        : ". From its first sync, new reminders go to its list \"\($0)\" (made there if missing)"
                } ?? ""
            DescriptorWriter.standardError.write(text: "remindersd: added account \(account.name); run remindersd sync \(account.name)\(then)\n")
            return 0
        case "list":
            guard parsed.positionals.count == 1 else { throw Arguments.UsageError(message: "accounts list takes no arguments") }
            let eventStore = try EventStore(path: path)
            let lastSyncs = SyncStatus.last(store: path)
            let nextSync = SyncStatus.next(store: path)
            // One snapshot: every account with its collections as they were together.
            let accounts = try eventStore.read { store throws(StoreError) in
                var accounts: [(SyncAccount, [SyncedCollection])] = []
                for account in try store.accounts() { accounts.append((account, try store.syncedCollections(account: account.name))) }
                return accounts
            }
            for (account, synced) in accounts {
                var writer = JSONWriter()
                writer.beginObject()
                writer.field("name", account.name)
                writer.field("url", account.url)
                writer.field("username", account.username)
                writer.field("passwordCommand", account.passwordCommand)
                writer.field("passwordFile", account.passwordFile)
                writer.field("timeout", Int(account.timeout))
                if let address = account.address { writer.field("address", address) }
                writer.field("lists", synced.filter { $0.entityType == .reminder }.count)
                writer.field("eventCalendars", synced.filter { $0.entityType == .event }.count)
                // When it last synced and how that ended, and when the agent (--sync) means to next.
                let last = lastSyncs[account.name]
                writer.field("lastSync", last?.finished.rfc3339)
                writer.field("lastResult", last?.result)
                writer.field("nextSync", nextSync?.rfc3339)
                writer.endObject()
                print(String(decoding: writer.bytes, as: UTF8.self), to: .protocolOutput(output))
            }
            return 0
        case "remove":
            guard parsed.positionals.count == 2 else { throw CommandDeclaration.accounts.usageError("remove") }
            let (name, keepLists) = (parsed.positionals[1], parsed.has(.keepLists))
            let lists = try EventStore(path: path).write { store throws(StoreError) in try store.removeAccount(named: name, keepLists: keepLists) }
            let what = parsed.has(.keepLists) ? "kept \(lists) list(s) as local lists" : "removed \(lists) list(s) with it"
            DescriptorWriter.standardError.write(text: "remindersd: removed account \(parsed.positionals[1]); \(what)\n")
            return 0
        default:
            throw CommandDeclaration.accounts.usageError()
        }
    }

    private static func newAccount(name: String, _ parsed: Arguments) throws -> SyncAccount {
        guard !name.isEmpty, !name.contains(where: { $0.isWhitespace || $0.isNewline }), name.count <= 64 else {
            throw Arguments.UsageError(message: "NAME: a word of up to 64 characters without spaces")
        }
        guard let text = parsed.value(.url) else { throw Arguments.UsageError(message: "accounts add needs --url URL") }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            throw Arguments.UsageError(message: "--url must be an http:// or https:// URL, got \(text.prefix(80))")
        }
        guard url.user == nil, url.password == nil else {
            throw Arguments.UsageError(message: "--url must not hold a user or password: give --username, and the password by file or command")
        }
        if ClearText.exposesPassword(text) {
            guard parsed.has(.allowInsecureHTTP) else {
                throw CommandFailure("\(ClearText.warning(text)); use https://, or add --allow-insecure-http if you accept that")
            }
            DescriptorWriter.standardError.write(text: "remindersd: warning: \(ClearText.warning(text))\n")
        }
        if parsed.value(.passwordCommand) != nil, parsed.value(.passwordFile) != nil {
            throw Arguments.UsageError(message: "give --password-command or --password-file, not both")
        }
        var file = parsed.value(.passwordFile)
        if let given = file {
            file = URL(fileURLWithPath: given).standardizedFileURL.path
            do { try PasswordCheck.file(file!) } catch { throw CommandFailure("\(error)") }
        }
        if let command = parsed.value(.passwordCommand) {
            do { try PasswordCheck.command(command) } catch { throw CommandFailure("\(error)") }
        }
        let timeout = try parsed.integer(.accountTimeout) ?? 30
        let address = parsed.value(.address)
        if let address, !address.contains("@") || address.contains(where: \.isWhitespace) {
            throw Arguments.UsageError(message: "--address \(address) is no email address (like you@example.com)")
        }
        if parsed.value(.defaultList) != nil, parsed.has(.keepDefaultList) {
            throw Arguments.UsageError(message: "give --default-list TITLE or --keep-default-list, not both")
        }
        let defaultList = parsed.value(.defaultList)?.trimmingCharacters(in: .whitespaces)
        if let defaultList, defaultList.isEmpty || defaultList.count > 200 {
            throw Arguments.UsageError(message: "--default-list takes a list's title (1 to 200 characters)")
        }
        return SyncAccount(
            name: name, url: text, username: parsed.value(.username), passwordCommand: parsed.value(.passwordCommand),
            passwordFile: file, timeout: Double(timeout), address: address,
            defaultList: parsed.has(.keepDefaultList) ? nil : (defaultList ?? ""))
    }
}
