import JSONRPC
import RemindersModel

/// Every method the server has, in one place. Adding one: its file in `Methods/`, a line here,
/// its section in protocol.md, a test (`DeclarationTests` fails when one of the four is missing).
enum MethodRegistry {
    static let declarations: [any MethodDeclaration.Type] = [
        Initialize.self, Shutdown.self, Discover.self,
        AuthorizationStatusMethod.self, RequestAccess.self,
        Calendars.self, DefaultCalendarForNewReminders.self, SaveCalendar.self, RemoveCalendar.self,
        FetchReminders.self, CalendarItem.self, CalendarItems.self, SaveReminder.self, RemoveReminder.self,
        AddAlarm.self, RemoveAlarm.self,
        Commit.self, Reset.self,
    ]

    static let all: [RegisteredMethod] = declarations.map(RegisteredMethod.init)

    /// A short list is scanned faster than a method name is hashed, and this runs for every request.
    static func named(_ name: String) -> RegisteredMethod? { all.first { $0.name == name } }
}

/// A declaration as the dispatcher uses it: everything derived once, at start-up.
struct RegisteredMethod: @unchecked Sendable {
    let declaration: any MethodDeclaration.Type
    let name: String
    let access: Access
    let effect: Effect
    /// The params' schema, `commit` included for `.stages` methods.
    let params: ObjectRule
    /// The params member whose object the store checks (`reminder`): its errors are reported under it.
    let fieldPrefix: String?
    let handle: (MethodContext) throws -> [[UInt8]]

    init(_ declaration: any MethodDeclaration.Type) {
        self.declaration = declaration
        name = declaration.name
        access = declaration.access
        effect = declaration.effect
        var properties = declaration.params
        if effect == .stages { properties.append(CommitParam.property) }
        params = ObjectRule(properties, allowsOtherMembers: declaration.acceptsOtherParams)
        fieldPrefix = properties.first(where: \.isSubject)?.name
        handle = declaration.handle
    }

    /// Checks a request's params (absent means `{}`) against the declaration.
    func check(_ params: JSONValue?) throws(ResponseError) -> Fields {
        switch params {
        case nil:
            try self.params.check(JSONObject(), at: "")
            return Fields(JSONObject(), path: "")
        case .object(let object)?:
            try self.params.check(object, at: "")
            return Fields(object, path: "")
        case let other?:
            throw .invalidParams("params must be an object, got \(other.typeName)", field: "params")
        }
    }
}

/// What a handler gets: the session, the request's checked params, and the caller's status.
struct MethodContext {
    let session: Session
    let params: Fields
    /// Read before the call for methods that need it.
    let status: AuthorizationStatus
    let isCancelled: () -> Bool

    /// `commit` of a `.stages` method: true unless the client said false.
    var commit: Bool { params.object[CommitParam.name] != .bool(false) }
}

/// Builds a result object with a writer.
func resultObject(_ body: (inout JSONWriter) -> Void) -> [[UInt8]] {
    var writer = JSONWriter()
    writer.beginObject()
    body(&writer)
    writer.endObject()
    return [writer.bytes]
}

let emptyResult: [[UInt8]] = [Array("{}".utf8)]
