import Foundation

/// Which requests are still pending and which of them the client asked to cancel.
///
/// Shared by the reader thread (which sees `$/cancelRequest` as soon as it arrives, even while
/// a long request runs) and the serving thread (which checks before and during work).
/// Only pending ids can be cancelled, so a late cancel never hits a later request reusing the id.
final class CancellationTracker: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [RequestID: Int] = [:]
    private var cancelled: Set<RequestID> = []

    func began(_ id: RequestID) {
        lock.lock(); defer { lock.unlock() }
        pending[id, default: 0] += 1
    }

    func cancel(_ id: RequestID) {
        lock.lock(); defer { lock.unlock() }
        if pending[id] != nil { cancelled.insert(id) }
    }

    func isCancelled(_ id: RequestID) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return cancelled.contains(id)
    }

    func finished(_ id: RequestID) {
        lock.lock(); defer { lock.unlock() }
        guard let count = pending[id] else { return }
        if count <= 1 {
            pending[id] = nil
            cancelled.remove(id)
        } else {
            pending[id] = count - 1
        }
    }
}
