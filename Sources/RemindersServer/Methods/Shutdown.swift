import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol

extension Shutdown: MethodHandler {
    public static let access = Access.lifecycle
    public static let effect = Effect.lifecycle

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        context.session.lifecycle = .shutDown
        context.session.stopWatching()
        return Result()
    }
}
