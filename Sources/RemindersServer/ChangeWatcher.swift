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
/// It looks at `PRAGMA data_version` a few times a second (cheap: no table is read) and only
/// then re-reads this client's status. Bursts are coalesced: at most one `storeChanged` per
/// `minimumInterval`, however many rows a burst wrote.
final class ChangeWatcher: @unchecked Sendable {  // `stopped` is guarded by `stopLock`; the rest is its polling thread's alone
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
    private let stopLock = NSLock()
    private var stopped = false

    init(storePath: String, connection: Connection, client: String, program: String, alarms: Bool = false, pollInterval: TimeInterval = 0.1,
         minimumInterval: TimeInterval = 0.25) throws {
        observer = try StoreObserver(path: storePath)
        self.alarms = alarms
        self.connection = connection
        self.client = client
        self.program = program
        self.pollInterval = pollInterval
        self.minimumInterval = minimumInterval
        for entityType in EntityType.allCases { lastStatus[entityType] = observer.authorizationStatus(client: client, program: program, entityType: entityType) }
        alarmWatermark = observer.latestDelivery()
    }

    func start() {
        let thread = Thread { [self] in watch() }
        thread.name = "remindersd.watcher"
        thread.start()
    }

    func stop() {
        stopLock.lock(); stopped = true; stopLock.unlock()
    }

    private var isStopped: Bool {
        stopLock.lock(); defer { stopLock.unlock() }
        return stopped
    }

    private func watch() {
        var pending = false
        var lastSent = Date.distantPast
        while !isStopped {
            Thread.sleep(forTimeInterval: pollInterval)
            if observer.hasChanged() {
                pending = true
                checkAuthorization()
                if alarms, lastStatus.values.contains(.fullAccess) { tellAlarms() }
            }
            if pending, Date().timeIntervalSince(lastSent) >= minimumInterval, !isStopped {
                NotificationRegistry.storeChanged.send(Array("{}".utf8), on: connection)
                lastSent = Date()
                pending = false
            }
        }
    }

    /// A reminder's alarm to a client with full access to reminders, an event's (its payload
    /// holds `event`) to one with full access to events.
    private func tellAlarms() {
        for fired in observer.alarmsDelivered(after: alarmWatermark) {
            alarmWatermark = max(alarmWatermark, fired.deliveredAt)
            let entityType: EntityType = fired.payload.hasPrefix("{\"event\"") ? .event : .reminder
            guard lastStatus[entityType] == .fullAccess else { continue }
            NotificationRegistry.alarmFired.send(Array(fired.payload.utf8), on: connection)
        }
    }

    /// Each entity type's status, told when it changed.
    private func checkAuthorization() {
        for entityType in EntityType.allCases {
            guard let status = observer.authorizationStatus(client: client, program: program, entityType: entityType), status != lastStatus[entityType] else { continue }
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
