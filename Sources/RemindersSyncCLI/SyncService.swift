import Foundation
import RemindersJSON
import RemindersJSONRPC
import RemindersModel
import RemindersProtocol
import RemindersStore
import RemindersSync

/// `remindersd-sync --serve`: how the server's `sync` method and the agent start it — the protocol,
/// not a second one. One `sync` request (JSON-RPC, one line) on stdin, read by the method's own
/// declaration (`SyncMethod.params(of:)`, the schema check and `Params.init` the server reads
/// with); then, on stdout, `$/progress` for its `workDoneToken` (if it gave one) and the response:
/// the report as `SyncMethod.Result`, or the error a server answers for it (-32011 for an account
/// that does not exist, -32602 for params it does not take). Logs stay on stderr.
enum SyncService {
    static func run(storePath: String, rules: CalendarItemRules) -> Int32 {
        let request: JSONValue
        do {
            request = try JSONParser.parse(Array(FileHandle.standardInput.readDataToEndOfFile()))
        } catch {
            return answer(Envelope.error(id: nil, .parseError("the request is no JSON: \(error)")))
        }
        let id = request["id"].flatMap(RequestID.init) ?? .number(0)
        guard request["method"]?.stringValue == SyncMethod.name else {
            return answer(Envelope.error(id: id, .methodNotFound(request["method"]?.stringValue ?? "(none)")))
        }
        do {
            let params = try SyncMethod.params(of: request["params"])
            let report = try sync(params, storePath: storePath, rules: rules)
            var writer = JSONWriter()
            report.write(to: &writer)
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

    private static func sync(_ params: SyncMethod.Params, storePath: String, rules: CalendarItemRules) throws -> SyncReport {
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
