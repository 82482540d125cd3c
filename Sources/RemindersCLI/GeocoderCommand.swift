import RemindersCommandArguments
import RemindersCommandLine
import Foundation
import RemindersJSONRPC
import RemindersStore

/// `remindersd geocoder [URL | --none]`: the geocoder every program's CLGeocoder asks (through the
/// server's `geocode`). The owner's choice, kept in the store, like the consent agent.
enum GeocoderCommand {
    static func run(_ arguments: [String], output: Int32, environment: [String: String]) throws -> Int32 {
        let parsed = try CommandDeclaration.geocoder.parse(arguments)
        if CommandDeclaration.wantsHelp(parsed) {
            print(CommandDeclaration.geocoder.help, to: .protocolOutput(output))
            return 0
        }
        let eventStore = try EventStore(path: RemindersCommand.storePath(parsed, environment: environment))
        switch (parsed.positionals.count, parsed.has(.forgetGeocoder)) {
        case (0, false):
            if let url = try eventStore.read({ store throws(StoreError) in try store.geocoder() }) { print(url, to: .protocolOutput(output)) }
        case (0, true):
            try eventStore.write { store throws(StoreError) in try store.setGeocoder(nil) }
            DescriptorWriter.standardError.write(text: "remindersd: no geocoder; places are looked up in the store alone\n")
        case (1, false):
            let text = parsed.positionals[0]
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil,
                url.user == nil, url.password == nil
            else {
                throw Arguments.UsageError(message: "geocoder: \(text.prefix(80)) is no http(s) URL (without a user or password)")
            }
            try eventStore.write { store throws(StoreError) in try store.setGeocoder(text) }
            DescriptorWriter.standardError.write(text: "remindersd: geocoder set to \(text)\n")
        default:
            throw Arguments.UsageError(message: "geocoder takes one URL, or --none")
        }
        return 0
    }
}
