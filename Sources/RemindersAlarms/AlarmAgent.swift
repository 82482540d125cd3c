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
public final class AlarmAgent: @unchecked Sendable {  // the loop's own fields are the run loop's alone; the rest is in `shared`
    let options: AgentOptions
    let eventStore: EventStore
    let channels: [AlarmChannel]
    /// Each kind's undecided alarms, for the one loop that fires them.
    let sources: [AlarmSource]
    let clock: AgentClock
    let startedAt: Timestamp
    /// What other threads — the notification server's listener, the channels handing alarms over,
    /// a stop — share with the loop, under one lock.
    private let shared = Mutex(Shared())
    /// Signalled after each change to `shared` that the loop must act on; a semaphore remembers a
    /// signal given while the loop was busy, so none is lost.
    private let wake = DispatchSemaphore(value: 0)
    /// Events heard for a notification whose delivery is not recorded yet, for the next pass.
    private var waiting: [HeardEvent] = []
    /// The first pass looks at every past alarm, later ones from --catch-up ago.
    private var firstPass = true
    /// The first schedule was worked out (logged at info level, for whoever waits for the agent).
    private var ready = false

    private struct Shared {
        var stopRequested = false
        /// What the notification server said, for the loop to act on.
        var events: [NotificationEvent] = []
        /// The notifications shown by this process, by the id the server gave them.
        var shown: [UInt32: AlarmDelivery] = [:]
        /// Deliveries every channel has handed over since the loop last looked, with what they
        /// said, for the loop to record as delivered.
        var handedOver: [(AlarmDelivery, String)] = []
        /// Deliveries a channel of this process is still handing over. They are `firing` in the
        /// ledger meanwhile, as one a crash left is: not to be delivered again.
        var inFlight = Set<AlarmDelivery.Key>()

        /// Someone committed to the store since the loop's last pass: an alarm may be due sooner.
        var storeChanged = false

        /// Something the loop must act on before it sleeps again.
        var needsTheLoop: Bool { stopRequested || storeChanged || !events.isEmpty || !handedOver.isEmpty }
    }

    /// `clock`: where the time comes from and how the loop waits for it (a test's moves on when told).
    public convenience init(options: AgentOptions, clock: AgentClock = WallClock()) throws {
        var channels: [AlarmChannel] = []
        if options.notify == .desktop { channels.append(DesktopChannel()) }
        if let program = options.onAlarm { channels.append(ProgramChannel(argv: program)) }
        try self.init(options: options, channels: channels, clock: clock)
    }

    init(options: AgentOptions, channels: [AlarmChannel], clock: AgentClock) throws {
        self.options = options
        self.clock = clock
        startedAt = clock.now()
        eventStore = try EventStore(path: options.storePath, timeZone: options.timeZone)
        self.channels = channels
        sources = [
            ReminderAlarmSource(eventStore: eventStore, zone: options.timeZone), EventAlarmSource(eventStore: eventStore, zone: options.timeZone),
        ]
    }

    public func stop() {
        shared.withLock { $0.stopRequested = true }
        wake.signal()
    }

    /// Runs until `stop`.
    public func run() throws {
        let monitor = options.notify == .desktop ? NotificationMonitor { [weak self] event in self?.hear(event) } : nil
        defer { monitor?.stop() }
        let commits = StoreChangeFeed.feed(for: options.storePath).subscribe(every: 0.5) { [weak self] in
            guard let self else { return }
            self.shared.withLock { $0.storeChanged = true }
            self.wake.signal()
        }
        defer { commits.cancel() }
        while !isStopping {
            shared.withLock { $0.storeChanged = false }
            // Delivered first: a click on a notification comes after it was shown, never before.
            try recordHandedOver()
            try act(on: takeEvents())
            let now = clock.now()
            try deliverDecided(now: now)
            for delivery in try eventStore.write({ store throws(StoreError) in try store.claimSnoozed(dueBy: now) }) {
                try deliver(delivery, reason: "snooze")
            }
            let next = [try fireDue(now: now), try eventStore.read({ store throws(StoreError) in try store.nextSnoozeEnd() })].compactMap { $0 }.min()
            if !ready {
                ready = true
                options.log.info("ready in \(clock.now().milliseconds - startedAt.milliseconds) ms; next alarm \(next?.rfc3339 ?? "none")")
            }
            wait(until: next)
        }
    }

    /// From the notification monitor's thread (or a test's).
    func hear(_ event: NotificationEvent) {
        shared.withLock { $0.events.append(event) }
        wake.signal()
    }

    /// What was heard and not yet acted on: the events `act` put back, then the new ones.
    private func takeEvents() -> [HeardEvent] {
        let now = clock.now()
        let new = shared.withLock { shared in
            defer { shared.events.removeAll() }
            return shared.events
        }
        return waiting + new.map { HeardEvent(event: $0, heard: now) }
    }

    /// How long an event may wait for its notification's delivery to be recorded: a channel stuck
    /// that long has failed, and an id nobody claims by then was another program's.
    static let eventPatience: Int64 = 30_000

    /// Which delivery the notification `id` showed, once it is recorded as delivered: an event on
    /// one still being handed over (or on an id not yet known while any is) waits, so that the
    /// delivery, recorded later, does not undo what the person did.
    private func match(_ id: UInt32) -> Match {
        shared.withLock { shared in
            if let delivery = shared.shown[id] {
                if shared.inFlight.contains(delivery.key) { return .notYet }
                shared.shown[id] = nil
                return .delivery(delivery)
            }
            return shared.inFlight.isEmpty ? .notOurs : .notYet
        }
    }

    /// Complete: the reminder is completed (a recurring one moves on to its next occurrence);
    /// snooze: it fires again after `--snooze`; closed by the person: dismissed.
    private func act(on events: [HeardEvent]) throws {
        waiting = []
        for heard in events {
            let now = clock.now()
            let delivery: AlarmDelivery
            switch match(heard.event.id) {
            case .delivery(let shown): delivery = shown
            case .notOurs: continue
            case .notYet:
                if now.milliseconds - heard.heard.milliseconds < Self.eventPatience { waiting.append(heard) }
                continue
            }
            switch heard.event {
            case .action(_, let key):
                if key == "complete" {
                    var changes = ReminderChanges()
                    changes.isCompleted = .set(true)
                    do {
                        let reminder = try eventStore.saveReminder(identifier: delivery.itemIdentifier, changes: changes, commit: true)
                        options.log.info("completed \"\(reminder.title)\" from its notification")
                    } catch {
                        options.log.error("cannot complete \(delivery.itemIdentifier): \(error)")
                    }
                    try eventStore.write({ store throws(StoreError) in try store.acknowledge(delivery, now: now) })
                } else if key == "snooze" {
                    try eventStore.write({ store throws(StoreError) in
                        try store.snooze(delivery, until: Timestamp(milliseconds: now.milliseconds + Int64(options.snooze * 1000)), now: now)
                    })
                }
            case .closed(_, let reason):
                guard reason == 2 else { continue }
                // Closed by the person: other devices stop ringing too.
                try eventStore.write({ store throws(StoreError) in try store.acknowledge(delivery, now: now) })
            }
        }
    }

    private func recordHandedOver() throws {
        let done = shared.withLock { shared in
            defer { shared.handedOver.removeAll() }
            return shared.handedOver
        }
        for (delivery, payload) in done {
            try eventStore.write({ store throws(StoreError) in try store.markDelivered(delivery, payload: payload, now: clock.now()) })
            _ = shared.withLock { $0.inFlight.remove(delivery.key) }
        }
    }

    private func remember(_ delivery: AlarmDelivery, shownAs id: UInt32) {
        shared.withLock { $0.shown[id] = delivery }
    }

    private var isStopping: Bool { shared.withLock { $0.stopRequested } }

    /// Sleeps until `next` (or a minute at most), waking at once for a commit to the store (it may
    /// bring an alarm due sooner; the store's change feed looks twice a second), a stop, a
    /// notification's action or a channel done handing an alarm over.
    private func wait(until next: Timestamp?) {
        let limit = clock.now().advanced(by: 60_000)
        let target = next.map { min($0, limit) } ?? limit
        while !shared.withLock({ $0.needsTheLoop }), clock.now() < target {
            // Twice a second at least: the wall clock jumps (a resume, a correction) and waits do not see it.
            if clock.wait(until: min(target, clock.now().advanced(by: 500)), or: wake) {
                while wake.wait(timeout: .now()) == .success {}  // one look covers every signal given so far
            }
        }
    }

    /// Fires what is due and undecided, of every kind (`sources`); returns the next fire time within
    /// the coming minute (the agent wakes at least once a minute anyway). Only the alarms of the
    /// window are read, through the store's fire-time indexes: from `--catch-up` ago — at the first
    /// pass, from the beginning, so that what was missed long ago is recorded as missed once — to a
    /// minute ahead. Older than `--catch-up`: recorded as missed, not delivered.
    func fireDue(now: Timestamp) throws -> Timestamp? {
        let started = DispatchTime.now()
        let catchUpFrom = Timestamp(milliseconds: now.milliseconds - Int64(options.catchUp * 1000))
        let from = firstPass ? Timestamp(milliseconds: 0) : catchUpFrom
        firstPass = false
        let horizon = Timestamp(milliseconds: now.milliseconds + Self.lookAhead)
        var next: Timestamp?
        var candidates = 0
        for source in sources {
            let (firings, looked) = try source.pendingFirings(from: from, through: horizon, catchUpFrom: catchUpFrom)
            candidates += looked
            for firing in firings {
                if firing.fireDate > now {
                    next = next.map { min($0, firing.fireDate) } ?? firing.fireDate
                    continue
                }
                var delivery = AlarmDelivery(
                    itemIdentifier: firing.key.itemIdentifier, alarmIdentifier: firing.key.alarmIdentifier,
                    occurrence: firing.key.occurrence, fireDate: firing.fireDate, state: .firing, late: firing.fireDate < startedAt)
                if firing.fireDate < catchUpFrom {
                    delivery.state = .missed
                    if try eventStore.write({ store throws(StoreError) in try store.claim(delivery, now: now) }) {
                        options.log.warning("missed \(delivery.itemIdentifier) (due \(firing.fireDate.rfc3339), older than --catch-up)")
                    }
                    continue
                }
                // Of several agents or a restart racing, the one whose claim lands delivers.
                if try eventStore.write({ store throws(StoreError) in try store.claim(delivery, now: now) }) {
                    try deliver(delivery, item: firing.item, alarm: firing.alarm)
                }
            }
        }
        if options.log.logs(.debug) {
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e6
            options.log.debug(
                "schedule: \(candidates) candidates in \(String(format: "%.2f", elapsed)) ms; next \(next?.rfc3339 ?? "beyond a minute")")
        }
        return next
    }

    /// How far ahead each pass looks (a little over the longest sleep, a minute).
    static let lookAhead: Int64 = 65_000

    /// What is `firing` and not being delivered by anyone: a crossing decided by `updateLocation`,
    /// or a delivery a crash left half done. Older than `--catch-up`: recorded as missed.
    private func deliverDecided(now: Timestamp) throws {
        let handing = shared.withLock { $0.inFlight }
        for var delivery in try eventStore.read({ store throws(StoreError) in try store.deliveries(in: .firing) })
        where !handing.contains(delivery.key) {
            if Double(now.milliseconds - delivery.fireDate.milliseconds) / 1000 > options.catchUp {
                try eventStore.write({ store throws(StoreError) in try store.setState(.missed, of: delivery, now: now) })
                options.log.warning("missed \(delivery.itemIdentifier) (\(delivery.reason) at \(delivery.fireDate.rfc3339), older than --catch-up)")
                continue
            }
            delivery.late = delivery.late || delivery.fireDate < startedAt
            try deliver(delivery, reason: delivery.reason)
        }
    }

    private func deliver(_ delivery: AlarmDelivery, reason: String) throws {
        if let event = try eventStore.read({ store throws(StoreError) in try store.event(identifier: delivery.itemIdentifier) }) {
            // An event's: its occurrence found again at the start its key names, if the series still has it.
            let starts = event.occurrenceStart(forKey: delivery.occurrence).instant(in: options.timeZone)
            let atKey = event.occurrences(from: starts, to: starts.advanced(by: 1), in: options.timeZone)
            guard
                let occurrence = atKey.first(where: { Event.occurrenceKey($0.start) == delivery.occurrence })
                    ?? (event.recurrenceRules.isEmpty
                        ? EventOccurrence(event: event, start: event.start, occurrenceStart: event.start) : nil),
                let alarm = event.alarms.first(where: { $0.alarmIdentifier == delivery.alarmIdentifier })
            else {
                try eventStore.write({ store throws(StoreError) in try store.setState(.dismissed, of: delivery, now: clock.now()) })
                return
            }
            try deliver(delivery, item: .event(occurrence), alarm: alarm, reason: reason)
            return
        }
        guard let reminder = try eventStore.read({ store throws(StoreError) in try store.reminder(identifier: delivery.itemIdentifier) }),
            let alarm = reminder.alarms.first(where: { $0.alarmIdentifier == delivery.alarmIdentifier })
        else {
            // Gone meanwhile: nothing to say.
            try eventStore.write({ store throws(StoreError) in try store.setState(.dismissed, of: delivery, now: clock.now()) })
            return
        }
        guard !reminder.isCompleted else {
            // Completed meanwhile: it no longer reminds.
            try eventStore.write({ store throws(StoreError) in try store.setState(.dismissed, of: delivery, now: clock.now()) })
            return
        }
        try deliver(delivery, item: .reminder(reminder), alarm: alarm, reason: reason)
    }

    /// How long after its time an alarm may reach the person and still not be `late`.
    static let lateAfter: Int64 = 10_000

    private func deliver(_ delivery: AlarmDelivery, item: FiredAlarm.Item, alarm: Alarm, reason: String = "time") throws {
        let calendarIdentifier: String, occurrenceDate: Timestamp?
        switch item {
        case .reminder(let reminder):
            (calendarIdentifier, occurrenceDate) = (reminder.calendarIdentifier, reminder.dueDateComponents?.instant(in: options.timeZone))
        case .event(let occurrence):
            (calendarIdentifier, occurrenceDate) = (occurrence.event.calendarIdentifier, occurrence.startDate(in: options.timeZone))
        }
        let list = try? eventStore.read({ store throws(StoreError) in try store.calendar(identifier: calendarIdentifier) })
        // Late is what the person sees: it came due while no agent ran, or reaches them well
        // after its time (the machine slept, the clock jumped, the agent was held up).
        let late = delivery.late || clock.now().milliseconds - delivery.firesAt.milliseconds > Self.lateAfter
        let fired = FiredAlarm(
            item: item, alarm: alarm, fireDate: delivery.fireDate, occurrenceDate: occurrenceDate,
            reason: reason, late: late, listTitle: list?.title, zone: options.timeZone)
        // In flight before any channel starts: the server may answer with the notification's id,
        // and the person click it, before `deliver` returns.
        _ = shared.withLock { $0.inFlight.insert(delivery.key) }
        let handovers = channels.map { channel in
            channel.deliver(
                fired, log: { [log = options.log] line in log.warning(line) },
                shown: { [weak self] id in self?.remember(delivery, shownAs: id) })
        }
        let payload = String(decoding: fired.json, as: UTF8.self)
        let pending = handovers.compactMap { handover -> Handover.Completion? in
            if case .pending(let completion) = handover { return completion }
            return nil
        }
        if pending.isEmpty {
            try eventStore.write({ store throws(StoreError) in try store.markDelivered(delivery, payload: payload, now: clock.now()) })
            _ = shared.withLock { $0.inFlight.remove(delivery.key) }
        } else {
            // Recorded by the loop (the store is this thread's) once the last channel has it.
            let remaining = Countdown(pending.count)
            for completion in pending {
                completion.whenDone { [weak self] in
                    guard remaining.tick(), let self else { return }
                    self.shared.withLock { $0.handedOver.append((delivery, payload)) }
                    self.wake.signal()
                }
            }
        }
        options.log.info("fired \"\(fired.title)\" (\(alarm.alarmIdentifier), at \(delivery.fireDate.rfc3339)\(late ? ", late" : ""))")
    }

}

/// A notification event and when the agent heard it.
struct HeardEvent {
    let event: NotificationEvent
    let heard: Timestamp
}

/// What a notification's id stands for, to the loop.
private enum Match {
    case delivery(AlarmDelivery)
    /// Its delivery is still being handed over (or its id not yet known while one is).
    case notYet
    /// Another program's notification.
    case notOurs
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
