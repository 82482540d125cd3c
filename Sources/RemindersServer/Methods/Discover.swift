import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol

extension Discover: MethodHandler {
    public static let access = Access.anyStatus
    public static let effect = Effect.reads

    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result { Result(document: OpenRPCDocument.bytes) }
}
