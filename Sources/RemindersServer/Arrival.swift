import JSONRPC

/// One item taken from the connection — a message, a batch, an unreadable frame or the end of
/// input — with each request in it read into its `Call` once, as it arrives.
enum Arrival {
    case single(Received)
    case batch([Received])
    case unreadable(ResponseError)
    case endOfInput

    init(_ inbound: Inbound) {
        switch inbound {
        case .single(let message): self = .single(Received(message))
        case .batch(let messages): self = .batch(messages.map(Received.init))
        case .unreadable(let error): self = .unreadable(error)
        case .endOfInput: self = .endOfInput
        }
    }

    var received: [Received] {
        switch self {
        case .single(let message): return [message]
        case .batch(let messages): return messages
        case .unreadable, .endOfInput: return []
        }
    }

    private var calls: some Sequence<Call> {
        received.lazy.compactMap { if case .request(_, let call) = $0 { return call } else { return nil } }
    }

    /// Whether a request here writes, and so joins the group commit.
    var hasWrite: Bool { calls.contains(where: \.joinsGroupCommit) }

    /// Whether a request here stages a change without committing (`commit: false`).
    var stagesChanges: Bool { calls.contains(where: \.stagesWithoutCommitting) }

    /// Whether a request here must run outside a group transaction (see `Effect.runsAlone`).
    var runsAlone: Bool { calls.contains(where: \.runsAlone) }

    /// What this item is answered with when the transaction of its group failed with `failure`.
    func replyWhenTheGroupFailed(_ failure: ResponseError) -> [UInt8]? {
        func reply(_ message: Received) -> [UInt8]? {
            switch message {
            case .request(let request, _): return Envelope.error(id: request.id, failure)
            case .invalid(let id, let error): return Envelope.error(id: id, error)
            case .notification, .response: return nil
            }
        }
        switch self {
        case .single(let message): return reply(message)
        case .batch(let messages):
            let replies = messages.compactMap(reply)
            return replies.isEmpty ? nil : Envelope.batch(replies)
        case .unreadable(let error): return Envelope.error(id: nil, error)
        case .endOfInput: return nil
        }
    }
}

/// One message as the server answers it: `Message` with each request read into its call.
enum Received {
    case request(Request, Call)
    case notification(Notification)
    case response(id: RequestID?)
    case invalid(id: RequestID?, error: ResponseError)

    init(_ message: Message) {
        switch message {
        case .request(let request): self = .request(request, Call(method: request.method, params: request.params))
        case .notification(let notification): self = .notification(notification)
        case .response(let id): self = .response(id: id)
        case .invalid(let id, let error): self = .invalid(id: id, error: error)
        }
    }
}
