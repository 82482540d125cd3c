import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore

extension FetchReminders: MethodHandler {
    public static let access = Access.fullAccess
    public static let effect = Effect.reads
    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let session = context.session
        let position = try params.cursor.map { (cursor) throws(ResponseError) in
            try FetchCursor.decode(cursor, order: params.order, zone: session.timeZoneName, field: "cursor")
        }
        let page = try session.eventStore().fetchReminders(
            matching: params.predicate, in: session.timeZone, after: position, limit: params.limit,
            order: params.order, shouldContinue: { !context.isCancelled() })
        return Result(
            reminders: page.reminders, nextCursor: page.next.map { FetchCursor.encode($0, order: params.order, zone: session.timeZoneName) })
    }
}
