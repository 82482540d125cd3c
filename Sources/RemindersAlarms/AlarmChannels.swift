import Foundation
import Synchronization
import RemindersJSON
import RemindersModel

/// Where a fired alarm goes: an `--on-alarm` program, and the desktop's notification server.
///
/// A channel hands the alarm over and returns; whatever takes longer — a program that never
/// exits, a notification server slow to answer — goes on on a thread of its own, so that no alarm
/// waits for another. The agent records an alarm delivered once every channel has handed it over
/// (`Handover`): an agent killed before that delivers it again when it starts, so nothing is lost.
protocol AlarmChannel: Sendable {
    /// `shown` hears the desktop notification's id, when this channel shows one.
    func deliver(_ fired: FiredAlarm, log: @escaping @Sendable (String) -> Void, shown: @escaping @Sendable (UInt32) -> Void) -> Handover
}

/// When a channel has the alarm: at once, or later, told to `whenDone` from another thread.
enum Handover {
    case done
    case pending(Completion)

    /// Told once, from any thread, that the hand-over finished (well or not: a failure is logged
    /// and not retried, as a program that failed would fail again).
    final class Completion: Sendable {
        private struct State {
            var action: (@Sendable () -> Void)?
            var finished = false
        }
        private let state = Mutex(State())

        init() {}

        func finish() {
            let action = state.withLock { state -> (@Sendable () -> Void)? in
                state.finished = true
                return state.action
            }
            action?()
        }

        /// Runs `body` when finished (at once, if it already is).
        func whenDone(_ body: @escaping @Sendable () -> Void) {
            let now = state.withLock { state -> Bool in
                if !state.finished { state.action = body }
                return state.finished
            }
            if now { body() }
        }
    }
}
