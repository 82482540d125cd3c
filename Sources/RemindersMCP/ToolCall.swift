import Foundation
import JSONRPC
import RemindersJSON
import RemindersModel
import RemindersServer

/// What a tool has to work with: the arguments (already checked against its input schema), the
/// client it acts for, and the methods of the JSON-RPC protocol, called as that client.
struct ToolCall {
    let arguments: JSONObject
    let client: String
    let zone: TimeZone
    let sessions: ClientSessions
    let access: AccessText

    func call(_ method: String, _ params: JSONValue) throws(ToolFailure) -> JSONValue {
        switch sessions.call(method, params, as: client) {
        case .success(let result): return result
        case .failure(let error):
            guard error.code == MCPErrorCode.notAuthorized else { throw ToolFailure(error) }
            let entity = params["entityType"]?.stringValue ?? MethodCatalog.entityType(of: method)
            throw ToolFailure(field: nil, access.refused(client: client, status: error.data?["status"]?.stringValue ?? "notDetermined", entity: entity))
        }
    }

    func string(_ name: String) -> String? { arguments[name]?.stringValue }
    func has(_ name: String) -> Bool { arguments[name] != nil }

    /// A list given by identifier or by title (ignoring case), as a model would name it.
    func listIdentifier(_ name: String, field: String, entityType: String = "reminder") throws(ToolFailure) -> String {
        let calendars = try call(MethodNames.calendars, ["entityType": .string(entityType)])["calendars"]?.arrayValue ?? []
        if let exact = calendars.first(where: { $0["calendarIdentifier"]?.stringValue == name }) {
            return exact["calendarIdentifier"]?.stringValue ?? name
        }
        let titled = calendars.filter { $0["title"]?.stringValue?.lowercased() == name.lowercased() }
        guard let found = titled.first, let identifier = found["calendarIdentifier"]?.stringValue else {
            let known = calendars.compactMap { $0["title"]?.stringValue }.map { "\"\($0)\"" }.joined(separator: ", ")
            let kind = entityType == "event" ? "calendar" : "list"
            throw ToolFailure(field: field, "no \(kind) is called \"\(name.prefix(80))\"; the \(kind)s are \(known)")
        }
        return identifier
    }
}
