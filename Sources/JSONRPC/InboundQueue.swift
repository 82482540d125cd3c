import Foundation

/// A bounded queue between the reader thread and the thread that serves requests.
///
/// Bounded so that a client pipelining faster than the server answers is slowed down by
/// the pipe (backpressure) instead of growing the server's memory.
final class InboundQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Inbound] = []
    private var head = 0
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    func put(_ item: Inbound) { put(contentsOf: [item]) }

    /// Adds items together; waits while the queue is full (it may then exceed its capacity by this batch).
    func put(contentsOf newItems: [Inbound]) {
        guard !newItems.isEmpty else { return }
        condition.lock()
        while items.count - head >= capacity { condition.wait() }
        items.append(contentsOf: newItems)
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
        head = end
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= capacity {
            // A client that pipelines without pause may never let the queue run empty: drop the
            // taken prefix anyway, or every message of the session would stay in memory.
            items.removeSubrange(0..<head)
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
