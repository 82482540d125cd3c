import RemindersConcurrency
import Foundation

/// The one thread that reads and writes the store for MCP: it owns the clients' sessions (made
/// here and handed to it, never touched by another thread) and runs what it is given, in order.
final class MCPWorker: Sendable {
    typealias Job = @Sendable (ClientSessions) -> Void

    private let jobs = ConditionLock((queue: [Job](), stopping: false))

    init(sessions: sending ClientSessions) {
        let handOff = HandOff(sessions)
        let thread = Thread { [jobs] in
            guard let sessions = handOff.take() else { return }
            while let job = Self.next(from: jobs) { job(sessions) }
        }
        thread.name = "remindersd.mcp.worker"
        thread.start()
    }

    /// The next job, waiting for one; nil once stopped and nothing is left.
    private static func next(from jobs: ConditionLock<(queue: [Job], stopping: Bool)>) -> Job? {
        jobs.withLock(when: { !$0.queue.isEmpty || $0.stopping }) { jobs, _ in
            jobs.queue.isEmpty ? nil : jobs.queue.removeFirst()
        }
    }

    /// Runs `job` after everything given before it.
    func async(_ job: @escaping Job) {
        jobs.withLock { $0.queue.append(job) }
    }

    /// Runs `job` after everything given before it, and waits for its result.
    func sync<Result: Sendable>(_ job: @escaping @Sendable (ClientSessions) -> Result) -> Result {
        let answer = ConditionLock<[Result]>([])  // empty until the job ran
        async { sessions in
            let result = job(sessions)
            answer.withLock { $0 = [result] }
        }
        return answer.withLock(when: { !$0.isEmpty }) { result, _ in result[0] }
    }

    /// Ends the thread once what was given has run; nothing may be given after.
    func stop() {
        jobs.withLock { $0.stopping = true }
    }
}
