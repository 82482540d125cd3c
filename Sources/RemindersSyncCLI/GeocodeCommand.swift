import RemindersCommandArguments
import RemindersCommandLine
import Foundation
import RemindersGeocoding
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `remindersd-sync geocode --url URL (--address TEXT | --latitude LAT --longitude LON)`: asks the
/// owner's geocoder, for the server's `geocode` and `reverseGeocode` (the server links no network
/// stack). Prints `{"placemarks":[…]}`; exit status 4 when the geocoder could not be asked (the
/// reason on stderr), 2 for a usage error.
enum GeocodeCommand {
    static let unreachableStatus: Int32 = 4

    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandDeclaration.geocode.parse(arguments)
        if CommandDeclaration.wantsHelp(parsed) {
            return SyncCommand.standardOutput.writeLine(CommandDeclaration.geocode.help) == .written ? 0 : 1
        }
        guard let text = parsed.value("--url"), let base = URL(string: text), ["http", "https"].contains(base.scheme?.lowercased() ?? "") else {
            throw Arguments.UsageError(message: "geocode needs --url, the geocoder's http(s) URL")
        }
        let geocoder = Geocoder(base: base, timeout: Double(try parsed.integer(.geocodeTimeout) ?? 15))
        let placemarks: [Placemark]
        do {
            if let address = parsed.value("--address") {
                placemarks = try geocoder.search(address)
            } else if let latitude = parsed.value("--latitude").flatMap(Double.init), let longitude = parsed.value("--longitude").flatMap(Double.init)
            {
                placemarks = try geocoder.reverse(GeoLocation(latitude: latitude, longitude: longitude))
            } else {
                throw Arguments.UsageError(message: "geocode needs --address, or --latitude and --longitude")
            }
        } catch let failure as Geocoder.Failure {
            DescriptorWriter.standardError.write(text: "remindersd: \(failure)\n")
            return unreachableStatus
        }
        var writer = JSONWriter()
        Placemark.writeAnswer(placemarks, to: &writer)
        return SyncCommand.standardOutput.write(writer.bytes + [0x0A]) == .written ? 0 : 1
    }
}
