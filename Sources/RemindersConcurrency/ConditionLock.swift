import Foundation

/// State that one thread waits on until another changes it: the state, its lock and its
/// condition as one value, so the state is reachable only with the lock held — what `Mutex` is
/// for state nobody waits on (a `Mutex` cannot wait), and Sendable on the same terms: the state
/// is handed in and out as `sending`.
///
/// Every change made through it wakes the waiters, which look again at what they wait for: a
/// waiter never misses a change, and never acts on one it did not see under the lock. A read
/// (`peek`) wakes nobody: a waiter woken for nothing costs the thread that serves a pipelining
/// client a context switch.
public final class ConditionLock<State>: @unchecked Sendable {  // `state` is touched only between `condition.lock()` and `unlock()`
    @usableFromInline let condition = NSCondition()
    @usableFromInline var state: State

    public init(_ state: sending State) { self.state = state }

    /// Reads or changes the state, then wakes whoever waits on it.
    @inlinable
    public func withLock<Result>(_ body: (inout sending State) throws -> sending Result) rethrows -> sending Result {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return try body(&state)
    }

    /// Waits until `ready` holds of the state (or `deadline` passed), then runs `body` on it under
    /// the same lock and wakes the other waiters. `body` is told whether `ready` held.
    @inlinable
    public func withLock<Result>(
        when ready: (State) -> Bool, before deadline: Date = .distantFuture, _ body: (inout sending State, _ ready: Bool) throws -> sending Result
    ) rethrows -> sending Result {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        var isReady = ready(state)
        while !isReady {
            if deadline == .distantFuture {
                condition.wait()
            } else if !condition.wait(until: deadline) {
                isReady = ready(state)
                break
            }
            isReady = ready(state)
        }
        return try body(&state, isReady)
    }

    /// Reads the state without waking anyone: nothing changed.
    @inlinable
    public func peek<Result>(_ body: (State) throws -> sending Result) rethrows -> sending Result {
        condition.lock()
        defer { condition.unlock() }
        return try body(state)
    }

    /// Waits until `ready` holds of the state, or `deadline` passed.
    @inlinable
    public func wait(until ready: (State) -> Bool, before deadline: Date = .distantFuture) {
        withLock(when: ready, before: deadline) { _, _ in }
    }
}
