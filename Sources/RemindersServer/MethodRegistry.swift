import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol

/// Every method the server has, in one place. Adding one: its file in `Methods/`, a line here,
/// its section in protocol.md, a test (`DeclarationTests` fails when one of the four is missing).
enum MethodRegistry {
    static let declarations: [any MethodHandler.Type] = [
        Initialize.self, Shutdown.self, Discover.self,
        AuthorizationStatusMethod.self, RequestAccess.self,
        Calendars.self, DefaultCalendarForNewReminders.self, SaveCalendar.self, RemoveCalendar.self,
        FetchReminders.self, CalendarItemMethod.self, CalendarItems.self, SaveReminder.self, RemoveReminder.self,
        AddAlarm.self, RemoveAlarm.self, TagsMethod.self,
        Commit.self, Reset.self,
        ExportICalendar.self, ImportICalendar.self, SyncMethod.self,
        UpcomingAlarms.self, SnoozeAlarm.self, DismissAlarm.self, UpdateLocation.self, DefaultCalendarForNewEvents.self,
        SaveEvent.self, EventMethod.self, FetchEvents.self, RemoveEvent.self,
        InterpretDate.self, InterpretRecurrence.self, Geocode.self, ReverseGeocode.self,
        Changes.self, Undo.self, Trash.self, Restore.self,
        SubscriptionsMethod.self, AddSubscription.self, RefreshSubscriptions.self, RemoveSubscription.self,
    ]

    static let all: [RegisteredMethod] = declarations.map(RegisteredMethod.init)

    /// The methods keyed by name length and first byte, so that a lookup compares one or two names
    /// in full: this runs for every request, several times, and a short scan beats hashing the name.
    private static let index: [(key: UInt32, method: RegisteredMethod)] = all.map { (key($0.name), $0) }

    private static func key(_ name: String) -> UInt32 { UInt32(truncatingIfNeeded: name.utf8.count) << 8 | UInt32(name.utf8.first ?? 0) }

    static func named(_ name: String) -> RegisteredMethod? {
        let wanted = key(name)
        for entry in index where entry.key == wanted && entry.method.name == name { return entry.method }
        return nil
    }
}

/// A declaration as the dispatcher uses it. A class, so that handing one around costs one
/// reference count, not one per member. Immutable, so any thread may dispatch with it: its
/// schemas are made with the registry, once per process (about 1% of a one-shot
/// `remindersd call`, measured with `perf`; made lazily instead, every request would pay for
/// the lock or atomic that guards them, 2–6% of workload 1).
final class RegisteredMethod: Sendable {
    let declaration: any MethodHandler.Type
    let name: String
    let access: Access
    let effect: Effect
    /// Whether it is `initialize`, which the lifecycle treats apart from every other method.
    let isInitialize: Bool
    /// Reads the checked params into the declaration's value and runs it through the dispatcher: its JSON.
    let run: @Sendable (Dispatcher, RegisteredMethod, Fields, _ commit: Bool, _ isCancelled: @escaping @Sendable () -> Bool) throws -> [[UInt8]]
    /// The params' schema, `commit` included for `.stages` methods.
    let params: ObjectRule
    /// The params member whose object the store checks (`reminder`): its errors are reported under it.
    let fieldPrefix: String?

    init(_ declaration: any MethodHandler.Type) {
        self.declaration = declaration
        name = declaration.name
        access = declaration.access
        effect = declaration.effect
        isInitialize = declaration == Initialize.self
        run = Self.runner(declaration)
        var properties = declaration.params
        if effect == .stages { properties.append(CommitParam.property) }
        params = ObjectRule(properties, allowsOtherMembers: declaration.acceptsOtherParams)
        fieldPrefix = params.properties.first(where: \.isSubject)?.name
    }

    private static func runner<D: MethodHandler>(_ declaration: D.Type)
        -> @Sendable (Dispatcher, RegisteredMethod, Fields, Bool, @escaping @Sendable () -> Bool) throws -> [[UInt8]]
    {
        { dispatcher, method, fields, commit, isCancelled in
            try dispatcher.run(D.self, try D.Params(fields), method: method, commit: commit, isCancelled: isCancelled).pieces(
                isCancelled: isCancelled)
        }
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

/// What a handler gets beside its params: the session, the caller's status, and for a `.stages`
/// method whether to commit (true unless the client said `commit: false`).
public struct MethodContext {
    let session: Session
    /// Read before the call for methods that need it.
    let status: AuthorizationStatus
    let commit: Bool
    let isCancelled: @Sendable () -> Bool
}
