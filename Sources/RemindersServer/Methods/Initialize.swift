import RemindersCivilTime
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol

extension Initialize: MethodHandler {
    public static let access = Access.lifecycle
    public static let effect = Effect.lifecycle
    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let session = context.session
        _ = try session.eventStore()
        session.clientName = params.clientName
        session.clientVersion = params.clientVersion
        session.timeZone = params.timeZone.flatMap(TimeZoneCache.zone) ?? session.options.timeZone.zone
        session.timeZoneName = params.timeZone ?? session.options.timeZone.name
        session.wantsAlarms = params.wantsAlarms
        session.lifecycle = .running
        session.startWatching()
        session.log.info("client \(params.clientName)\(params.clientVersion.map { " " + $0 } ?? "") initialized (time zone \(session.timeZoneName))")
        return Result(timeZone: session.timeZoneName, methods: MethodRegistry.all.map(\.name))
    }
}
