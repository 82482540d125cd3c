import RemindersConcurrency
import Foundation

/// A bounded queue between the reader thread and the thread that serves requests.
///
/// Bounded so that a client pipelining faster than the server answers is slowed down by
/// the pipe (backpressure) instead of growing the server's memory: in items, and in the bytes of
/// the frames they were parsed from (a batch always fits into an empty queue, however large;
/// batches that cost nothing, such as end of input, never wait for bytes).
final class InboundQueue: Sendable {
    private struct State {
        var items: [Inbound] = []
        var costs: [Int] = []
        var head = 0
        var queuedBytes = 0

        var count: Int { items.count - head }
    }

    private let state = ConditionLock(State())
    private let capacity: Int
    private let byteCapacity: Int

    init(capacity: Int, byteCapacity: Int = .max) {
        self.capacity = capacity
        self.byteCapacity = byteCapacity
    }

    func put(_ item: Inbound) { put(contentsOf: [item]) }

    /// Adds items together; waits while the queue is full (it may then exceed its capacity by this batch).
    /// `costs` are the frame sizes of the items (none: free).
    func put(contentsOf newItems: [Inbound], costs newCosts: [Int] = []) {
        guard !newItems.isEmpty else { return }
        let cost = newCosts.reduce(0, +)
        let (capacity, byteCapacity) = (self.capacity, self.byteCapacity)
        state.withLock(when: { $0.count < capacity && (cost == 0 || $0.queuedBytes == 0 || $0.queuedBytes + cost <= byteCapacity) }) {
            state, _ in
            state.items.append(contentsOf: newItems)
            state.costs.append(contentsOf: newCosts.count == newItems.count ? newCosts : Array(repeating: 0, count: newItems.count))
            state.queuedBytes += cost
        }
    }

    /// Everything queued (up to `limit` items), waiting until there is at least one.
    func takeAvailable(limit: Int) -> [Inbound] {
        let capacity = self.capacity
        return state.withLock(when: { $0.count > 0 }) { state, _ in
            let end = min(state.items.count, state.head + max(1, limit))
            let taken = Array(state.items[state.head..<end])
            state.queuedBytes -= state.costs[state.head..<end].reduce(0, +)
            state.head = end
            if state.head == state.items.count {
                state.items.removeAll(keepingCapacity: true)
                state.costs.removeAll(keepingCapacity: true)
                state.head = 0
            } else if state.head >= capacity {
                // A client that pipelines without pause may never let the queue run empty: drop the
                // taken prefix anyway, or every message of the session would stay in memory.
                state.items.removeSubrange(0..<state.head)
                state.costs.removeSubrange(0..<state.head)
                state.head = 0
            }
            return taken
        }
    }

    /// Items held in storage, taken ones included (for tests of the memory bound).
    var storageCount: Int { state.peek { $0.items.count } }

    var isEmpty: Bool { state.peek { $0.count == 0 } }
}
