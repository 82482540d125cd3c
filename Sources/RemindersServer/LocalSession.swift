import JSONRPC

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
        let registered = MethodRegistry.named(method)
        switch session.lifecycle.admitRequest(registered, named: method) {
        case .reject(let error): return .failure(error)
        case .drop, .exit: return .failure(.invalidRequest("unexpected"))
        case .handle: break
        }
        guard let registered else { return .failure(.methodNotFound(method)) }
        session.beginMessagesInHand()
        return dispatcher.call(registered, params: params, isCancelled: { false }).map { pieces in
            pieces.count == 1 ? pieces[0] : pieces.flatMap { $0 }
        }
    }
}
