/// Turns one frame's bytes into what the server is handed: a message, a batch, or an error.
///
/// Separate from `Connection` so that tests and the fuzzer run exactly what the reader thread
/// runs, without threads or pipes.
struct InboundReader {
    let limits: Limits
    let cancellation: CancellationTracker

    /// Parses one frame; handles `$/cancelRequest` right here so it takes effect while a request
    /// runs. Nil when nothing is left for the server (only cancellations).
    func inbound(from bytes: [UInt8]) -> Inbound? {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes, maxDepth: limits.maxDepth)
        } catch {
            return .unreadable(.parseError(error.description))
        }
        guard case .array(let elements) = value else {
            let message = Message(value)
            return observe(message) ? .single(message) : nil
        }
        guard !elements.isEmpty else { return .unreadable(.invalidRequest("empty batch")) }
        guard elements.count <= limits.maxBatch else {
            return .unreadable(.invalidRequest("batch of \(elements.count) messages is larger than the limit of \(limits.maxBatch)"))
        }
        let messages = elements.map(Message.init).filter(observe)
        return messages.isEmpty ? nil : .batch(messages)
    }

    /// Registers requests as pending and consumes cancellations; false when the message needs no further handling.
    private func observe(_ message: Message) -> Bool {
        switch message {
        case .request(let request):
            cancellation.began(request.id)
        case .notification(let notification) where notification.method == "$/cancelRequest":
            if let id = notification.params?["id"].flatMap(RequestID.init) { cancellation.cancel(id) }
            return false
        default:
            break
        }
        return true
    }
}
