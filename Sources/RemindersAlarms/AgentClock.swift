import Dispatch
import Foundation
import RemindersModel
import Synchronization

/// Where the alarm agent reads the time and waits for it: the wall clock, or one a test moves on
/// (`ManualClock`), so that a test of an alarm due in an hour takes no hour and no sleep.
public protocol AgentClock: Sendable {
    func now() -> Timestamp
    /// Waits until `deadline` or until `wake` is signalled; true when woken. May return sooner
    /// than either (the caller looks again).
    func wait(until deadline: Timestamp, or wake: DispatchSemaphore) -> Bool
}

/// The system's clock.
public struct WallClock: AgentClock {
    public init() {}

    public func now() -> Timestamp { Timestamp.now() }

    public func wait(until deadline: Timestamp, or wake: DispatchSemaphore) -> Bool {
        let milliseconds = max(0, deadline.milliseconds - now().milliseconds)
        return wake.wait(timeout: .now() + .milliseconds(Int(milliseconds))) == .success
    }
}

/// A clock that stands still until told to move (`advance`): for tests. A waiter sleeps until the
/// test moves the clock or its `wake` is signalled — no real time passes, and nothing spins.
public final class ManualClock: AgentClock {
    private let time: Mutex<Timestamp>
    /// The semaphores of the threads waiting on this clock: `advance` wakes them to look again.
    private let waiters = Mutex<[ObjectIdentifier: DispatchSemaphore]>([:])

    public init(_ start: Timestamp) { time = Mutex(start) }

    public func now() -> Timestamp { time.withLock { $0 } }

    public func advance(to instant: Timestamp) {
        time.withLock { $0 = max($0, instant) }
        for waiter in waiters.withLock({ Array($0.values) }) { waiter.signal() }
    }

    /// Returns when `advance` moved the clock (true: the caller looks at the store and the clock
    /// again, as for any wake) or `wake` was signalled; at once when `deadline` has passed.
    public func wait(until deadline: Timestamp, or wake: DispatchSemaphore) -> Bool {
        let key = ObjectIdentifier(wake)
        waiters.withLock { $0[key] = wake }
        defer { _ = waiters.withLock { $0.removeValue(forKey: key) } }
        // Looked at after registering: an `advance` in between has signalled this waiter already.
        guard now() < deadline else { return false }
        wake.wait()
        return true
    }
}
