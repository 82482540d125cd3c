import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersServer

/// What a tool has to work with: its arguments (to be read into its input), the client it acts
/// for, and the methods of the JSON-RPC protocol, called as that client with their params as
/// values — their results come back as values, never written and read back.
struct ToolCall {
    let arguments: JSONObject
    let client: String
    let zone: TimeZone
    /// The time the call was made, by the server's clock: what "tomorrow" and "a week from now" are read against.
    let now: Timestamp
    let sessions: ClientSessions
    let access: AccessText

    /// Calls `method` as the client; a refusal for want of access names the command that grants it
    /// (for access to `entityType`'s items: the method's own kind unless the params name one).
    /// `commit: false` stages the change, for a batch that commits once.
    func call<M: MethodHandler>(_ method: M.Type, _ params: M.Params, entityType: EntityType? = nil, commit: Bool = true) throws(ToolFailure)
        -> M.Result
    {
        switch sessions.call(method, params, as: client, commit: commit) {
        case .success(let result): return result
        case .failure(let error):
            guard error.code == MCPErrorCode.notAuthorized else { throw ToolFailure(error) }
            let entity = entityType?.rawValue ?? M.entityType.rawValue
            throw ToolFailure(
                field: nil, access.refused(client: client, status: error.data?["status"]?.stringValue ?? "notDetermined", entity: entity))
        }
    }

    /// Runs `body` as one durable group: its calls' reads share a transaction, and what they
    /// commit is durable together or not at all.
    func durably<T>(_ body: () throws(ToolFailure) -> T) throws(ToolFailure) -> T {
        var outcome: Result<T, ToolFailure> = .failure(ToolFailure(field: nil, "not run"))
        let group = sessions.durably(as: client) {
            do throws(ToolFailure) { outcome = .success(try body()) } catch { outcome = .failure(error) }
        }
        if case .failure(let error) = group { throw ToolFailure(error) }
        return try outcome.get()
    }

    /// The client's lists (or event calendars).
    func calendars(_ entityType: EntityType = .reminder) throws(ToolFailure) -> [ItemCalendar] {
        try call(Calendars.self, EntityTypeParams(entityType: entityType), entityType: entityType).calendars
    }

    /// A list given by identifier or by title (ignoring case), as a model would name it.
    func listIdentifier(_ name: String, field: String, entityType: EntityType = .reminder) throws(ToolFailure) -> String {
        let calendars = try calendars(entityType)
        if let exact = calendars.first(where: { $0.calendarIdentifier == name }) { return exact.calendarIdentifier }
        guard let found = calendars.first(where: { $0.title.lowercased() == name.lowercased() }) else {
            let known = calendars.map { "\"\($0.title)\"" }.joined(separator: ", ")
            let kind = entityType == .event ? "calendar" : "list"
            throw ToolFailure(field: field, "no \(kind) is called \"\(name.prefix(80))\"; the \(kind)s are \(known)")
        }
        return found.calendarIdentifier
    }
}
