import Foundation
import RemindersGeocoding
import RemindersJSON
import RemindersJSONRPC
import RemindersModel
import RemindersProtocol
import RemindersStore
import RemindersSync

/// `remindersd-sync --serve`: how the server and the agent ask for what needs the network stack —
/// the protocol, not a second one. One request (JSON-RPC, one line) on stdin, read by its method's
/// own declaration (`params(of:)`: the schema check and `Params.init` the server reads with):
/// `sync`, `addSubscription` or `refreshSubscriptions` on `--store`, or `geocode`/`reverseGeocode` of the owner's geocoder at `--geocoder`. On
/// stdout, `$/progress` for a sync's `workDoneToken` (if it gave one) and then the response: the
/// method's result, or the error a server answers for it (-32011 for an account that does not
/// exist, -32602 for params it does not take, -32014 `network` for a geocoder that could not be
/// asked). Logs stay on stderr.
enum HelperService {
    struct Setting {
        var storePath: String
        var rules: CalendarItemRules
        var geocoder: URL?
        var geocoderTimeout: TimeInterval
    }

    static func run(_ setting: Setting) -> Int32 {
        let request: JSONValue
        do {
            request = try JSONParser.parse(Array(FileHandle.standardInput.readDataToEndOfFile()))
        } catch {
            return answer(Envelope.error(id: nil, .parseError("the request is no JSON: \(error)")))
        }
        let id = request["id"].flatMap(RequestID.init) ?? .number(0)
        do {
            var writer = JSONWriter()
            switch request["method"]?.stringValue {
            case SyncMethod.name?:
                try sync(try SyncMethod.params(of: request["params"]), setting).write(to: &writer)
            case AddSubscription.name?:
                try SubscriptionService.add(try AddSubscription.params(of: request["params"]), storePath: setting.storePath, rules: setting.rules)
                    .write(to: &writer)
            case RefreshSubscriptions.name?:
                try SubscriptionService.refresh(
                    try RefreshSubscriptions.params(of: request["params"]), storePath: setting.storePath, rules: setting.rules
                ).write(to: &writer)
            case Geocode.name?:
                let params = try Geocode.params(of: request["params"])
                Placemarks(placemarks: try geocoder(setting) { geocoder throws(Geocoder.Failure) in try geocoder.search(params.address) })
                    .write(to: &writer)
            case ReverseGeocode.name?:
                let params = try ReverseGeocode.params(of: request["params"])
                Placemarks(placemarks: try geocoder(setting) { geocoder throws(Geocoder.Failure) in try geocoder.reverse(params.location) })
                    .write(to: &writer)
            default:
                throw ResponseError.methodNotFound(request["method"]?.stringValue ?? "(none)")
            }
            return answer(Envelope.result(id: id, writer.bytes))
        } catch let error as ResponseError {
            return answer(Envelope.error(id: id, error))
        } catch StoreError.notFound(let kind, let identifier) {
            return answer(
                Envelope.error(
                    id: id,
                    ResponseError(
                        code: ResponseError.notFoundCode, message: "Not found: no \(kind) with identifier \(identifier)",
                        data: ["kind": .string(kind), "identifier": .string(identifier)])))
        } catch {
            return answer(Envelope.error(id: id, .internalError("\(error)")))
        }
    }

    /// The places the owner's geocoder answers; one that could not be asked is -32014 `network`
    /// with why (the server falls back to the store's places, or says so).
    private static func geocoder(_ setting: Setting, _ ask: (Geocoder) throws(Geocoder.Failure) -> [Placemark]) throws -> [Placemark] {
        guard let base = setting.geocoder else { throw ResponseError.invalidParams("a geocoding request needs --geocoder URL", field: "params") }
        do {
            return try ask(Geocoder(base: base, timeout: setting.geocoderTimeout))
        } catch {
            throw GeocodeFailureReason.network.error("\(error)")
        }
    }

    private static func sync(_ params: SyncMethod.Params, _ setting: Setting) throws -> SyncReport {
        let (storePath, rules) = (setting.storePath, setting.rules)
        let eventStore = try EventStore(path: storePath, rules: rules)
        let lock = try SyncCommand.lock(storePath)
        defer { withExtendedLifetime(lock) {} }
        var options = SyncOptions(dryRun: params.dryRun)
        options.forceDelete = params.forceDelete
        let report = try Syncer(eventStore: eventStore, options: options).sync(account: params.account) { message, fraction in
            guard let token = params.workDoneToken, !token.isNull else { return }
            let progress = WorkDoneProgress(
                token: token, kind: .report, message: message.replacingOccurrences(of: "\n", with: " "),
                percentage: Int((fraction * 100).rounded()))
            _ = SyncCommand.standardOutput.write(progress.notification + [0x0A])
        }
        SyncCommand.record(report, store: storePath)
        return report
    }

    private static func answer(_ message: [UInt8]) -> Int32 {
        SyncCommand.standardOutput.write(message + [0x0A]) == .written ? 0 : 1
    }
}
