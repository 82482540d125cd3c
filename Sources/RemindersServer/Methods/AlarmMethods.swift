import JSONRPC
import RemindersModel

enum AlarmMethods {
    static func addAlarm(_ context: MethodContext) throws -> [UInt8] {
        let params = context.params
        try params.rejectUnknown(["identifier", "alarm", "lastModifiedDate", "commit"])
        let identifier = try params.string("identifier")
        let alarm = try AlarmDraft.decode(params.object["alarm"] ?? .null, path: "alarm")
        if context.status == .writeOnly { try WriteOnlyRules.checkAlarm(on: identifier, session: context.session) }
        let reminder = try context.session.events().addAlarm(alarm, toReminder: identifier,
                                                             lastModifiedDate: try params.optionalTimestamp("lastModifiedDate"),
                                                             commit: try params.bool("commit", default: true))
        return ReminderMethods.reminderResult(reminder)
    }

    static func removeAlarm(_ context: MethodContext) throws -> [UInt8] {
        let params = context.params
        try params.rejectUnknown(["identifier", "alarmIdentifier", "lastModifiedDate", "commit"])
        let reminder = try context.session.events().removeAlarm(try params.string("alarmIdentifier"),
                                                                fromReminder: try params.string("identifier"),
                                                                lastModifiedDate: try params.optionalTimestamp("lastModifiedDate"),
                                                                commit: try params.bool("commit", default: true))
        return ReminderMethods.reminderResult(reminder)
    }
}

enum CommitMethods {
    static func commit(_ context: MethodContext) throws -> [UInt8] {
        try context.params.rejectUnknown([])
        try context.session.events().commit()
        return emptyResult
    }

    static func reset(_ context: MethodContext) throws -> [UInt8] {
        try context.params.rejectUnknown([])
        try context.session.events().reset()
        return emptyResult
    }
}
