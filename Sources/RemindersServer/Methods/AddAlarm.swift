import JSONRPC
import RemindersJSON
import RemindersModel

/// `addAlarm {identifier, alarm, lastModifiedDate?, commit?}` → `{reminder}`.
public enum AddAlarm: TypedMethod, MethodDeclaration {
    public static let name = "addAlarm"
    static let summary = "Adds an alarm to a reminder (EKCalendarItem.addAlarm(_:))."
    static let access = Access.fullOrWriteOnly
    static let effect = Effect.stages
    static let errors: [MethodError] = [.invalidParams(.alarmProximityNotSupported, .reminderAlarmContainsEmailOrUrl), .notFound, .conflict]

    public struct Params: MethodParams, Sendable {
        public static let properties: [ObjectRule.Property] = [
            .init("identifier", CommonSchemas.identifier, required: true),
            .init("alarm", AlarmSchemas.alarmInput, required: true),
            CommonSchemas.lastModifiedDate,
        ]
        public var identifier: String
        public var alarm: AlarmDraft
        public var lastModifiedDate: Timestamp?

        public init(identifier: String, alarm: AlarmDraft, lastModifiedDate: Timestamp? = nil) {
            (self.identifier, self.alarm, self.lastModifiedDate) = (identifier, alarm, lastModifiedDate)
        }

        public init(_ params: Fields) throws(ResponseError) {
            identifier = try params.string("identifier")
            alarm = try AlarmDraft.decode(params.object["alarm"] ?? .null, path: "alarm")
            lastModifiedDate = try params.optionalTimestamp("lastModifiedDate")
        }
    }

    public typealias Result = ReminderResult

    static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        if context.status == .writeOnly { try WriteOnlyRules.checkAlarm(on: params.identifier, session: context.session) }
        return ReminderResult(reminder: try context.session.eventStore().addAlarm(params.alarm, toReminder: params.identifier,
                                                                                  lastModifiedDate: params.lastModifiedDate, commit: context.commit))
    }
}

/// `{reminder}`: one reminder, as a change left it.
public struct ReminderResult: MethodResult, Sendable {
    public static let schema = ReminderSchemas.reminderResult
    public var reminder: Reminder

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(static: "reminder")
        reminder.write(to: &writer)
        writer.endObject()
    }
}
