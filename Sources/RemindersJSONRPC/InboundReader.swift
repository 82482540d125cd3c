/// Turns one frame's bytes into what the server is handed: a message, a batch, or an error.
///
/// Separate from `Connection` so that tests and the fuzzer run exactly what the reader thread
/// runs, without threads or pipes.
struct InboundReader {
    let limits: Limits
    let cancellation: CancellationTracker
    /// The notification consumed here as a cancellation (`$/cancelRequest`); nil: none is.
    var cancelMethod: String? = "$/cancelRequest"

    /// Parses one frame; handles `$/cancelRequest` right here so it takes effect while a request
    /// runs. Nil when nothing is left for the server (only cancellations).
    func inbound(from bytes: [UInt8]) -> Inbound? {
        var began: [RequestID] = []
        defer { cancellation.began(began) }
        return inbound(from: bytes, began: &began)
    }

    /// Like `inbound(from:)`, collecting the ids of requests in `began` for the caller to register
    /// together (before the server can see them); a cancellation registers what was collected first.
    func inbound(from bytes: [UInt8], began: inout [RequestID]) -> Inbound? {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes, maxDepth: limits.maxDepth)
        } catch {
            return .unreadable(.parseError(error.description))
        }
        guard case .array(let elements) = value else {
            let message = Message(value)
            return observe(message, &began) ? .single(message) : nil
        }
        guard !elements.isEmpty else { return .unreadable(.invalidRequest("empty batch")) }
        guard elements.count <= limits.maxBatch else {
            return .unreadable(.invalidRequest("batch of \(elements.count) messages is larger than the limit of \(limits.maxBatch)"))
        }
        let messages = elements.map(Message.init).filter { observe($0, &began) }
        return messages.isEmpty ? nil : .batch(messages)
    }

    /// Registers requests as pending and consumes cancellations; false when the message needs no further handling.
    private func observe(_ message: Message, _ began: inout [RequestID]) -> Bool {
        switch message {
        case .request(let request):
            began.append(request.id)
        case .notification(let notification) where notification.method == cancelMethod:
            cancellation.began(began)
            began.removeAll()
            if let id = notification.params?["id"].flatMap(RequestID.init) { cancellation.cancel(id) }
            return false
        default:
            break
        }
        return true
    }
}
