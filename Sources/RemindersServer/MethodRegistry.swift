import JSONRPC
import RemindersModel

/// What a handler gets: the session, the request's params, and the caller's status.
struct MethodContext {
    let session: Session
    let params: Fields
    /// Read before the call for methods that need it.
    let status: AuthorizationStatus
    let isCancelled: () -> Bool
}

/// One protocol method: its name, who may call it, and whether it writes to the store.
struct Method {
    let name: String
    let access: Access
    /// Writes join the current group commit (one durable transaction for pipelined writes).
    let writes: Bool
    /// Prefix for validation fields the store reports (`reminder` for `saveReminder`).
    let fieldPrefix: String?
    /// Commits everything staged: always (`commit`), or unless called with `commit: false` (EventKit's `save(_:commit:)`).
    var commitsStagedChanges: Bool {
        ["commit", "saveReminder", "removeReminder", "addAlarm", "removeAlarm"].contains(name)
    }
    /// The result's JSON, in one or more pieces (a large result is written in pieces, never joined).
    let handle: (MethodContext) throws -> [[UInt8]]

    init(_ name: String, _ access: Access, writes: Bool = false, fieldPrefix: String? = nil,
         _ handle: @escaping (MethodContext) throws -> [UInt8]) {
        self.init(name, access, writes: writes, fieldPrefix: fieldPrefix, pieces: { [try handle($0)] })
    }

    init(_ name: String, _ access: Access, writes: Bool = false, fieldPrefix: String? = nil,
         pieces handle: @escaping (MethodContext) throws -> [[UInt8]]) {
        self.name = name
        self.access = access
        self.writes = writes
        self.fieldPrefix = fieldPrefix
        self.handle = handle
    }
}

/// Every method the server has, in one place. Adding one: a handler, a line here, protocol.md, a test.
enum MethodRegistry {
    static let all: [Method] = [
        Method("initialize", .lifecycle, LifecycleMethods.initialize),
        Method("shutdown", .lifecycle, LifecycleMethods.shutdown),
        Method("authorizationStatus", .anyStatus, AuthorizationMethods.authorizationStatus),
        Method("requestAccess", .anyStatus, AuthorizationMethods.requestAccess),
        Method("calendars", .fullOrWriteOnly, CalendarMethods.calendars),
        Method("defaultCalendarForNewReminders", .fullOrWriteOnly, CalendarMethods.defaultCalendar),
        Method("saveCalendar", .fullAccess, writes: true, fieldPrefix: "calendar", CalendarMethods.saveCalendar),
        Method("removeCalendar", .fullAccess, writes: true, CalendarMethods.removeCalendar),
        Method("fetchReminders", .fullAccess, pieces: ReminderMethods.fetchReminders),
        Method("calendarItem", .fullAccess, ReminderMethods.calendarItem),
        Method("calendarItems", .fullAccess, pieces: ReminderMethods.calendarItems),
        Method("saveReminder", .fullOrWriteOnly, writes: true, fieldPrefix: "reminder", ReminderMethods.saveReminder),
        Method("removeReminder", .fullAccess, writes: true, ReminderMethods.removeReminder),
        Method("addAlarm", .fullOrWriteOnly, writes: true, AlarmMethods.addAlarm),
        Method("removeAlarm", .fullAccess, writes: true, fieldPrefix: "reminder", AlarmMethods.removeAlarm),
        Method("commit", .fullOrWriteOnly, writes: true, CommitMethods.commit),
        Method("reset", .fullOrWriteOnly, CommitMethods.reset),
    ]

    /// A short list is scanned faster than a method name is hashed, and this runs for every request.
    static func named(_ name: String) -> Method? { all.first { $0.name == name } }

    /// Notifications the server accepts from clients (others are ignored).
    static let notifications: Set<String> = ["initialized", "exit", "$/cancelRequest"]
}

/// Builds a result object with a writer.
func resultObject(_ body: (inout JSONWriter) -> Void) -> [UInt8] {
    var writer = JSONWriter()
    writer.beginObject()
    body(&writer)
    writer.endObject()
    return writer.bytes
}

let emptyResult: [UInt8] = Array("{}".utf8)
