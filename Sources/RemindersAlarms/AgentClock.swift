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

/// A clock that stands still until told to move (`advance`): for tests.
public final class ManualClock: AgentClock {
    private let time: Mutex<Timestamp>

    public init(_ start: Timestamp) { time = Mutex(start) }

    public func now() -> Timestamp { time.withLock { $0 } }

    public func advance(to instant: Timestamp) { time.withLock { $0 = max($0, instant) } }

    /// Returns within a few real milliseconds whatever the deadline: the time moves only when the
    /// test says, and the waiter must look again at the store and the clock meanwhile.
    public func wait(until deadline: Timestamp, or wake: DispatchSemaphore) -> Bool {
        guard now() < deadline else { return false }
        return wake.wait(timeout: .now() + .milliseconds(5)) == .success
    }
}
