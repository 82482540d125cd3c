import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `rpc.discover`: the OpenRPC document of this server, built from the method declarations.
public enum Discover: RemindersMethod {
    public static let name = "rpc.discover"
    public static let summary = "The OpenRPC 1.3 document of this server: every method, its params, result and errors, and the notifications."
    public typealias Params = NoParams

    /// The document, written once.
    public struct Result: ReadableMethodResult {
        public static let schema = JSONSchema.object(
            [
                .init("openrpc", .string(), required: true),
                .init(
                    "info",
                    .object(
                        [.init("title", .string(), required: true), .init("version", .string(), required: true)],
                        allowsOtherMembers: true), required: true),
                .init("methods", .array(of: .object([], allowsOtherMembers: true)), required: true),
            ], allowsOtherMembers: true, description: "An OpenRPC document (https://spec.open-rpc.org).")
        /// The document's JSON, made once by the server from its methods.
        public var document: [UInt8]

        public init(document: [UInt8]) { self.document = document }
        public func write(to writer: inout JSONWriter) { writer.raw(document) }
        public func pieces(isCancelled: @escaping @Sendable () -> Bool) throws -> [[UInt8]] { [document] }
        /// The document as it came, written again.
        public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) {
            _ = try Self.fields(value)
            var writer = JSONWriter()
            writer.value(value)
            document = writer.bytes
        }
    }
}
