import JSONRPC
import RemindersServer

/// One in-process session of the JSON-RPC protocol per MCP client, by the name it gives
/// (`clientInfo.name`): the identity the owner's permissions are kept for, as for any client.
/// Every call goes through the same checks, authorization and store as a served client's.
/// Used from the worker thread only.
final class ClientSessions {
    private let options: ServerOptions
    private var sessions: [String: LocalSession] = [:]

    init(options: ServerOptions) { self.options = options }

    /// Calls `method` as `client`: the result, or the error a JSON-RPC client would get.
    func call(_ method: String, _ params: JSONValue, as client: String) -> Result<JSONValue, ResponseError> {
        let session: LocalSession
        if let existing = sessions[client] {
            session = existing
        } else {
            session = LocalSession(options: options)
            if case .failure(let error) = session.call(MethodNames.initialize, ["clientInfo": ["name": .string(client)]]) {
                return .failure(error)
            }
            sessions[client] = session
        }
        return session.call(method, params).flatMap { bytes in
            do { return .success(try JSONParser.parse(bytes)) } catch { return .failure(.internalError("unreadable result of \(method)")) }
        }
    }

    func shutDown() {
        for session in sessions.values { _ = session.call(MethodNames.shutdown, nil) }
        sessions.removeAll()
    }
}
