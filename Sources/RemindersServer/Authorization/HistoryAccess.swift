import JSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore

/// The history and the trash need full access; a write-only client sees and undoes only its own
/// changes (`ownClient` names it, nil for full access).
enum HistoryAccess {
    static func ownClient(_ context: MethodContext) throws -> String? {
        try context.session.authorizationStatus() == .fullAccess ? nil : context.session.clientName
    }

    static func refuseOthers(_ client: String?, own: String?) throws {
        guard let own, let client, client != own else { return }
        throw ResponseError.invalidParams("a write-only client sees and undoes only its own changes (\(own)'s)", field: "client")
    }
}
