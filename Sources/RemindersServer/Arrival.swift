import RemindersJSONRPC

/// One item taken from the connection — a message, a batch, an unreadable frame or the end of
/// input — with each request in it read into its `Call` once, as it arrives, and what the calls
/// say about the transaction it needs noted then (the server asks for every request it runs).
struct Arrival {
    enum Item {
        case single(Received)
        case batch([Received])
        case unreadable(ResponseError)
        case endOfInput
    }

    let item: Item
    /// Whether a request here writes, and so joins the group commit.
    let hasWrite: Bool
    /// Whether a request here stages a change without committing (`commit: false`).
    let stagesChanges: Bool
    /// Whether a request here must run outside a group transaction (see `Effect.runsAlone`).
    let runsAlone: Bool

    init(_ inbound: Inbound) {
        var (hasWrite, stagesChanges, runsAlone) = (false, false, false)
        func read(_ message: Message) -> Received {
            let received = Received(message)
            if case .request(_, let call) = received {
                hasWrite = hasWrite || call.joinsGroupCommit
                stagesChanges = stagesChanges || call.stagesWithoutCommitting
                runsAlone = runsAlone || call.runsAlone
            }
            return received
        }
        switch inbound {
        case .single(let message): item = .single(read(message))
        case .batch(let messages): item = .batch(messages.map(read))
        case .unreadable(let error): item = .unreadable(error)
        case .endOfInput: item = .endOfInput
        }
        (self.hasWrite, self.stagesChanges, self.runsAlone) = (hasWrite, stagesChanges, runsAlone)
    }

    /// What this item is answered with when the transaction of its group failed with `failure`.
    func replyWhenTheGroupFailed(_ failure: ResponseError) -> [UInt8]? {
        func reply(_ message: Received) -> [UInt8]? {
            switch message {
            case .request(let request, _): return Envelope.error(id: request.id, failure)
            case .invalid(let id, let error): return Envelope.error(id: id, error)
            case .notification, .response: return nil
            }
        }
        switch item {
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
