import RemindersJSONRPC
import RemindersProtocol
import RemindersStore

/// A session driven from inside this process: calls go straight to the dispatcher, with no
/// framing, pipes or threads. `remindersd call` uses it (a one-shot call then costs no more than
/// the work itself), and so can front ends that speak another protocol.
///
/// The lifecycle is the same as on the wire: `initialize` first, then any method.
public final class LocalSession {
    private let session: Session
    private let dispatcher: Dispatcher

    public init(options: ServerOptions) {
        session = Session(options: options, connection: nil)
        dispatcher = Dispatcher(session: session)
    }

    /// Calls `method`; the result's JSON, or the error a client would have been answered with.
    public func call(_ method: String, _ params: JSONValue?) -> Result<[UInt8], ResponseError> {
        let call = Call(method: method, params: params)
        if let refusal = admit(call.method, named: method) { return .failure(refusal) }
        return dispatcher.call(call, isCancelled: { false }).map { pieces in
            pieces.count == 1 ? pieces[0] : pieces.flatMap { $0 }
        }
    }

    /// Calls `method` with its params as a value (a front end speaking another protocol, in
    /// Swift): its result as a value, never written and read back; the same checks,
    /// authorization and rules as over the wire. `commit` is a staging method's `commit` member.
    public func call<M: MethodHandler>(_ method: M.Type, _ params: M.Params, commit: Bool = true) -> Result<M.Result, ResponseError> {
        if let refusal = admit(MethodRegistry.named(M.name), named: M.name) { return .failure(refusal) }
        return dispatcher.call(method, params, commit: commit, isCancelled: { false })
    }

    /// Runs `body` — calls on this session — as one group, as the server runs a pipelining
    /// client's writes: their reads share one transaction and every commit among them is durable
    /// together with the others, or, when the group's transaction fails, none is (the failure
    /// then). Without an open store the calls run on their own, each answering as it would.
    public func durably<T>(_ body: () -> T) -> Result<T, ResponseError> {
        guard let store = session.openedStore else { return .success(body()) }
        switch store.durably({ () throws(StoreError) in body() }) {
        case .committed(let value): return .success(value)
        case .rolledBack(let error): return .failure(ResponseError.from(error, prefix: nil, zone: session.timeZone))
        }
    }

    /// What the lifecycle says of a call now: nil when it may run.
    private func admit(_ method: RegisteredMethod?, named name: String) -> ResponseError? {
        switch session.lifecycle.admitRequest(method, named: name) {
        case .reject(let error): return error
        case .drop, .exit: return .invalidRequest("unexpected")
        case .handle:
            session.beginMessagesInHand()
            return nil
        }
    }
}
