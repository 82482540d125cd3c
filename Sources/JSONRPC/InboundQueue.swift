import Foundation

/// A bounded queue between the reader thread and the thread that serves requests.
///
/// Bounded so that a client pipelining faster than the server answers is slowed down by
/// the pipe (backpressure) instead of growing the server's memory: in items, and in the bytes of
/// the frames they were parsed from (a batch always fits into an empty queue, however large;
/// batches that cost nothing, such as end of input, never wait for bytes).
final class InboundQueue: @unchecked Sendable {  // guarded by `condition` (an NSCondition: put and take wait on it)
    private let condition = NSCondition()
    private var items: [Inbound] = []
    private var costs: [Int] = []
    private var head = 0
    private var queuedBytes = 0
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
        condition.lock()
        while items.count - head >= capacity || (cost > 0 && queuedBytes > 0 && queuedBytes + cost > byteCapacity) { condition.wait() }
        items.append(contentsOf: newItems)
        costs.append(contentsOf: newCosts.count == newItems.count ? newCosts : Array(repeating: 0, count: newItems.count))
        queuedBytes += cost
        condition.broadcast()
        condition.unlock()
    }

    /// Everything queued (up to `limit` items), waiting until there is at least one.
    func takeAvailable(limit: Int) -> [Inbound] {
        condition.lock()
        defer { condition.unlock() }
        while items.count == head { condition.wait() }
        let end = min(items.count, head + max(1, limit))
        let taken = Array(items[head..<end])
        queuedBytes -= costs[head..<end].reduce(0, +)
        head = end
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            costs.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= capacity {
            // A client that pipelines without pause may never let the queue run empty: drop the
            // taken prefix anyway, or every message of the session would stay in memory.
            items.removeSubrange(0..<head)
            costs.removeSubrange(0..<head)
            head = 0
        }
        condition.broadcast()
        return taken
    }

    /// Items held in storage, taken ones included (for tests of the memory bound).
    var storageCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return items.count
    }

    var isEmpty: Bool {
        condition.lock()
        defer { condition.unlock() }
        return items.count == head
    }
}
