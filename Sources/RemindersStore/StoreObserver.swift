import CSQLite
import Foundation
import RemindersModel

/// A second, read-only connection to a store that notices commits by anyone, this process included.
///
/// `PRAGMA data_version` changes when another connection commits, and costs no table access, so a
/// watcher can ask it often without touching the data until something really changed.
public final class StoreObserver {
    let database: Database
    private var lastVersion: Int64 = 0

    public init(path: String) throws(StoreError) {
        do {
            database = try Database(path: path, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, busyTimeoutMilliseconds: 1000)
            lastVersion = try database.scalar("PRAGMA data_version")?.integer ?? 0
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// True when someone committed since the last call.
    public func hasChanged() -> Bool {
        guard let version = try? database.scalar("PRAGMA data_version")?.integer else { return false }
        defer { lastVersion = version }
        return version != lastVersion
    }

    public func authorizationStatus(client: String, program: String, entityType: EntityType) -> AuthorizationStatus? {
        // No row is an answer (notDetermined); only a failed read is none.
        let row: SQLValue?
        do {
            row = try database.scalar(CalendarStore.statusQuery, .text(client), .text(entityType.rawValue), .text(program))
        } catch {
            return nil
        }
        return row?.text.flatMap(AuthorizationStatus.init(rawValue:)) ?? .notDetermined
    }
}
