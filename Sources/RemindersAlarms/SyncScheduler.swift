import RemindersConcurrency
import Foundation
import RemindersLogging
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersSyncHelper
import RemindersStore

/// `remindersd agent --sync`: every account synced by itself — soon after a change made here
/// (a burst of commits is one sync), every `interval` otherwise, and after a failure again
/// after a wait that doubles up to an hour, or at once when a change comes. Each sync is
/// `remindersd-sync`, as `remindersd sync` runs it, so the sync lock keeps it from running
/// beside another one and a crash of either loses nothing the store had committed.
///
/// A change made here is told from the sync's own writes by what a sync would upload: a
/// reminder or event of a synced calendar changed since the last sync began and not yet as
/// synced, or more removals or calendars to make than the last sync left (`SyncBacklog`).
public final class SyncScheduler: Sendable {
    public struct Timing: Sendable {
        public var interval: TimeInterval
        /// A sync starts this long after the last commit of a burst…
        public var quiet: TimeInterval = 1.5
        /// …and no later than this after its first.
        public var latest: TimeInterval = 4
        public var firstRetry: TimeInterval = 30
        public var longestRetry: TimeInterval = 3600
        public init(interval: TimeInterval) { self.interval = interval }
    }

    let storePath: String
    let timing: Timing
    let log: Log
    /// What the schedule reads the time from: the wall clock, or a test's.
    let clock: any AgentClock
    /// Tells the person something a sync did that they should know (a conflict): a summary and a
    /// body, for a desktop notification.
    let tellPerson: (@Sendable (_ summary: String, _ body: String) -> Void)?
    /// What the loop waits on: a stop, or a commit by anyone since it last looked.
    private let signals = ConditionLock((stopRequested: false, committed: false))
    /// The loop's own state, opened here so that a store that cannot be opened fails `init`, and
    /// taken by the loop's thread when it starts.
    private let handOff: HandOff<Pass>

    /// The store, and what the last sync left: the loop thread's alone.
    private struct Pass {
        let eventStore: EventStore
        /// The backlog the last sync left, and when it began.
        var baseline = SyncBacklog(changedSince: false, removed: 0, calendarsToMake: 0)
        var lastStart = Timestamp(milliseconds: 0)
        /// What the log last said of the state ("ok" or the failure), so it says it once per change.
        var lastState: String?
    }

    public init(
        storePath: String, timing: Timing, log: Log, clock: any AgentClock = WallClock(),
        tellPerson: (@Sendable (_ summary: String, _ body: String) -> Void)? = nil
    ) throws {
        self.storePath = storePath
        self.timing = timing
        self.log = log
        self.clock = clock
        self.tellPerson = tellPerson
        handOff = HandOff(Pass(eventStore: try EventStore(path: storePath, clock: { clock.now() })))
    }

    /// Starts the loop's thread; later calls do nothing.
    public func start() {
        let thread = Thread { [self] in
            guard var pass = handOff.take() else { return }
            loop(&pass)
        }
        thread.name = "sync"
        thread.start()
    }

    public func stop() {
        signals.withLock { $0.stopRequested = true }
    }

    private var isStopping: Bool { signals.peek { $0.stopRequested } }

    /// Whether anyone committed since the last look (the sync's own commits among them).
    private func takeCommitted() -> Bool {
        signals.withLock { signals in
            defer { signals.committed = false }
            return signals.committed
        }
    }

    private func loop(_ pass: inout Pass) {
        let commits = StoreChangeFeed.feed(for: storePath).subscribe(every: 0.25) { [weak self] in
            self?.signals.withLock { $0.committed = true }
        }
        defer { commits.cancel() }
        var schedule = SyncSchedule(timing: timing, start: now)
        while !isStopping {
            if takeCommitted(), changedHere(pass) { schedule.changed(at: now) }
            let due = schedule.due
            if now >= due {
                schedule.started()
                let outcome = syncOnce(&pass)
                let wait = schedule.finished(at: now, succeeded: !outcome.failed)
                SyncStatus.planNext(Timestamp(milliseconds: Int64(schedule.nextPoll.timeIntervalSince1970 * 1000)), store: storePath)
                tell(outcome, wait: wait, pass: &pass)
                _ = takeCommitted()  // the sync's own commits (the backlog tells them from others')
                // A change made while it ran, which it did not take. After a failure the changes
                // it could not take are still there: only a new commit tries again before the wait.
                if !outcome.failed, changedHere(pass) { schedule.changed(at: now) }
                continue
            }
            // The condition waits in real time: as long as the clock says is left, at most a
            // minute (a test's clock moves without telling it; the loop then looks again).
            let left = min(max(due.timeIntervalSince(now), 0), 60)
            signals.wait(until: { $0.stopRequested || $0.committed }, before: Date().addingTimeInterval(left))
        }
    }

    private var now: Date { Date(timeIntervalSince1970: Double(clock.now().milliseconds) / 1000) }

    /// Whether the store holds work for a sync that the last one did not leave.
    private func changedHere(_ pass: Pass) -> Bool {
        guard let backlog = try? pass.eventStore.read({ store throws(StoreError) in try store.syncBacklog(changedSince: pass.lastStart) })
        else { return false }
        return backlog.exceeds(pass.baseline)
    }

    /// How a sync went: its state ("ok", or why it failed), and what says whether that state is
    /// new (which accounts fail: the message itself varies from try to try, "after 2 ms").
    private struct Outcome {
        var state: String
        var stateKey: String
        var conflicts: [SyncConflict] = []
        var failed: Bool { stateKey != "ok" }
    }

    /// Runs one sync of every account.
    private func syncOnce(_ pass: inout Pass) -> Outcome {
        let started = clock.now()
        let state: String
        var failed = true
        var failingAccounts = "remindersd-sync"
        var conflicts: [SyncConflict] = []
        do {
            let report = try SyncHelper.sync(
                SyncMethod.Params(dryRun: false, forceDelete: []), store: storePath, progress: { _ in },
                isCancelled: { [weak self] in self?.isStopping ?? true }
            ).report
            // What `AccountReport.failed` says, read from the report's JSON: the agent does not
            // link RemindersSync (the network stack is remindersd-sync's alone).
            let accounts = report["accounts"]?.arrayValue ?? []
            conflicts = SyncConflict.all(in: accounts)
            let errors = accounts.compactMap { account -> String? in
                let listError = account["lists"]?.arrayValue?.compactMap { $0["error"]?.stringValue }.first
                return (account["error"]?.stringValue ?? listError).map { "\(account["name"]?.stringValue ?? "?"): \($0)" }
            }
            if let first = errors.first {
                state = first
                failingAccounts = errors.map { $0.prefix(while: { $0 != ":" }) }.joined(separator: ", ")
            } else {
                state = "ok"
                failed = false
            }
        } catch {
            state = "cannot run remindersd-sync: \(error)"
        }
        if !failed {
            pass.lastStart = started
            pass.baseline =
                (try? pass.eventStore.read({ store throws(StoreError) in
                    try store.syncBacklog(changedSince: Timestamp(milliseconds: Int64.max))
                }))
                ?? pass.baseline
        }
        return Outcome(state: state, stateKey: failed ? "failed: \(failingAccounts)" : "ok", conflicts: conflicts)
    }

    /// A failure is told once per change of state, however often it is tried; a sync that went,
    /// at each one with --log-level info, else when it ends a failure.
    private func tell(_ outcome: Outcome, wait: TimeInterval, pass: inout Pass) {
        // Never silent: each conflict at warning (without the person's text, as every warning),
        // with the titles and values at info, and the person told on the desktop.
        for conflict in outcome.conflicts {
            log.warning(conflict.warning)
            log.info(conflict.detail)
        }
        if !outcome.conflicts.isEmpty, let tellPerson {
            let count = outcome.conflicts.count
            tellPerson(
                count == 1 ? "Sync conflict" : "\(count) sync conflicts",
                outcome.conflicts.prefix(3).map(\.detail).joined(separator: "\n") + (count > 3 ? "\n…" : ""))
        }
        if outcome.failed, outcome.stateKey != pass.lastState {
            log.warning(
                "sync failed (\(outcome.state)); trying again in \(Int(wait)) s, doubling up to \(Int(timing.longestRetry)) s, or at the next change")
        } else if !outcome.failed, pass.lastState.map({ $0 != "ok" }) ?? false {
            log.warning("synced again")
        } else if !outcome.failed {
            log.info("synced")
        }
        pass.lastState = outcome.stateKey
    }
}
