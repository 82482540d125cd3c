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
    typealias Answer = ConditionLock<Result<CallAnswer, ResponseError>?>

    private let state = Mutex(State())
    /// How deep the reader takes an answer apart as it finds its id: the one pass over its bytes
    /// the caller may then use (an EventKit fetch: down to the result's arrays' elements).
    let outlineLevels: Int

    init(outlineLevels: Int) { self.outlineLevels = outlineLevels }

    private struct State {
        var waiting: [Int64: Answer] = [:]
        var nextID: Int64 = 1
        /// Why no answer can come any more (the peer closed its output); nil while it can.
        var ended: ResponseError?
    }

    /// How many calls wait, kept beside the table so the reader asks without a lock.
    private let waiting = Atomic<Int>(0)

    /// Whether any call waits: the reader skims a message for its id only then, so a server that
    /// sends no requests pays one atomic load per message for this.
    var isWaiting: Bool { waiting.load(ordering: .acquiring) > 0 }

    /// A new call's id and where its answer will come; the session's end when it has ended.
    func begin() -> Result<(Int64, Answer), ResponseError> {
        state.withLock { state in
            if let ended = state.ended { return .failure(ended) }
            let id = state.nextID
            state.nextID += 1
            let answer = Answer(nil)
            state.waiting[id] = answer
            waiting.store(state.waiting.count, ordering: .releasing)
            return .success((id, answer))
        }
    }

    /// Gives up waiting for `id` (its time ran out, or it could not be sent).
    func abandon(_ id: Int64) { _ = take(id) }

    /// The call waiting for `id`, no longer waiting.
    private func take(_ id: Int64) -> Answer? {
        state.withLock { state in
            defer { waiting.store(state.waiting.count, ordering: .releasing) }
            return state.waiting.removeValue(forKey: id)
        }
    }

    /// Takes `message` when it answers a call waiting: true then, and the call has its answer.
    func answer(_ message: [UInt8]) -> Bool {
        // An answer is the peer's own, never deeper than what it answers; the limit is a parser's bound.
        guard
            let envelope = message.withUnsafeBufferPointer({
                try? JSONSkimmer.outline(of: 0..<$0.count, in: $0, levels: outlineLevels, maxDepth: JSONParser.defaultMaxDepth * 8)
            }),
            let members = envelope.members, !members.contains(where: { $0.key == "method" })
        else { return false }
        func value(_ key: String) -> JSONValue? {
            guard let range = members.first(where: { $0.key == key })?.value.range else { return nil }
            return message.withUnsafeBufferPointer { try? JSONParser.parse(UnsafeBufferPointer(rebasing: $0[range])) }
        }
        guard case .integer(let id)? = value("id"), let answer = take(id) else { return false }
        if let error = value("error") {
            answer.withLock { $0 = .failure(ResponseError(answered: error)) }
        } else {
            answer.withLock { $0 = .success(CallAnswer(message: message, outline: envelope)) }
        }
        return true
    }

    /// Every call waiting, and every later one, fails with `reason`.
    func end(_ reason: ResponseError) {
        let failed: [Answer] = state.withLock { state in
            if state.ended == nil { state.ended = reason }
            defer {
                state.waiting.removeAll()
                waiting.store(0, ordering: .releasing)
            }
            return Array(state.waiting.values)
        }
        for answer in failed { answer.withLock { $0 = .failure(reason) } }
    }
}

/// A call's answer: the message as the peer wrote it, and where its members are (taken apart
/// `outlineLevels` deep by the reader).
public struct CallAnswer: Sendable {
    public let message: [UInt8]
    public let outline: JSONOutline
}

extension ResponseError {
    /// Every call waiting when the peer closed its output fails with this, and every later one.
    public static let peerWentAway = ResponseError.internalError("the peer went away: it closed its output")

    /// The error object a peer answered with; one that is not an error object is said to be so.
    init(answered error: JSONValue) {
        guard let code = error["code"]?.integerValue, let message = error["message"]?.stringValue else {
            self = .internalError("the peer answered with an error that is not a JSON-RPC error object: \(error.serialized.prefix(200))")
            return
        }
        self.init(code: Int(code), message: message, data: error["data"])
    }
}
