import RemindersCommandArguments
import RemindersCommandLine
import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersStore

/// `remindersd location LAT LON [--accuracy M]`: one position, from a shell — a GeoClue script, a
/// phone bridge, a test. What `updateLocation` does; acts as the store's owner, like `alarms`.
enum LocationCommand {
    static func run(_ arguments: [String], output: Int32, environment: [String: String]) throws -> Int32 {
        let parsed = try CommandDeclaration.location.parse(arguments)
        if CommandDeclaration.wantsHelp(parsed) {
            print(CommandDeclaration.location.help, to: .protocolOutput(output))
            return 0
        }
        guard parsed.positionals.count == 2 else { throw Arguments.UsageError(message: "location: give LAT and LON, e.g. location 52.52 13.405") }
        let latitude = try degrees(parsed.positionals[0], name: "LAT", limit: 90)
        let longitude = try degrees(parsed.positionals[1], name: "LON", limit: 180)
        let accuracy = try parsed.number(.accuracy) ?? 10
        let zone = SystemTimeZone.resolve(environment: environment).zone
        let eventStore = try EventStore(path: RemindersCommand.storePath(parsed, environment: environment), timeZone: zone)
        let fix = LocationFix(
            location: GeoLocation(latitude: latitude, longitude: longitude), horizontalAccuracy: accuracy, timestamp: Timestamp.now())
        for transition in try eventStore.updateLocation(fix) {
            let title = try eventStore.reminder(identifier: transition.reminderIdentifier)?.title ?? transition.reminderIdentifier
            print("\(transition.proximity.rawValue)  \(title)", to: .protocolOutput(output))
        }
        return 0
    }

    private static func degrees(_ text: String, name: String, limit: Double) throws -> Double {
        guard let value = Double(text), value.isFinite, (-limit...limit).contains(value) else {
            throw Arguments.UsageError(
                message: "location: \(name) must be a number of degrees in -\(Int(limit))…\(Int(limit)), got \(text.prefix(40))")
        }
        return value
    }
}
