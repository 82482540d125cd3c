import JSONRPC
import RemindersJSON
import RemindersModel

/// `removeAlarm {identifier, alarmIdentifier, lastModifiedDate?, commit?}` → `{reminder}`.
enum RemoveAlarm: TypedMethod, MethodDeclaration {
    static let name = "removeAlarm"
    static let summary = "Removes one alarm from a reminder (EKCalendarItem.removeAlarm(_:))."
    static let access = Access.fullAccess
    static let effect = Effect.stages
    static let errors: [MethodError] = [.notFound, .conflict]

    struct Params: MethodParams {
        static let properties: [ObjectRule.Property] = [
            .init("identifier", CommonSchemas.identifier, required: true),
            .init("alarmIdentifier", CommonSchemas.identifier, required: true),
            CommonSchemas.lastModifiedDate,
        ]
        var identifier: String
        var alarmIdentifier: String
        var lastModifiedDate: Timestamp?

        init(_ params: Fields) throws(ResponseError) {
            identifier = try params.string("identifier")
            alarmIdentifier = try params.string("alarmIdentifier")
            lastModifiedDate = try params.optionalTimestamp("lastModifiedDate")
        }
    }

    typealias Result = ReminderResult

    static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        ReminderResult(reminder: try context.session.eventStore().removeAlarm(params.alarmIdentifier, fromReminder: params.identifier,
                                                                              lastModifiedDate: params.lastModifiedDate, commit: context.commit))
    }
}
