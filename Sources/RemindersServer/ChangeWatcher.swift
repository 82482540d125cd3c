import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersLogging
import RemindersModel
import RemindersProtocol
import RemindersStore
import Synchronization

/// Tells one client when the store changed (`storeChanged`), when its access changed
/// (`authorizationChanged`), whoever made the change, in this process or another, and — when it
/// asked, and has full access — each alarm the agent delivered (`alarmFired`).
///
/// It hears of commits from the store's change feed (which looks ten times a second) and only
/// then re-reads this client's status. Bursts are coalesced: at most one `storeChanged` per
/// `minimumInterval`, however many rows a burst wrote. A read of the store that fails is logged
/// with how many have failed so far, and taken for nothing: no status told, no alarm skipped (the
/// watermark stays), and a `storeChanged` sent — it says nothing of what changed.
final class ChangeWatcher: Sendable {
    private let storePath: String
    private let connection: Connection
    private let client: String
    private let program: String
    private let alarms: Bool
    private let log: Log
    private let pollInterval: TimeInterval
    private let minimumInterval: TimeInterval
    /// What the commits are looked at with, and what was told: `queue`'s, locked only so that
    /// the compiler knows it (nothing else takes the lock).
    private let watched: Mutex<Watched>
    private let lifetime = Mutex((stopped: false, subscription: StoreChangeFeed.Subscription?.none))
    /// Where commits are handled, one at a time, and a coalesced `storeChanged` waits for its turn.
    private let queue = DispatchQueue(label: "remindersd.watcher")

    private struct Watched {
        /// Reads this client's status and the alarms delivered.
        let observer: StoreObserver
        /// The client's status per entity type, as last told.
        var lastStatus: [EntityType: AuthorizationStatus] = [:]
        /// Alarms delivered up to here were told (or before this client came).
        var alarmWatermark: Int64 = 0
        /// Changes in the history up to here were looked at, for a client granted chosen lists.
        var changeWatermark: Int64 = 0
        /// A `storeChanged` is on its way.
        var pending = false
        /// Reads of the store that failed, for the log.
        var failedReads = 0
        var lastSent = Date.distantPast
    }

    init(
        storePath: String, connection: Connection, client: String, program: String, alarms: Bool = false, log: Log,
        pollInterval: TimeInterval = 0.1, minimumInterval: TimeInterval = 0.25
    ) throws {
        var watched = Watched(observer: try StoreObserver(path: storePath))
        for entityType in EntityType.allCases {
            watched.lastStatus[entityType] = try watched.observer.authorizationStatus(client: client, program: program, entityType: entityType)
        }
        watched.alarmWatermark = try watched.observer.latestDelivery()
        watched.changeWatermark = try watched.observer.newestChange()
        self.watched = Mutex(watched)
        self.log = log
        self.storePath = storePath
        self.alarms = alarms
        self.connection = connection
        self.client = client
        self.program = program
        self.pollInterval = pollInterval
        self.minimumInterval = minimumInterval
    }

    func start() {
        let subscription = StoreChangeFeed.feed(for: storePath).subscribe(every: pollInterval) { [weak self] in
            guard let self else { return }
            self.queue.async { self.committed() }
        }
        lifetime.withLock { $0.subscription = subscription }
    }

    func stop() {
        let subscription = lifetime.withLock { lifetime in
            lifetime.stopped = true
            return lifetime.subscription
        }
        subscription?.cancel()
    }

    private var isStopped: Bool { lifetime.withLock { $0.stopped } }

    private func committed() {
        guard !isStopped else { return }
        let wait = watched.withLock { watched -> TimeInterval? in
            checkAuthorization(&watched)
            if alarms, watched.lastStatus.values.contains(.fullAccess) { tellAlarms(&watched) }
            guard !watched.pending else { return nil }  // a storeChanged is on its way
            // A client with access to one kind, or granted chosen lists, is told of commits that changed
            // something it sees (or took it out of sight) only: `storeChanged` says nothing of what
            // changed, and not even that something did elsewhere. One with every kind whole hears
            // of every commit, those that record no change (an alarm delivered, a sync's state) too.
            do throws(StoreError) {
                let scopes = try watched.observer.scopes(client: client, program: program)
                let kinds = Set(watched.lastStatus.filter { $0.value == .fullAccess || $0.value == .writeOnly }.keys)
                if !scopes.isEmpty || kinds.count < EntityType.allCases.count {
                    let (newest, seen) = try watched.observer.changes(after: watched.changeWatermark, heardBy: kinds, within: scopes)
                    watched.changeWatermark = newest
                    guard seen else { return nil }
                } else {
                    watched.changeWatermark = try watched.observer.newestChange()
                }
            } catch {
                failed(error, &watched)
            }
            watched.pending = true
            return max(0, minimumInterval - Date().timeIntervalSince(watched.lastSent))
        }
        guard let wait else { return }
        queue.asyncAfter(deadline: .now() + wait) { [weak self] in self?.tellStoreChanged() }
    }

    private func tellStoreChanged() {
        watched.withLock { $0.pending = false }
        guard !isStopped else { return }
        NotificationRegistry.storeChanged.send(Array("{}".utf8), on: connection)
        watched.withLock { $0.lastSent = Date() }
    }

    /// A reminder's alarm to a client with full access to reminders, an event's (its payload
    /// holds `event`) to one with full access to events.
    private func tellAlarms(_ watched: inout Watched) {
        do throws(StoreError) {
            for fired in try watched.observer.alarmsDelivered(after: watched.alarmWatermark) {
                let entityType: EntityType = fired.payload.hasPrefix("{\"event\"") ? .event : .reminder
                let seen = try watched.observer.sees(item: fired.item, entityType: entityType, client: client, program: program)
                watched.alarmWatermark = max(watched.alarmWatermark, fired.deliveredAt)
                guard watched.lastStatus[entityType] == .fullAccess, seen else { continue }
                NotificationRegistry.alarmFired.send(Array(fired.payload.utf8), on: connection)
            }
        } catch {
            failed(error, &watched)  // the watermark stays where the last told alarm left it: tried again at the next commit
        }
    }

    /// Each entity type's status, told when it changed.
    private func checkAuthorization(_ watched: inout Watched) {
        for entityType in EntityType.allCases {
            let status: AuthorizationStatus
            do { status = try watched.observer.authorizationStatus(client: client, program: program, entityType: entityType) } catch {
                failed(error, &watched)
                continue
            }
            guard status != watched.lastStatus[entityType] else { continue }
            watched.lastStatus[entityType] = status
            tellAuthorization(status, for: entityType)
        }
    }

    private func failed(_ error: StoreError, _ watched: inout Watched) {
        watched.failedReads += 1
        log.warning("cannot read the store for \(client)'s notifications (\(watched.failedReads) failed reads so far): \(error)")
    }

    private func tellAuthorization(_ status: AuthorizationStatus, for entityType: EntityType) {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("entityType", entityType.rawValue)
        writer.field("status", status.rawValue)
        writer.endObject()
        NotificationRegistry.authorizationChanged.send(writer.bytes, on: connection)
    }
}
