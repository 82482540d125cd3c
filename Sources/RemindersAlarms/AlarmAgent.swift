import RemindersConcurrency
import RemindersDesktopNotifications
import Foundation
import Synchronization
import RemindersJSONRPC
import RemindersLogging
import RemindersJSON
import RemindersModel
import RemindersStore

/// The long-running process that fires alarms: it works out the next fire time from the store,
/// sleeps until then (waking at least every minute for suspend, resume and clock changes, and
/// at once when anyone commits to the store), and delivers each alarm exactly once through the
/// deliveries ledger. A notification's Complete completes the reminder, Snooze fires it again after
/// `--snooze`, and closing it dismisses it. Location alarms are decided where the position arrives
/// (`updateLocation`, in whichever process): the agent delivers what they left `firing` in the ledger.
public final class AlarmAgent: Sendable {
    let options: AgentOptions
    let channels: [AlarmChannel]
    /// The channel whose notification server's events the agent hears, when it shows notifications.
    let desktop: DesktopChannel?
    let clock: AgentClock
    let startedAt: Timestamp
    /// What other threads — the notification server's listener, the channels handing alarms over,
    /// a stop — share with the loop, under one lock.
    let shared = Mutex(Shared())
    /// Signalled after each change to `shared` that the loop must act on; a semaphore remembers a
    /// signal given while the loop was busy, so none is lost.
    let wake = DispatchSemaphore(value: 0)
    /// The store and each kind's source of undecided alarms, opened here (a store that cannot be
    /// opened fails `init`) for the loop, whose thread alone uses them.
    private let opened: HandOff<(EventStore, [AlarmSource])>

    struct Shared {
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
        let desktop = options.notify == .desktop ? DesktopChannel(server: NotificationServer()) : nil
        if let desktop { channels.append(desktop) }
        if let program = options.onAlarm { channels.append(ProgramChannel(argv: program)) }
        try self.init(options: options, channels: channels, clock: clock, desktop: desktop)
    }

    /// `desktop`: the channel whose notification server's events the agent hears (none without one).
    init(options: AgentOptions, channels: [AlarmChannel], clock: AgentClock, desktop: DesktopChannel? = nil) throws {
        self.options = options
        self.desktop = desktop
        self.clock = clock
        startedAt = clock.now()
        let eventStore = try EventStore(path: options.storePath, timeZone: options.timeZone)
        self.channels = channels
        let sources: [AlarmSource] = [
            ReminderAlarmSource(eventStore: eventStore, zone: options.timeZone), EventAlarmSource(eventStore: eventStore, zone: options.timeZone),
        ]
        opened = HandOff((eventStore, sources))
    }

    /// Shows the person something that is not an alarm (a sync conflict), when the agent shows
    /// desktop notifications; nothing comes back from it.
    public func inform(summary: String, body: String) {
        desktop?.server.notify(DesktopNotification(appName: "remindersd", summary: summary, body: body)) { _ in }
    }

    public func stop() {
        shared.withLock { $0.stopRequested = true }
        wake.signal()
    }

    /// Runs until `stop`, once (a second call returns at once: the loop has the store).
    public func run() throws {
        guard let (eventStore, sources) = opened.take() else { return }
        desktop?.server.listen { [weak self] event in self?.hear(event) }
        defer { desktop?.server.stop() }
        let commits = StoreChangeFeed.feed(for: options.storePath).subscribe(every: 0.5) { [weak self] in
            guard let self else { return }
            self.shared.withLock { $0.storeChanged = true }
            self.wake.signal()
        }
        defer { commits.cancel() }
        var loop = AlarmLoop(agent: self, eventStore: eventStore, sources: sources)
        try loop.run()
    }

    /// From the notification connection's thread (or a test's), in the order the server sent them.
    func hear(_ event: NotificationEvent) {
        switch event {
        case .action, .closed:
            shared.withLock { $0.events.append(event) }
            wake.signal()
        case .serverChanged:
            // A new server numbers from 1 again: an old id must not complete what a new one shows.
            shared.withLock { $0.shown.removeAll() }
        case .activationToken:
            break  // for raising a window; the agent has none
        }
    }

    /// What was heard since the last look, and when it is taken.
    func takeEvents() -> [HeardEvent] {
        let now = clock.now()
        let new = shared.withLock { shared in
            defer { shared.events.removeAll() }
            return shared.events
        }
        return new.map { HeardEvent(event: $0, heard: now) }
    }

    /// How long an event may wait for its notification's delivery to be recorded: a channel stuck
    /// that long has failed, and an id nobody claims by then was another program's.
    static let eventPatience: Int64 = 30_000

    /// Which delivery the notification `id` showed, once it is recorded as delivered: an event on
    /// one still being handed over (or on an id not yet known while any is) waits, so that the
    /// delivery, recorded later, does not undo what the person did.
    func match(_ id: UInt32) -> Match {
        shared.withLock { shared in
            if let delivery = shared.shown[id] {
                if shared.inFlight.contains(delivery.key) { return .notYet }
                shared.shown[id] = nil
                return .delivery(delivery)
            }
            return shared.inFlight.isEmpty ? .notOurs : .notYet
        }
    }

    /// Every channel has the alarm: recorded as delivered by the loop's next pass (the store is its thread's).
    func handedOver(_ delivery: AlarmDelivery, payload: String) {
        shared.withLock { $0.handedOver.append((delivery, payload)) }
        wake.signal()
    }

    func remember(_ delivery: AlarmDelivery, shownAs id: UInt32) {
        shared.withLock { $0.shown[id] = delivery }
    }

    var isStopping: Bool { shared.withLock { $0.stopRequested } }

    /// Sleeps until `next` (or a minute at most), waking at once for a commit to the store (it may
    /// bring an alarm due sooner; the store's change feed looks twice a second), a stop, a
    /// notification's action or a channel done handing an alarm over.
    func wait(until next: Timestamp?) {
        let limit = clock.now().advanced(by: 60_000)
        let target = next.map { min($0, limit) } ?? limit
        while !shared.withLock({ $0.needsTheLoop }), clock.now() < target {
            // Twice a second at least: the wall clock jumps (a resume, a correction) and waits do not see it.
            if clock.wait(until: min(target, clock.now().advanced(by: 500)), or: wake) {
                while wake.wait(timeout: .now()) == .success {}  // one look covers every signal given so far
            }
        }
    }
}

/// A notification event and when the agent heard it.
struct HeardEvent {
    let event: NotificationEvent
    let heard: Timestamp
}

/// What a notification's id stands for, to the loop.
enum Match {
    case delivery(AlarmDelivery)
    /// Its delivery is still being handed over (or its id not yet known while one is).
    case notYet
    /// Another program's notification.
    case notOurs
}
