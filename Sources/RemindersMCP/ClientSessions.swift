import RemindersJSONRPC
import RemindersProtocol
import RemindersServer

/// One in-process session of the JSON-RPC protocol per MCP client, by the name it gives
/// (`clientInfo.name`): the identity the owner's permissions are kept for, as for any client.
/// Every call goes through the same checks, authorization and store as a served client's.
/// Used from the worker thread only.
final class ClientSessions {
    private let options: ServerOptions
    private var sessions: [String: LocalSession] = [:]

    init(options: ServerOptions) { self.options = options }

    /// Calls `method` as `client`: its result as a value, or the error a JSON-RPC client would get.
    func call<M: MethodHandler>(_ method: M.Type, _ params: M.Params, as client: String, commit: Bool = true) -> Result<M.Result, ResponseError> {
        session(of: client).flatMap { $0.call(method, params, commit: commit) }
    }

    /// Runs `body`, calls as `client`, as one durable group (LocalSession.durably).
    func durably<T>(as client: String, _ body: () -> T) -> Result<T, ResponseError> {
        session(of: client).flatMap { $0.durably(body) }
    }

    private func session(of client: String) -> Result<LocalSession, ResponseError> {
        if let existing = sessions[client] { return .success(existing) }
        let session = LocalSession(options: options)
        if case .failure(let error) = session.call(Initialize.self, Initialize.Params(clientName: client)) { return .failure(error) }
        sessions[client] = session
        return .success(session)
    }

    func shutDown() {
        for session in sessions.values { _ = session.call(Shutdown.self, NoParams()) }
        sessions.removeAll()
    }
}
