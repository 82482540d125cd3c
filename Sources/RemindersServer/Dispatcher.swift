import JSONRPC
import RemindersJSON
import RemindersModel
import RemindersStore

/// Runs one call for a session: checks its params against the method's declaration, checks the
/// caller's authorization, runs the handler, and turns whatever it threw into one JSON-RPC error.
/// It knows nothing of framing, batches or group commit, so another front end (MCP) can use it.
struct Dispatcher {
    let session: Session

    /// The result's pieces, or the error to answer with.
    func call(_ method: RegisteredMethod, params: JSONValue?, isCancelled: @escaping @Sendable () -> Bool) -> Result<[[UInt8]], ResponseError> {
        do {
            let fields = try method.check(params)
            var status = AuthorizationStatus.notDetermined
            if method.access.needsStatus {
                status = try session.authorizationStatus(try method.declaration.entityType(of: params, session: session))
                guard method.access.allows(status) else {
                    throw ResponseError.notAuthorized(client: session.clientName, status: status, "\(method.name) is not allowed")
                }
            }
            if status == .writeOnly { try WriteOnlyRules.checkCommit(of: method, params: params, session: session) }
            let context = MethodContext(session: session, params: fields, status: status, isCancelled: isCancelled)
            let result = try method.handle(context)
            session.noteStagedChanges(after: method, status: status)
            return .success(result)
        } catch {
            let failure = ResponseError.from(error, prefix: method.fieldPrefix, zone: session.timeZone)
            if failure.code == ResponseError.internalErrorCode { session.log.error("\(method.name) failed: \(error)") }
            return .failure(failure)
        }
    }

    /// A request of the JSON-RPC front end, answered in the lifecycle's terms.
    func answer(_ request: Request, isCancelled: @escaping @Sendable () -> Bool) -> OutgoingMessage {
        if isCancelled() { return OutgoingMessage(Envelope.error(id: request.id, .requestCancelled)) }
        let method = MethodRegistry.named(request.method)
        switch session.lifecycle.admitRequest(method, named: request.method) {
        case .reject(let error): return OutgoingMessage(Envelope.error(id: request.id, error))
        case .drop, .exit: return OutgoingMessage(Envelope.error(id: request.id, .invalidRequest("unexpected")))
        case .handle: break
        }
        guard let method else {
            return OutgoingMessage(Envelope.error(id: request.id, .methodNotFound(request.method)))
        }
        switch call(method, params: request.params, isCancelled: isCancelled) {
        case .success(let pieces): return Envelope.resultMessage(id: request.id, pieces: pieces)
        case .failure(let error): return OutgoingMessage(Envelope.error(id: request.id, error))
        }
    }
}
