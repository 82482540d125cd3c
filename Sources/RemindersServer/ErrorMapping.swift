import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore

/// The one place where every Swift error a handler throws becomes a JSON-RPC error (the codes
/// are the protocol's: RemindersProtocol's ErrorCodes).
extension ResponseError {
    /// `entityType`: whose access is missing (reminders' or events'), in the data and the hint.
    static func notAuthorized(client: String, status: AuthorizationStatus, entityType: EntityType = .reminder, _ message: String) -> ResponseError {
        let entity = entityType == .event ? " --entity event" : ""
        let hint: String
        switch status {
        case .notDetermined: hint = entityType == .event ? "call requestAccess with entityType event first" : "call requestAccess first"
        case .writeOnly:
            hint =
                entityType == .event
                ? "write-only access to events allows creating events in the default calendar"
                : "write-only access allows creating reminders in the default list and adding alarms to them"
        case .denied, .restricted, .fullAccess:
            hint = "the owner can change this with: remindersd permissions set \(client) fullAccess\(entity)"
        }
        return ResponseError(
            code: notAuthorizedCode, message: "Not authorized: \(message) (\(entityType.rawValue) status \(status.rawValue); \(hint))",
            data: [
                "reason": .string(EventKitErrorCode.eventStoreNotAuthorized.rawValue), "status": .string(status.rawValue),
                "entityType": .string(entityType.rawValue),
            ])
    }

    static func storeUnavailable(_ message: String) -> ResponseError {
        ResponseError(code: storeUnavailableCode, message: "Store unavailable: \(message)")
    }

    /// Maps a store failure; `prefix` places validation fields within the params (`reminder`); a
    /// conflict's stored event is written with its dates read in `zone`, the session's.
    static func from(_ error: StoreError, prefix: String?, zone: TimeZone = .current) -> ResponseError {
        switch error {
        case .notFound(let kind, let identifier):
            return ResponseError(
                code: notFoundCode, message: "Not found: no \(kind) with identifier \(identifier)",
                data: ["kind": .string(kind), "identifier": .string(identifier)])
        case .conflict(let current):
            var writer = JSONWriter()
            switch current {
            case .reminder(let reminder): reminder.write(to: &writer)
            case .event(let event): EventOccurrence(event: event, start: event.start, occurrenceStart: event.start).write(to: &writer, zone: zone)
            }
            let item = current.item
            return ResponseError(
                code: conflictCode,
                message: "Conflict: \(type(of: item).entityType.rawValue) \(item.calendarItemIdentifier) was changed at "
                    + "\(item.lastModifiedDate) since the lastModifiedDate given",
                data: ["current": (try? JSONParser.parse(writer.bytes)) ?? .null])
        case .changedSince(let kind, let identifier, let fields, let change):
            return ResponseError(
                code: conflictCode,
                message: "Conflict: the \(kind) \(identifier) changed since (\(fields.joined(separator: ", "))) in change \(change); "
                    + "undo that change first",
                data: [
                    "identifier": .string(identifier), "fields": .array(fields.map { .string($0) }), "changeIdentifier": .string(change),
                ])
        case .invalid(let validation):
            return .invalid(prefix.map { validation.prefixed($0) } ?? validation)
        case .unavailable(let message):
            return .storeUnavailable(message)
        case .cancelled:
            return .requestCancelled
        case .database(let failure):
            // A bug, not a state of the store: -32603 (and logged as an error where it is answered).
            return .internalError("the store's database refused an operation (\(failure.codeName): \(failure.message))")
        }
    }

    /// Any error a handler threw, as what the client receives.
    static func from(_ error: Error, prefix: String? = nil, zone: TimeZone = .current) -> ResponseError {
        switch error {
        case let error as ResponseError: return error
        case let error as StoreError: return .from(error, prefix: prefix, zone: zone)
        case let error as ValidationError: return .invalid(prefix.map { error.prefixed($0) } ?? error)
        default: return .internalError(String(describing: error))
        }
    }
}
