import RemindersDesktopNotifications
import Foundation
import Synchronization

/// Asks on the desktop: a notification with Allow and Deny, over the session bus as the alarm
/// agent's notifications go. Allowed only by Allow; Deny, closing it, a server that cannot show
/// buttons, no bus, or no answer within `timeout` deny.
public enum DesktopConsent {
    public enum Answer: Equatable, Sendable {
        case allowed
        case denied
        /// Nobody could be asked (why): no session bus, no notification server.
        case unavailable(String)
    }

    public static func ask(_ question: ConsentQuestion, timeout: TimeInterval, server: NotificationServer = NotificationServer()) -> Answer {
        let answer = ConsentAnswer()
        server.listen { event in answer.hear(event) }
        let notification = DesktopNotification(
            appName: "remindersd", summary: "Allow \"\(ConsentQuestion.shown(question.client))\" \(question.access)?",
            body: question.lines.dropFirst().joined(separator: "\n"), actions: [("allow", "Allow"), ("deny", "Deny")], urgency: .critical,
            expireTimeout: 0)
        server.notify(notification) { result in answer.shown(result) }
        let result = answer.wait(until: Date().addingTimeInterval(timeout))
        if let id = answer.id { server.close(id) }
        server.stop()
        return result
    }
}

/// The one answer, from the connection's thread to the one that waits.
final class ConsentAnswer: Sendable {
    private struct State {
        var id: UInt32?
        var answer: DesktopConsent.Answer?
        /// Events heard before the server's reply named the notification's id.
        var early: [NotificationEvent] = []
    }
    private let state = Mutex(State())
    private let decided = DispatchSemaphore(value: 0)

    var id: UInt32? { state.withLock { $0.id } }

    func shown(_ result: Result<UInt32, BusFailure>) {
        let decidedNow = state.withLock { state -> Bool in
            switch result {
            case .success(let id):
                state.id = id
                let early = state.early
                state.early = []
                for event in early { Self.decide(event, &state) }
            case .failure(let failure):
                state.answer = .unavailable("\(failure)")
            }
            return state.answer != nil
        }
        if decidedNow { decided.signal() }
    }

    func hear(_ event: NotificationEvent) {
        let decidedNow = state.withLock { state -> Bool in
            guard state.answer == nil else { return false }
            if state.id == nil {
                state.early.append(event)
                return false
            }
            Self.decide(event, &state)
            return state.answer != nil
        }
        if decidedNow { decided.signal() }
    }

    private static func decide(_ event: NotificationEvent, _ state: inout State) {
        guard state.answer == nil, let id = state.id else { return }
        switch event {
        case .action(id, "allow"): state.answer = .allowed
        case .action(id, _), .closed(id, _): state.answer = .denied
        case .serverChanged: state.answer = .denied
        default: break
        }
    }

    func wait(until deadline: Date) -> DesktopConsent.Answer {
        _ = decided.wait(timeout: .now() + max(0, deadline.timeIntervalSinceNow))
        return state.withLock { $0.answer } ?? .denied
    }
}
