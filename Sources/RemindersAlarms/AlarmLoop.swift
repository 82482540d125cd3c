import RemindersDesktopNotifications
import Foundation
import Synchronization
import RemindersModel
import RemindersStore

/// The agent's loop, on the thread that called `AlarmAgent.run`: the store and each kind's
/// source of undecided alarms are its alone, as is what it carries from one pass to the next.
/// What other threads tell it comes through the agent's `shared` state and `wake`.
struct AlarmLoop {
    let agent: AlarmAgent
    let eventStore: EventStore
    /// Each kind's undecided alarms, for the one loop that fires them.
    let sources: [AlarmSource]
    /// Events heard for a notification whose delivery is not recorded yet, for the next pass.
    private var waiting: [HeardEvent] = []
    /// The first pass looks at every past alarm, later ones from --catch-up ago.
    private var firstPass = true
    /// The first schedule was worked out (logged at info level, for whoever waits for the agent).
    private var ready = false

    init(agent: AlarmAgent, eventStore: EventStore, sources: [AlarmSource]) {
        self.agent = agent
        self.eventStore = eventStore
        self.sources = sources
    }

    /// Passes until the agent is stopped.
    mutating func run() throws {
        while !agent.isStopping {
            agent.shared.withLock { $0.storeChanged = false }
            // Delivered first: a click on a notification comes after it was shown, never before.
            try recordHandedOver()
            try act(on: waiting + agent.takeEvents())
            let now = agent.clock.now()
            try deliverDecided(now: now)
            for delivery in try eventStore.write({ store throws(StoreError) in try store.claimSnoozed(dueBy: now) }) {
                try deliver(delivery, reason: "snooze")
            }
            let next = [try fireDue(now: now), try eventStore.read({ store throws(StoreError) in try store.nextSnoozeEnd() })].compactMap { $0 }.min()
            if !ready {
                ready = true
                agent.options.log.info(
                    "ready in \(agent.clock.now().milliseconds - agent.startedAt.milliseconds) ms; next alarm \(next?.rfc3339 ?? "none")")
            }
            agent.wait(until: next)
        }
    }

    /// Complete: the reminder is completed (a recurring one moves on to its next occurrence);
    /// snooze: it fires again after `--snooze`; closed by the person: dismissed.
    private mutating func act(on events: [HeardEvent]) throws {
        waiting = []
        for heard in events {
            let now = agent.clock.now()
            let delivery: AlarmDelivery
            guard let id = heard.event.id else { continue }
            switch agent.match(id) {
            case .delivery(let shown): delivery = shown
            case .notOurs: continue
            case .notYet:
                if now.milliseconds - heard.heard.milliseconds < AlarmAgent.eventPatience { waiting.append(heard) }
                continue
            }
            switch heard.event {
            case .action(_, let key):
                // Done with: off the screen, as GNOME Shell does by itself and dunst does not.
                agent.desktop?.server.close(id)
                if key == "complete" {
                    var changes = ReminderChanges()
                    changes.isCompleted = .set(true)
                    do {
                        let reminder = try eventStore.saveReminder(identifier: delivery.itemIdentifier, changes: changes, commit: true)
                        agent.options.log.info("completed \"\(reminder.title)\" from its notification")
                    } catch {
                        agent.options.log.error("cannot complete \(delivery.itemIdentifier): \(error)")
                    }
                    try eventStore.write({ store throws(StoreError) in try store.acknowledge(delivery, now: now) })
                } else if key == "snooze" {
                    try eventStore.write({ store throws(StoreError) in
                        try store.snooze(delivery, until: Timestamp(milliseconds: now.milliseconds + Int64(agent.options.snooze * 1000)), now: now)
                    })
                }
            case .closed(_, let reason):
                guard reason == 2 else { continue }
                // Closed by the person: other devices stop ringing too.
                try eventStore.write({ store throws(StoreError) in try store.acknowledge(delivery, now: now) })
            case .activationToken, .serverChanged:
                continue
            }
        }
    }

    private func recordHandedOver() throws {
        let done = agent.shared.withLock { shared in
            defer { shared.handedOver.removeAll() }
            return shared.handedOver
        }
        for (delivery, payload) in done {
            try eventStore.write({ store throws(StoreError) in try store.markDelivered(delivery, payload: payload, now: agent.clock.now()) })
            _ = agent.shared.withLock { $0.inFlight.remove(delivery.key) }
        }
    }

    /// Fires what is due and undecided, of every kind (`sources`); returns the next fire time within
    /// the coming minute (the agent wakes at least once a minute anyway). Only the alarms of the
    /// window are read, through the store's fire-time indexes: from `--catch-up` ago — at the first
    /// pass, from the beginning, so that what was missed long ago is recorded as missed once — to a
    /// minute ahead. Older than `--catch-up`: recorded as missed, not delivered.
    mutating func fireDue(now: Timestamp) throws -> Timestamp? {
        let started = DispatchTime.now()
        let catchUpFrom = Timestamp(milliseconds: now.milliseconds - Int64(agent.options.catchUp * 1000))
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
                    occurrence: firing.key.occurrence, fireDate: firing.fireDate, state: .firing, late: firing.fireDate < agent.startedAt)
                if firing.fireDate < catchUpFrom {
                    delivery.state = .missed
                    if try eventStore.write({ store throws(StoreError) in try store.claim(delivery, now: now) }) {
                        agent.options.log.warning("missed \(delivery.itemIdentifier) (due \(firing.fireDate.rfc3339), older than --catch-up)")
                    }
                    continue
                }
                // Of several agents or a restart racing, the one whose claim lands delivers.
                if try eventStore.write({ store throws(StoreError) in try store.claim(delivery, now: now) }) {
                    try deliver(delivery, item: firing.item, alarm: firing.alarm)
                }
            }
        }
        if agent.options.log.logs(.debug) {
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e6
            agent.options.log.debug(
                "schedule: \(candidates) candidates in \(String(format: "%.2f", elapsed)) ms; next \(next?.rfc3339 ?? "beyond a minute")")
        }
        return next
    }

    /// How far ahead each pass looks (a little over the longest sleep, a minute).
    static let lookAhead: Int64 = 65_000

    /// What is `firing` and not being delivered by anyone: a crossing decided by `updateLocation`,
    /// or a delivery a crash left half done. Older than `--catch-up`: recorded as missed.
    private func deliverDecided(now: Timestamp) throws {
        let handing = agent.shared.withLock { $0.inFlight }
        for var delivery in try eventStore.read({ store throws(StoreError) in try store.deliveries(in: .firing) })
        where !handing.contains(delivery.key) {
            if Double(now.milliseconds - delivery.fireDate.milliseconds) / 1000 > agent.options.catchUp {
                try eventStore.write({ store throws(StoreError) in try store.setState(.missed, of: delivery, now: now) })
                agent.options.log.warning(
                    "missed \(delivery.itemIdentifier) (\(delivery.reason) at \(delivery.fireDate.rfc3339), older than --catch-up)")
                continue
            }
            delivery.late = delivery.late || delivery.fireDate < agent.startedAt
            try deliver(delivery, reason: delivery.reason)
        }
    }

    private func deliver(_ delivery: AlarmDelivery, reason: String) throws {
        if let event = try eventStore.read({ store throws(StoreError) in try store.event(identifier: delivery.itemIdentifier) }) {
            // An event's: its occurrence found again at the start its key names, if the series still has it.
            let starts = event.occurrenceStart(forKey: delivery.occurrence).instant(in: agent.options.timeZone)
            let atKey = event.occurrences(from: starts, to: starts.advanced(by: 1), in: agent.options.timeZone)
            guard
                let occurrence = atKey.first(where: { Event.occurrenceKey($0.start) == delivery.occurrence })
                    ?? (event.recurrenceRules.isEmpty
                        ? EventOccurrence(event: event, start: event.start, occurrenceStart: event.start) : nil),
                let alarm = event.alarms.first(where: { $0.alarmIdentifier == delivery.alarmIdentifier })
            else {
                try eventStore.write({ store throws(StoreError) in try store.setState(.dismissed, of: delivery, now: agent.clock.now()) })
                return
            }
            try deliver(delivery, item: .event(occurrence), alarm: alarm, reason: reason)
            return
        }
        guard let reminder = try eventStore.read({ store throws(StoreError) in try store.reminder(identifier: delivery.itemIdentifier) }),
            let alarm = reminder.alarms.first(where: { $0.alarmIdentifier == delivery.alarmIdentifier })
        else {
            // Gone meanwhile: nothing to say.
            try eventStore.write({ store throws(StoreError) in try store.setState(.dismissed, of: delivery, now: agent.clock.now()) })
            return
        }
        guard !reminder.isCompleted else {
            // Completed meanwhile: it no longer reminds.
            try eventStore.write({ store throws(StoreError) in try store.setState(.dismissed, of: delivery, now: agent.clock.now()) })
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
            (calendarIdentifier, occurrenceDate) = (reminder.calendarIdentifier, reminder.dueDateComponents?.instant(in: agent.options.timeZone))
        case .event(let occurrence):
            (calendarIdentifier, occurrenceDate) = (occurrence.event.calendarIdentifier, occurrence.startDate(in: agent.options.timeZone))
        }
        let list = try? eventStore.read({ store throws(StoreError) in try store.calendar(identifier: calendarIdentifier) })
        // Late is what the person sees: it came due while no agent ran, or reaches them well
        // after its time (the machine slept, the clock jumped, the agent was held up).
        let late = delivery.late || agent.clock.now().milliseconds - delivery.firesAt.milliseconds > Self.lateAfter
        let fired = FiredAlarm(
            item: item, alarm: alarm, fireDate: delivery.fireDate, occurrenceDate: occurrenceDate,
            reason: reason, late: late, listTitle: list?.title, zone: agent.options.timeZone)
        // In flight before any channel starts: the server may answer with the notification's id,
        // and the person click it, before `deliver` returns.
        _ = agent.shared.withLock { $0.inFlight.insert(delivery.key) }
        let handovers = agent.channels.map { channel in
            channel.deliver(
                fired, log: { [log = agent.options.log] line in log.warning(line) },
                shown: { [weak agent] id in agent?.remember(delivery, shownAs: id) })
        }
        let payload = String(decoding: fired.json, as: UTF8.self)
        let pending = handovers.compactMap { handover -> Handover.Completion? in
            if case .pending(let completion) = handover { return completion }
            return nil
        }
        if pending.isEmpty {
            try eventStore.write({ store throws(StoreError) in try store.markDelivered(delivery, payload: payload, now: agent.clock.now()) })
            _ = agent.shared.withLock { $0.inFlight.remove(delivery.key) }
        } else {
            // Recorded by the loop (the store is this thread's) once the last channel has it.
            let remaining = Countdown(pending.count)
            for completion in pending {
                completion.whenDone { [weak agent] in
                    guard remaining.tick() else { return }
                    agent?.handedOver(delivery, payload: payload)
                }
            }
        }
        agent.options.log.info("fired \"\(fired.title)\" (\(alarm.alarmIdentifier), at \(delivery.fireDate.rfc3339)\(late ? ", late" : ""))")
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
