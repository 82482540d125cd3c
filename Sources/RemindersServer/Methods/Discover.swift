import JSONRPC

/// `rpc.discover`: the OpenRPC document of this server, built from the method declarations.
enum Discover: MethodDeclaration {
    static let name = "rpc.discover"
    static let summary = "The OpenRPC 1.3 document of this server: every method, its params, result and errors, and the notifications."
    static let access = Access.anyStatus
    static let effect = Effect.reads
    static let params: [ObjectRule.Property] = []
    static let result = JSONSchema.object([
        .init("openrpc", .string(), required: true),
        .init("info", .object([.init("title", .string(), required: true), .init("version", .string(), required: true)],
                              allowsOtherMembers: true), required: true),
        .init("methods", .array(of: .object([], allowsOtherMembers: true)), required: true),
    ], allowsOtherMembers: true, description: "An OpenRPC document (https://spec.open-rpc.org).")

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        [OpenRPCDocument.bytes]
    }
}
