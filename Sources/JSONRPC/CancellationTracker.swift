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
final class CancellationTracker: @unchecked Sendable {  // guarded by `lock`, beside a lock-free count the reader checks first
    private let lock = NSLock()
    private var pending: [RequestID] = []
    private var head = 0
    private var cancelled: Set<RequestID> = []
    /// How many ids are in `cancelled`: the serving thread asks about every request, and nearly
    /// always the answer is "none", which this tells without taking the lock.
    private let cancelledCount = Atomic<Int>(0)

    func began(_ id: RequestID) { began([id]) }

    /// Registers several requests under one lock: the reader does this once per read, not per request.
    func began(_ ids: [RequestID]) {
        guard !ids.isEmpty else { return }
        lock.lock(); defer { lock.unlock() }
        pending.append(contentsOf: ids)
    }

    func cancel(_ id: RequestID) {
        lock.lock(); defer { lock.unlock() }
        guard pending[head...].contains(id), cancelled.insert(id).inserted else { return }
        cancelledCount.add(1, ordering: .releasing)
    }

    func isCancelled(_ id: RequestID) -> Bool {
        guard cancelledCount.load(ordering: .acquiring) > 0 else { return false }
        lock.lock(); defer { lock.unlock() }
        return cancelled.contains(id)
    }

    func finished(_ id: RequestID) { finished([id]) }

    /// Marks several requests answered under one lock.
    func finished(_ ids: [RequestID]) {
        guard !ids.isEmpty else { return }
        lock.lock(); defer { lock.unlock() }
        for id in ids {
            if head < pending.count, pending[head] == id {
                head += 1
            } else if let index = pending[head...].firstIndex(of: id) {
                pending.remove(at: index)
            } else {
                continue  // not pending (finished twice, or never registered)
            }
            // Another pending request may reuse the id; its cancellation stays until it finishes too.
            if cancelledCount.load(ordering: .acquiring) > 0, !pending[head...].contains(id), cancelled.remove(id) != nil {
                cancelledCount.subtract(1, ordering: .releasing)
            }
        }
        if head > 4096 {
            pending.removeFirst(head)
            head = 0
        }
    }
}
