import Foundation
import Glibc
import Synchronization

/// The desktop's notification server (freedesktop.org's Desktop Notifications Specification),
/// through one session-bus connection this process keeps: `Notify` is sent and the server's
/// `ActionInvoked`, `NotificationClosed` and `ActivationToken` are heard on the same unique name.
/// That matters: a server may send those signals to the notification's sender only (dunst does),
/// so a one-shot sender that has exited never hears its buttons.
///
/// One thread owns the connection; calls are queued to it and answered on it. A connection that
/// cannot be made, or is lost, answers the calls waiting with `unavailable`; the next call tries
/// again, so a bus or server that comes back is used.
public final class NotificationServer: Sendable {
    static let name = "org.freedesktop.Notifications"
    static let path = "/org/freedesktop/Notifications"

    private let shared: Shared

    public init() {
        shared = Shared()
        let shared = self.shared
        let thread = Thread {
            var loop = BusLoop(shared: shared)
            loop.run()
            shared.finished.signal()
        }
        thread.name = "remindersd.notifications"
        thread.start()
    }

    deinit { stop() }

    /// `events` hears, on the connection's thread and in the order the server sent them, what
    /// happened to this connection's notifications and to the server (in place of any before).
    public func listen(_ events: @escaping @Sendable (NotificationEvent) -> Void) {
        shared.listener.withLock { $0 = events }
    }

    /// Shows `notification`; `answered` gets its id (what its events carry) or why not.
    public func notify(_ notification: DesktopNotification, answered: @escaping @Sendable (Result<UInt32, BusFailure>) -> Void) {
        shared.queue(.notify(notification, answered))
    }

    /// Takes a notification of this connection's off the screen (`CloseNotification`).
    public func close(_ id: UInt32) { shared.queue(.close(id)) }

    /// Ends the connection — what was asked before (a notification taken off the screen) is sent
    /// first, and calls still waiting are answered `stopped` — and waits a little for it to end, so
    /// that a process about to exit has said everything.
    public func stop() {
        shared.queue(nil)
        if shared.finished.wait(timeout: .now() + 2) == .success { shared.finished.signal() }
    }

    enum Call {
        case notify(DesktopNotification, @Sendable (Result<UInt32, BusFailure>) -> Void)
        case close(UInt32)
    }

    /// What callers hand the connection's thread, and the pipe that wakes it from poll(2).
    final class Shared: Sendable {
        private struct Queue {
            var calls: [Call] = []
            var stopped = false
        }
        private let state = Mutex(Queue())
        /// Signalled once when the connection's thread has ended (and again by each who waited, for the next).
        let finished = DispatchSemaphore(value: 0)
        let listener = Mutex<(@Sendable (NotificationEvent) -> Void)?>(nil)
        let wakeRead: Int32
        let wakeWrite: Int32

        init() {
            var ends: [Int32] = [-1, -1]
            // Without a pipe the thread still runs, waking on its bus socket and every second.
            if pipe(&ends) == 0 {
                for end in ends {
                    _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                    _ = fcntl(end, F_SETFL, O_NONBLOCK)
                }
            } else {
                ends = [-1, -1]
            }
            wakeRead = ends[0]
            wakeWrite = ends[1]
        }

        /// nil: stop.
        func queue(_ call: Call?) {
            let accepted = state.withLock { state -> Bool in
                guard !state.stopped else { return false }
                if let call { state.calls.append(call) } else { state.stopped = true }
                return true
            }
            if !accepted, case .notify(_, let answered)? = call { answered(.failure(.stopped)) }
            var byte: UInt8 = 1
            _ = write(wakeWrite, &byte, 1)  // a full pipe has woken the thread already
        }

        func tell(_ event: NotificationEvent) {
            listener.withLock { $0 }?(event)
        }

        func take() -> (calls: [Call], stopped: Bool) {
            var byte = [UInt8](repeating: 0, count: 64)
            while read(wakeRead, &byte, byte.count) > 0 {}
            return state.withLock { state in
                defer { state.calls.removeAll() }
                return (state.calls, state.stopped)
            }
        }

        deinit {
            Glibc.close(wakeRead)
            Glibc.close(wakeWrite)
        }
    }
}
