import JSONRPC
import RemindersJSON
import RemindersModel

/// `dismissAlarm {identifier, alarmIdentifier, occurrenceDate?}` → `{}`: the alarm's current
/// occurrence (a reminder's or an event's) does not fire (again); the next occurrence of a series
/// fires as usual.
enum DismissAlarm: TypedMethod, MethodDeclaration {
    static let name = "dismissAlarm"
    static let summary = "Dismisses an alarm's current occurrence: it does not fire (again); a series' next occurrence does."
    static let access = Access.fullAccess
    static let effect = Effect.writes
    static let errors: [MethodError] = [.notFound]

    struct Params: MethodParams {
        static let properties = AlarmTarget.Params.properties
        var alarm: AlarmTarget.Params
        init(_ params: Fields) throws(ResponseError) { alarm = try AlarmTarget.Params(params) }
    }

    typealias Result = EmptyResult

    static func entityType(of params: Params, session: Session) throws -> EntityType { try AlarmTarget.entityType(of: params.alarm, session: session) }

    static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        try AlarmTarget.find(params.alarm, context).decide(.dismissed, snoozedUntil: nil, in: context)
        return EmptyResult()
    }
}
