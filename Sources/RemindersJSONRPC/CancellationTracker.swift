import Foundation
import Synchronization

/// Which requests are still pending and which of them the client asked to cancel.
///
/// Shared by the reader thread (which sees `$/cancelRequest` as soon as it arrives, even while
/// a long request runs) and the serving thread (which checks before and during work).
/// Only pending ids can be cancelled, so a late cancel never hits a later request reusing the id.
///
/// Pending ids are kept in arrival order, because the server answers in that order: registering
/// and finishing are an append and a step forward, with no hashing, which a client pipelining
/// hundreds of thousands of requests would otherwise pay twice per request. Cancellations are
/// rare, so they alone scan.
final class CancellationTracker: Sendable {
    private struct State {
        var pending: [RequestID] = []
        var head = 0
        var cancelled: Set<RequestID> = []
    }
    private let state = Mutex(State())
    /// How many ids are in `cancelled`: the serving thread asks about every request, and nearly
    /// always the answer is "none", which this tells without taking the lock.
    private let cancelledCount = Atomic<Int>(0)

    func began(_ id: RequestID) { began([id]) }

    /// Registers several requests under one lock: the reader does this once per read, not per request.
    func began(_ ids: [RequestID]) {
        guard !ids.isEmpty else { return }
        state.withLock { $0.pending.append(contentsOf: ids) }
    }

    func cancel(_ id: RequestID) {
        state.withLock { state in
            guard state.pending[state.head...].contains(id), state.cancelled.insert(id).inserted else { return }
            cancelledCount.add(1, ordering: .releasing)
        }
    }

    func isCancelled(_ id: RequestID) -> Bool {
        guard cancelledCount.load(ordering: .acquiring) > 0 else { return false }
        return state.withLock { $0.cancelled.contains(id) }
    }

    func finished(_ id: RequestID) { finished([id]) }

    /// Marks several requests answered under one lock.
    func finished(_ ids: [RequestID]) {
        guard !ids.isEmpty else { return }
        state.withLock { state in
            for id in ids {
                if state.head < state.pending.count, state.pending[state.head] == id {
                    state.head += 1
                } else if let index = state.pending[state.head...].firstIndex(of: id) {
                    state.pending.remove(at: index)
                } else {
                    continue  // not pending (finished twice, or never registered)
                }
                // Another pending request may reuse the id; its cancellation stays until it finishes too.
                if cancelledCount.load(ordering: .acquiring) > 0, !state.pending[state.head...].contains(id), state.cancelled.remove(id) != nil {
                    cancelledCount.subtract(1, ordering: .releasing)
                }
            }
            if state.head > 4096 {
                state.pending.removeFirst(state.head)
                state.head = 0
            }
        }
    }
}
