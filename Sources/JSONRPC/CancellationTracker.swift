import Foundation
import Synchronization

/// Which requests are still pending and which of them the client asked to cancel.
///
/// Shared by the reader thread (which sees `$/cancelRequest` as soon as it arrives, even while
/// a long request runs) and the serving thread (which checks before and during work).
/// Only pending ids can be cancelled, so a late cancel never hits a later request reusing the id.
final class CancellationTracker: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [RequestID: Int] = [:]
    private var cancelled: Set<RequestID> = []
    /// How many ids are in `cancelled`: the serving thread asks about every request, and nearly
    /// always the answer is "none", which this tells without taking the lock.
    private let cancelledCount = Atomic<Int>(0)

    func began(_ id: RequestID) { began([id]) }

    /// Registers several requests under one lock: the reader does this once per read, not per request.
    func began(_ ids: [RequestID]) {
        guard !ids.isEmpty else { return }
        lock.lock(); defer { lock.unlock() }
        for id in ids { pending[id, default: 0] += 1 }
    }

    func cancel(_ id: RequestID) {
        lock.lock(); defer { lock.unlock() }
        if pending[id] != nil, cancelled.insert(id).inserted { cancelledCount.add(1, ordering: .releasing) }
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
            guard let count = pending[id] else { continue }
            if count <= 1 {
                pending[id] = nil
                if cancelled.remove(id) != nil { cancelledCount.subtract(1, ordering: .releasing) }
            } else {
                pending[id] = count - 1
            }
        }
    }
}
