import Foundation
import Synchronization
import JSONRPC
import Logging
import RemindersJSON
import RemindersModel
import RemindersStore

/// The long-running process that fires alarms: it works out the next fire time from the store,
/// sleeps until then (waking at least every minute for suspend, resume and clock changes, and
/// at once when anyone commits to the store), and delivers each alarm exactly once through the
/// deliveries ledger. A notification's Complete completes the reminder, Snooze fires it again after
/// `--snooze`, and closing it dismisses it. Location alarms are decided where the position arrives
/// (`updateLocation`, in whichever process): the agent delivers what they left `firing` in the ledger.
public final class AlarmAgent: @unchecked Sendable {  // what the channels hand back is guarded by `stopped` (an NSCondition the loop waits on)
    let options: AgentOptions
    let store: CalendarStore
    let observer: StoreObserver
    let channels: [AlarmChannel]
    let startedAt = Timestamp.now()
    private let stopped = NSCondition()
    private var stopRequested = false
    /// Guarded by `stopped`: what the notification server said, for the loop to act on.
    private var events: [NotificationEvent] = []
    /// Guarded by `stopped`: the notifications shown by this process, by the id the server gave them.
    private var shown: [UInt32: AlarmDelivery] = [:]
    /// Guarded by `stopped`: deliveries every channel has handed over since the loop last looked,
    /// with what they said, for the loop to record as delivered.
    private var handedOver: [(AlarmDelivery, String)] = []
    /// Guarded by `stopped`: deliveries a channel of this process is still handing over. They are
    /// `firing` in the ledger meanwhile, as one a crash left is: not to be delivered again.
    private var inFlight = Set<AlarmDelivery.Key>()
    /// The first pass looks at every past alarm, later ones from --catch-up ago.
    private var firstPass = true
    /// The first schedule was worked out (logged at info level, for whoever waits for the agent).
    private var ready = false

    public init(options: AgentOptions) throws {
        self.options = options
        store = try CalendarStore(path: options.storePath)
        observer = try StoreObserver(path: options.storePath)
        var channels: [AlarmChannel] = []
        if options.notify == .desktop { channels.append(DesktopChannel()) }
        if let program = options.onAlarm { channels.append(ProgramChannel(argv: program)) }
        self.channels = channels
    }

    public func stop() {
        stopped.lock()
        stopRequested = true
        stopped.broadcast()
        stopped.unlock()
    }

    /// Runs until `stop`.
    public func run() throws {
        let monitor = options.notify == .desktop ? NotificationMonitor { [weak self] event in self?.hear(event) } : nil
        defer { monitor?.stop() }
        while !isStopping {
            try act(on: takeEvents())
            try recordHandedOver()
            let now = Timestamp.now()
            try deliverDecided(now: now)
            for delivery in try store.claimSnoozed(dueBy: now) { try deliver(delivery, reason: "snooze") }
            let next = [try fireDue(now: now), try store.nextSnoozeEnd()].compactMap { $0 }.min()
            if !ready {
                ready = true
                options.log.info("ready in \(Timestamp.now().milliseconds - startedAt.milliseconds) ms; next alarm \(next?.rfc3339 ?? "none")")
            }
            wait(until: next)
        }
    }

    private func hear(_ event: NotificationEvent) {
        stopped.lock()
        events.append(event)
        stopped.broadcast()
        stopped.unlock()
    }

    private func takeEvents() -> [NotificationEvent] {
        stopped.lock(); defer { stopped.unlock() }
        defer { events.removeAll() }
        return events
    }

    /// Complete: the reminder is completed (a recurring one moves on to its next occurrence);
    /// snooze: it fires again after `--snooze`; closed by the person: dismissed.
    private func act(on events: [NotificationEvent]) throws {
        for event in events {
            let now = Timestamp.now()
            switch event {
            case .action(let id, let key):
                guard let delivery = forgetShown(id) else { continue }
                if key == "complete" {
                    var changes = ReminderChanges()
                    changes.isCompleted = .set(true)
                    do {
                        let reminder = try EventStore(store: store, timeZone: options.timeZone)
                            .saveReminder(identifier: delivery.itemIdentifier, changes: changes, commit: true)
                        options.log.info("completed \"\(reminder.title)\" from its notification")
                    } catch {
                        options.log.error("cannot complete \(delivery.itemIdentifier): \(error)")
                    }
                    try store.acknowledge(delivery, now: now)
                } else if key == "snooze" {
                    try store.snooze(delivery, until: Timestamp(milliseconds: now.milliseconds + Int64(options.snooze * 1000)), now: now)
                }
            case .closed(let id, let reason):
                guard let delivery = forgetShown(id), reason == 2 else { continue }
                try store.acknowledge(delivery, now: now)  // closed by the person: other devices stop ringing too
            }
        }
    }

    private func recordHandedOver() throws {
        let done = stopped.withLock {
            defer { handedOver.removeAll() }
            return handedOver
        }
        for (delivery, payload) in done {
            try store.markDelivered(delivery, payload: payload, now: Timestamp.now())
            _ = stopped.withLock { inFlight.remove(delivery.key) }
        }
    }

    private func forgetShown(_ id: UInt32) -> AlarmDelivery? {
        stopped.lock(); defer { stopped.unlock() }
        return shown.removeValue(forKey: id)
    }

    private func remember(_ delivery: AlarmDelivery, shownAs id: UInt32) {
        stopped.lock(); defer { stopped.unlock() }
        shown[id] = delivery
    }

    private var isStopping: Bool {
        stopped.lock(); defer { stopped.unlock() }
        return stopRequested
    }

    /// Sleeps until `next` (or a minute at most), waking twice a second to see whether the store
    /// changed or a stop was asked for: a commit may bring an alarm due sooner.
    private func wait(until next: Timestamp?) {
        let limit = Date().addingTimeInterval(60)
        let target = next.map { min(Date(timeIntervalSince1970: Double($0.milliseconds) / 1000), limit) } ?? limit
        stopped.lock()
        defer { stopped.unlock() }
        while !stopRequested, events.isEmpty, handedOver.isEmpty, Date() < target {
            _ = stopped.wait(until: min(target, Date().addingTimeInterval(0.5)))
            if observer.hasChanged() { return }
        }
    }

    /// Fires what is due and undecided; returns the next fire time within the coming minute (the
    /// agent wakes at least once a minute anyway). Only the alarms of the window are read, through
    /// the store's fire-time indexes: from `--catch-up` ago — at the first pass, from the
    /// beginning, so that what was missed long ago is recorded as missed once — to a minute ahead.
    func fireDue(now: Timestamp) throws -> Timestamp? {
        let started = DispatchTime.now()
        let from = firstPass ? Timestamp(milliseconds: 0) : Timestamp(milliseconds: now.milliseconds - Int64(options.catchUp * 1000))
        firstPass = false
        let horizon = Timestamp(milliseconds: now.milliseconds + Self.lookAhead)
        let reminders = try store.remindersWithUndecidedAlarms(firingFrom: from, through: horizon, in: options.timeZone)
        var next: Timestamp?
        for reminder in reminders {
            let occurrence = AlarmDelivery.occurrence(of: reminder)
            for alarm in reminder.alarms {
                guard let fireDate = alarm.fireDate(of: reminder, in: options.timeZone), fireDate <= horizon else { continue }
                if fireDate > now {
                    next = next.map { min($0, fireDate) } ?? fireDate
                    continue
                }
                let age = Double(now.milliseconds - fireDate.milliseconds) / 1000
                var delivery = AlarmDelivery(itemIdentifier: reminder.calendarItemIdentifier, alarmIdentifier: alarm.alarmIdentifier,
                                             occurrence: occurrence, fireDate: fireDate, state: .firing, late: fireDate < startedAt)
                if age > options.catchUp {
                    delivery.state = .missed
                    if try store.claim(delivery, now: now) {
                        options.log.warning("missed \(delivery.itemIdentifier) (due \(fireDate.rfc3339), older than --catch-up)")
                    }
                    continue
                }
                // Of several agents or a restart racing, the one whose claim lands delivers.
                if try store.claim(delivery, now: now) { try deliver(delivery, item: .reminder(reminder), alarm: alarm) }
            }
        }
        let eventFrom = Timestamp(milliseconds: max(from.milliseconds, now.milliseconds - Int64(options.catchUp * 1000)))
        if let soonest = try fireEventAlarms(from: eventFrom, horizon: horizon, now: now) { next = next.map { min($0, soonest) } ?? soonest }
        if options.log.logs(.debug) {
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e6
            options.log.debug("schedule: \(reminders.count) candidates in \(String(format: "%.2f", elapsed)) ms; next \(next?.rfc3339 ?? "beyond a minute")")
        }
        return next
    }

    /// The alarms of events' occurrences firing from `from` through `horizon`: fires the due ones
    /// not yet decided (a past one, only from --catch-up ago: an event's missed alarms are not
    /// recorded), returns the soonest to come.
    private func fireEventAlarms(from: Timestamp, horizon: Timestamp, now: Timestamp) throws -> Timestamp? {
        var next: Timestamp?
        let candidates = try store.eventsWithAlarms(firingFrom: from, through: horizon, in: options.timeZone)
        let replaced = try store.replacedOccurrences(ofSeries: candidates.filter { !$0.recurrenceRules.isEmpty }.map(\.eventIdentifier))
        for event in candidates {
            let firings = event.alarmFirings(from: from, to: horizon, in: options.timeZone, replaced: replaced[event.eventIdentifier] ?? [])
            guard !firings.isEmpty else { continue }
            let decided = try store.decidedOccurrences(of: event.eventIdentifier)
            for firing in firings {
                let key = Event.occurrenceKey(firing.occurrence.start)
                let decision = AlarmDelivery.Decision(key: AlarmDelivery.Key(itemIdentifier: event.eventIdentifier, alarmIdentifier: firing.alarm.alarmIdentifier,
                                                                             occurrence: key), fireDate: firing.fireDate)
                guard !decided.contains(decision) else { continue }
                if firing.fireDate > now {
                    next = next.map { min($0, firing.fireDate) } ?? firing.fireDate
                    continue
                }
                let delivery = AlarmDelivery(itemIdentifier: event.eventIdentifier, alarmIdentifier: firing.alarm.alarmIdentifier,
                                             occurrence: key, fireDate: firing.fireDate, state: .firing, late: firing.fireDate < startedAt)
                if try store.claim(delivery, now: now) { try deliver(delivery, item: .event(firing.occurrence), alarm: firing.alarm) }
            }
        }
        return next
    }

    /// How far ahead each pass looks (a little over the longest sleep, a minute).
    static let lookAhead: Int64 = 65_000

    /// What is `firing` and not being delivered by anyone: a crossing decided by `updateLocation`,
    /// or a delivery a crash left half done. Older than `--catch-up`: recorded as missed.
    private func deliverDecided(now: Timestamp) throws {
        let handing = stopped.withLock { inFlight }
        for var delivery in try store.deliveries(in: .firing) where !handing.contains(delivery.key) {
            if Double(now.milliseconds - delivery.fireDate.milliseconds) / 1000 > options.catchUp {
                try store.setState(.missed, of: delivery, now: now)
                options.log.warning("missed \(delivery.itemIdentifier) (\(delivery.reason) at \(delivery.fireDate.rfc3339), older than --catch-up)")
                continue
            }
            delivery.late = delivery.late || delivery.fireDate < startedAt
            try deliver(delivery, reason: delivery.reason)
        }
    }

    private func deliver(_ delivery: AlarmDelivery, reason: String) throws {
        if let event = try store.event(identifier: delivery.itemIdentifier) {
            // An event's: its occurrence found again at the start its key names, if the series still has it.
            let starts = event.occurrenceStart(forKey: delivery.occurrence).instant(in: options.timeZone)
            let atKey = event.occurrences(from: starts, to: starts.advanced(by: 1), in: options.timeZone)
            guard let occurrence = atKey.first(where: { Event.occurrenceKey($0.start) == delivery.occurrence }) ?? (event.recurrenceRules.isEmpty
                      ? EventOccurrence(event: event, start: event.start, occurrenceStart: event.start) : nil),
                  let alarm = event.alarms.first(where: { $0.alarmIdentifier == delivery.alarmIdentifier }) else {
                try store.setState(.dismissed, of: delivery, now: Timestamp.now())
                return
            }
            try deliver(delivery, item: .event(occurrence), alarm: alarm, reason: reason)
            return
        }
        guard let reminder = try store.reminder(identifier: delivery.itemIdentifier),
              let alarm = reminder.alarms.first(where: { $0.alarmIdentifier == delivery.alarmIdentifier }) else {
            try store.setState(.dismissed, of: delivery, now: Timestamp.now())  // gone meanwhile: nothing to say
            return
        }
        guard !reminder.isCompleted else {
            try store.setState(.dismissed, of: delivery, now: Timestamp.now())  // completed meanwhile: it no longer reminds
            return
        }
        try deliver(delivery, item: .reminder(reminder), alarm: alarm, reason: reason)
    }

    /// How long after its time an alarm may reach the person and still not be `late`.
    static let lateAfter: Int64 = 10_000

    private func deliver(_ delivery: AlarmDelivery, item: FiredAlarm.Item, alarm: Alarm, reason: String = "time") throws {
        let calendarIdentifier: String, occurrenceDate: Timestamp?
        switch item {
        case .reminder(let reminder): (calendarIdentifier, occurrenceDate) = (reminder.calendarIdentifier, reminder.dueDateComponents?.instant(in: options.timeZone))
        case .event(let occurrence): (calendarIdentifier, occurrenceDate) = (occurrence.event.calendarIdentifier, occurrence.startDate(in: options.timeZone))
        }
        let list = try? store.calendar(identifier: calendarIdentifier)
        // Late is what the person sees: it came due while no agent ran, or reaches them well
        // after its time (the machine slept, the clock jumped, the agent was held up).
        let late = delivery.late || Timestamp.now().milliseconds - delivery.firesAt.milliseconds > Self.lateAfter
        let fired = FiredAlarm(item: item, alarm: alarm, fireDate: delivery.fireDate, occurrenceDate: occurrenceDate,
                               reason: reason, late: late, listTitle: list?.title, zone: options.timeZone)
        let handovers = channels.map { channel in
            channel.deliver(fired, log: { [log = options.log] line in log.warning(line) },
                            shown: { [weak self] id in self?.remember(delivery, shownAs: id) })
        }
        let payload = String(decoding: fired.json, as: UTF8.self)
        let pending = handovers.compactMap { handover -> Handover.Completion? in
            if case .pending(let completion) = handover { return completion }
            return nil
        }
        if pending.isEmpty {
            try store.markDelivered(delivery, payload: payload, now: Timestamp.now())
        } else {
            // Recorded by the loop (the store is this thread's) once the last channel has it.
            _ = stopped.withLock { inFlight.insert(delivery.key) }
            let remaining = Countdown(pending.count)
            for completion in pending {
                completion.whenDone { [weak self] in
                    guard remaining.tick(), let self else { return }
                    self.stopped.withLock {
                        self.handedOver.append((delivery, payload))
                        self.stopped.broadcast()
                    }
                }
            }
        }
        options.log.info("fired \"\(fired.title)\" (\(alarm.alarmIdentifier), at \(delivery.fireDate.rfc3339)\(late ? ", late" : ""))")
    }

}

/// Counts down from `count`; `tick` is true for the call that reaches zero.
private final class Countdown: Sendable {
    private let left: Mutex<Int>

    init(_ count: Int) { left = Mutex(count) }

    func tick() -> Bool {
        left.withLock { left in
            left -= 1
            return left == 0
        }
    }
}
