import JSONRPC
import RemindersJSON
import RemindersModel

/// `rpc.discover`: the OpenRPC document of this server, built from the method declarations.
enum Discover: TypedMethod, MethodDeclaration {
    static let name = "rpc.discover"
    static let summary = "The OpenRPC 1.3 document of this server: every method, its params, result and errors, and the notifications."
    static let access = Access.anyStatus
    static let effect = Effect.reads

    typealias Params = NoParams

    /// The document, written once.
    struct Result: MethodResult {
        static let schema = JSONSchema.object([
            .init("openrpc", .string(), required: true),
            .init("info", .object([.init("title", .string(), required: true), .init("version", .string(), required: true)],
                                  allowsOtherMembers: true), required: true),
            .init("methods", .array(of: .object([], allowsOtherMembers: true)), required: true),
        ], allowsOtherMembers: true, description: "An OpenRPC document (https://spec.open-rpc.org).")
        func write(to writer: inout JSONWriter) { writer.raw(OpenRPCDocument.bytes) }
        func pieces(isCancelled: @escaping @Sendable () -> Bool) throws -> [[UInt8]] { [OpenRPCDocument.bytes] }
    }

    static func handle(_ params: Params, _ context: MethodContext) throws -> Result { Result() }
}
