import RemindersCSQLite
import RemindersModel

/// Why a store operation failed, in the store's terms (the server maps each case to a JSON-RPC error).
public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// No reminder, list or alarm with that identifier.
    case notFound(kind: String, identifier: String)
    /// The reminder or event changed since the `lastModifiedDate` the caller based its change on.
    case conflict(current: AnyCalendarItem)
    /// An undo would overwrite a later change: the item's `fields` changed since, by `change`
    /// (its identifier in the history).
    case changedSince(kind: String, identifier: String, fields: [String], change: String)
    /// A value breaks one of EventKit's rules.
    case invalid(ValidationError)
    /// The store cannot be used right now: read-only, full disk, locked too long, damaged.
    case unavailable(String)
    /// The caller asked to stop (e.g. its client cancelled the request).
    case cancelled
    /// SQLite refused something no client can cause or mend (a constraint, a misuse): a bug of
    /// remindersd's, reported as one.
    case database(SQLiteError)

    public var description: String {
        switch self {
        case .notFound(let kind, let identifier): return "no \(kind) with identifier \(identifier)"
        case .conflict(let current):
            let item = current.item
            return "\(type(of: item).entityType.rawValue) \(item.calendarItemIdentifier) was changed at \(item.lastModifiedDate) by someone else"
        case .changedSince(let kind, let identifier, let fields, let change):
            return "\(kind) \(identifier) changed since (\(fields.joined(separator: ", "))) in change \(change)"
        case .invalid(let error): return error.description
        case .unavailable(let message): return message
        case .cancelled: return "cancelled"
        case .database(let error): return "the store's database refused an operation: \(error.description)"
        }
    }

    /// Translates SQLite's failure into what a client can act on.
    static func from(_ error: SQLiteError, path: String) -> StoreError {
        switch error.primaryCode {
        case SQLITE_BUSY, SQLITE_LOCKED: return .unavailable("the store \(path) is locked by another program (waited too long): \(error.message)")
        case SQLITE_READONLY: return .unavailable("the store \(path) is read-only: \(error.message)")
        case SQLITE_FULL: return .unavailable("the disk holding \(path) is full: \(error.message)")
        case SQLITE_CORRUPT, SQLITE_NOTADB: return .unavailable("\(path) is damaged or not an SQLite database: \(error.message)")
        case SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_NOMEM, SQLITE_PERM, SQLITE_NOLFS:
            return .unavailable("cannot read or write \(path): \(error.message)")
        default: return .database(error)
        }
    }
}
