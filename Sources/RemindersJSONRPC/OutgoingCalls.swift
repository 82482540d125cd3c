import Foundation
import RemindersConcurrency
import Synchronization

/// The requests this side of a connection sent and waits to be answered (rust-analyzer's
/// lsp-server: one connection, client or server): their ids, and the answer the reader thread
/// hands each. An answer is taken apart only as far as finding its id; the caller reads the rest
/// (a typed result, or an EventKit fetch left unread until looked at).
final class OutgoingCalls: Sendable {
    /// One call's answer, given once — by the reader, or by the end of the session — to the
    /// thread that waits for it.
    typealias Answer = ConditionLock<Result<[UInt8], ResponseError>?>

    private let state = Mutex(State())

    private struct State {
        var waiting: [Int64: Answer] = [:]
        var nextID: Int64 = 1
        /// Why no answer can come any more (the peer closed its output); nil while it can.
        var ended: ResponseError?
    }

    /// Whether any call waits: the reader skims a message for its id only then, so a server that
    /// sends no requests pays nothing for this.
    var isWaiting: Bool { state.withLock { !$0.waiting.isEmpty } }

    /// A new call's id and where its answer will come; the session's end when it has ended.
    func begin() -> Result<(Int64, Answer), ResponseError> {
        state.withLock { state in
            if let ended = state.ended { return .failure(ended) }
            let id = state.nextID
            state.nextID += 1
            let answer = Answer(nil)
            state.waiting[id] = answer
            return .success((id, answer))
        }
    }

    /// Gives up waiting for `id` (its time ran out, or it could not be sent).
    func abandon(_ id: Int64) { _ = state.withLock { $0.waiting.removeValue(forKey: id) } }

    /// Takes `message` when it answers a call waiting: true then, and the call has its answer.
    func answer(_ message: [UInt8]) -> Bool {
        guard let envelope = message.withUnsafeBufferPointer({ try? JSONSkimmer.outline(of: 0..<$0.count, in: $0, levels: 1) }),
            let members = envelope.members, !members.contains(where: { $0.key == "method" })
        else { return false }
        func value(_ key: String) -> JSONValue? {
            guard let range = members.first(where: { $0.key == key })?.value.range else { return nil }
            return message.withUnsafeBufferPointer { try? JSONParser.parse(UnsafeBufferPointer(rebasing: $0[range])) }
        }
        guard case .integer(let id)? = value("id"), let answer = state.withLock({ $0.waiting.removeValue(forKey: id) }) else { return false }
        if let error = value("error") {
            answer.withLock { $0 = .failure(ResponseError(answered: error)) }
        } else {
            answer.withLock { $0 = .success(message) }
        }
        return true
    }

    /// Every call waiting, and every later one, fails with `reason`.
    func end(_ reason: ResponseError) {
        let failed: [Answer] = state.withLock { state in
            if state.ended == nil { state.ended = reason }
            defer { state.waiting.removeAll() }
            return Array(state.waiting.values)
        }
        for answer in failed { answer.withLock { $0 = .failure(reason) } }
    }
}

extension ResponseError {
    /// The error object a peer answered with; one that is not an error object is said to be so.
    init(answered error: JSONValue) {
        guard let code = error["code"]?.integerValue, let message = error["message"]?.stringValue else {
            self = .internalError("the peer answered with an error that is not a JSON-RPC error object: \(error.serialized.prefix(200))")
            return
        }
        self.init(code: Int(code), message: message, data: error["data"])
    }
}
