import Foundation

/// When `agent --sync` syncs next, decided from what it was told and the time it was told at —
/// no clock of its own, so a test walks it through an hour of bursts and failures without waiting
/// (`SyncScheduler` reads its clock and waits). A sync is due at once when the agent starts
/// (what changed while no agent ran); soon after a change made here, a burst of commits being one
/// sync (`quiet` after its last commit, and no later than `latest` after its first); every
/// `interval` otherwise; and after a failure again after a wait that doubles from `firstRetry`
/// up to `longestRetry` — or sooner, when a change comes.
struct SyncSchedule {
    typealias Timing = SyncScheduler.Timing

    let timing: Timing
    /// When the server is asked next with nothing changed here.
    private(set) var nextPoll: Date
    /// When the burst of changes seen so far is synced, and when its first change came.
    private var changeDue: Date?
    private var firstChange: Date?
    /// Syncs failed in a row.
    private(set) var failures = 0

    init(timing: Timing, start: Date) {
        self.timing = timing
        nextPoll = start
    }

    /// When the next sync is due.
    var due: Date { min(changeDue ?? .distantFuture, nextPoll) }

    /// A change made here, seen at `now`.
    mutating func changed(at now: Date) {
        let first = firstChange ?? now
        firstChange = first
        changeDue = min(now.addingTimeInterval(timing.quiet), first.addingTimeInterval(timing.latest))
    }

    /// A sync starts: it takes every change seen so far.
    mutating func started() {
        changeDue = nil
        firstChange = nil
    }

    /// A sync ended at `now`; how long until the next poll.
    @discardableResult
    mutating func finished(at now: Date, succeeded: Bool) -> TimeInterval {
        failures = succeeded ? 0 : failures + 1
        let wait = succeeded ? timing.interval : min(timing.firstRetry * pow(2, Double(failures - 1)), timing.longestRetry)
        nextPoll = now.addingTimeInterval(wait)
        return wait
    }
}
