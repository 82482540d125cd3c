import Foundation
import JSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore

/// Tells one client when the store changed (`storeChanged`), when its access changed
/// (`authorizationChanged`), whoever made the change, in this process or another, and — when it
/// asked, and has full access — each alarm the agent delivered (`alarmFired`).
///
/// It hears of commits from the store's change feed (which looks ten times a second) and only
/// then re-reads this client's status. Bursts are coalesced: at most one `storeChanged` per
/// `minimumInterval`, however many rows a burst wrote.
final class ChangeWatcher: @unchecked Sendable {  // `stopped` is guarded by `stopLock`; the rest is `queue`'s alone
    private let storePath: String
    /// Reads this client's status and the alarms delivered; used on `queue` only.
    private let observer: StoreObserver
    private let connection: Connection
    private let client: String
    private let program: String
    private let pollInterval: TimeInterval
    private let minimumInterval: TimeInterval
    /// The client's status per entity type, as last told.
    private var lastStatus: [EntityType: AuthorizationStatus] = [:]
    private let alarms: Bool
    /// Alarms delivered up to here were told (or before this client came).
    private var alarmWatermark: Int64 = 0
    /// Changes in the history up to here were looked at, for a client granted chosen lists.
    private var changeWatermark: Int64 = 0
    private let stopLock = NSLock()
    private var stopped = false
    private var subscription: StoreChangeFeed.Subscription?
    /// Where commits are handled, one at a time, and a coalesced `storeChanged` waits for its turn.
    private let queue = DispatchQueue(label: "remindersd.watcher")
    private var pending = false
    private var lastSent = Date.distantPast

    init(
        storePath: String, connection: Connection, client: String, program: String, alarms: Bool = false, pollInterval: TimeInterval = 0.1,
        minimumInterval: TimeInterval = 0.25
    ) throws {
        observer = try StoreObserver(path: storePath)
        self.storePath = storePath
        self.alarms = alarms
        self.connection = connection
        self.client = client
        self.program = program
        self.pollInterval = pollInterval
        self.minimumInterval = minimumInterval
        for entityType in EntityType.allCases {
            lastStatus[entityType] = observer.authorizationStatus(client: client, program: program, entityType: entityType)
        }
        alarmWatermark = observer.latestDelivery()
        changeWatermark = observer.newestChange()
    }

    func start() {
        let subscription = StoreChangeFeed.feed(for: storePath).subscribe(every: pollInterval) { [weak self] in
            guard let self else { return }
            self.queue.async { self.committed() }
        }
        stopLock.withLock { self.subscription = subscription }
    }

    func stop() {
        let subscription = stopLock.withLock {
            stopped = true
            return self.subscription
        }
        subscription?.cancel()
    }

    private var isStopped: Bool {
        stopLock.lock(); defer { stopLock.unlock() }
        return stopped
    }

    private func committed() {
        guard !isStopped else { return }
        checkAuthorization()
        if alarms, lastStatus.values.contains(.fullAccess) { tellAlarms() }
        guard !pending else { return }  // a storeChanged is on its way
        // A client granted chosen lists is told of commits that changed something in them only:
        // `storeChanged` says nothing of what changed, and not even that something did elsewhere.
        let scopes = observer.scopes(client: client, program: program)
        if !scopes.isEmpty {
            let (newest, seen) = observer.changes(after: changeWatermark, seenWithin: scopes)
            changeWatermark = newest
            guard seen else { return }
        } else {
            changeWatermark = observer.newestChange()
        }
        pending = true
        let wait = max(0, minimumInterval - Date().timeIntervalSince(lastSent))
        queue.asyncAfter(deadline: .now() + wait) { [weak self] in self?.tellStoreChanged() }
    }

    private func tellStoreChanged() {
        pending = false
        guard !isStopped else { return }
        NotificationRegistry.storeChanged.send(Array("{}".utf8), on: connection)
        lastSent = Date()
    }

    /// A reminder's alarm to a client with full access to reminders, an event's (its payload
    /// holds `event`) to one with full access to events.
    private func tellAlarms() {
        for fired in observer.alarmsDelivered(after: alarmWatermark) {
            alarmWatermark = max(alarmWatermark, fired.deliveredAt)
            let entityType: EntityType = fired.payload.hasPrefix("{\"event\"") ? .event : .reminder
            guard lastStatus[entityType] == .fullAccess,
                observer.sees(item: fired.item, entityType: entityType, client: client, program: program)
            else { continue }
            NotificationRegistry.alarmFired.send(Array(fired.payload.utf8), on: connection)
        }
    }

    /// Each entity type's status, told when it changed.
    private func checkAuthorization() {
        for entityType in EntityType.allCases {
            guard let status = observer.authorizationStatus(client: client, program: program, entityType: entityType),
                status != lastStatus[entityType]
            else { continue }
            lastStatus[entityType] = status
            tellAuthorization(status, for: entityType)
        }
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
