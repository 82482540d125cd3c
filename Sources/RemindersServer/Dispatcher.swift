import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore

/// Runs one call for a session: checks its params against the method's declaration, checks the
/// caller's authorization, runs the handler, and turns whatever it threw into one JSON-RPC error.
/// It knows nothing of framing, batches or group commit, so another front end (MCP) can use it.
struct Dispatcher {
    let session: Session

    /// The result's pieces, or the error to answer with.
    func call(_ call: Call, isCancelled: @escaping @Sendable () -> Bool) -> Result<[[UInt8]], ResponseError> {
        guard let method = call.method else { return .failure(.methodNotFound(call.name)) }
        do {
            return .success(try method.run(self, method, try call.params.get(), call.commit, isCancelled))
        } catch {
            return .failure(failure(error, of: method))
        }
    }

    /// A call made in Swift by another front end: the value, or the error a client would get.
    func call<M: MethodHandler>(_ method: M.Type, _ params: M.Params, commit: Bool, isCancelled: @escaping @Sendable () -> Bool) -> Result<
        M.Result, ResponseError
    > {
        guard let registered = MethodRegistry.named(M.name) else { return .failure(.methodNotFound(M.name)) }
        do {
            return .success(try run(M.self, params, method: registered, commit: commit, isCancelled: isCancelled))
        } catch {
            return .failure(failure(error, of: registered))
        }
    }

    /// Authorization, the write-only rules and the handler, for params already read.
    func run<D: MethodHandler>(
        _ declaration: D.Type, _ params: D.Params, method: RegisteredMethod, commit: Bool,
        isCancelled: @escaping @Sendable () -> Bool
    ) throws -> D.Result {
        var status = AuthorizationStatus.notDetermined
        if method.access.needsStatus {
            let entityType = try D.entityType(of: params, Caller(session: session))
            status = try session.authorizationStatus(entityType)
            guard method.access.allows(status) else {
                throw ResponseError.notAuthorized(client: session.clientName, status: status, entityType: entityType, "\(method.name) is not allowed")
            }
        }
        if status == .writeOnly { try WriteOnlyRules.checkCommit(commits: method.effect.commitsStagedChanges(commit: commit), session: session) }
        let result = try D.handle(params, MethodContext(session: session, status: status, commit: commit, isCancelled: isCancelled))
        session.noteStagedChanges(after: method, status: status)
        return result
    }

    private func failure(_ error: any Error, of method: RegisteredMethod) -> ResponseError {
        let failure = ResponseError.from(error, prefix: method.fieldPrefix, zone: session.timeZone)
        if failure.code == ResponseError.internalErrorCode { session.log.error("\(method.name) failed: \(error)") }
        return failure
    }

    /// A request of the JSON-RPC front end, answered in the lifecycle's terms.
    func answer(_ request: Call, id: RequestID, isCancelled: @escaping @Sendable () -> Bool) -> OutgoingMessage {
        if isCancelled() { return OutgoingMessage(Envelope.error(id: id, .requestCancelled)) }
        switch session.lifecycle.admitRequest(request.method, named: request.name) {
        case .reject(let error): return OutgoingMessage(Envelope.error(id: id, error))
        case .drop, .exit: return OutgoingMessage(Envelope.error(id: id, .invalidRequest("unexpected")))
        case .handle: break
        }
        switch call(request, isCancelled: isCancelled) {
        case .success(let pieces): return Envelope.resultMessage(id: id, pieces: pieces)
        case .failure(let error): return OutgoingMessage(Envelope.error(id: id, error))
        }
    }
}
