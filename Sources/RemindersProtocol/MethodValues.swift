import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// What a method takes: a value read once from params that were checked against `properties` —
/// its one description, from which the check, the OpenRPC document and the MCP tools built on the
/// method all come. The handler gets the value, never the JSON.
public protocol MethodParams {
    static var properties: [ObjectRule.Property] { get }
    init(_ params: Fields) throws(ResponseError)
}

/// What a method answers: a value with its schema that writes itself with the transport's writer.
/// Another front end (MCP) takes the value as it is; the JSON-RPC server writes it.
public protocol MethodResult {
    static var schema: JSONSchema { get }
    func write(to writer: inout JSONWriter)
    /// The JSON, in pieces: one, unless the value is long enough to be written in several (and to
    /// notice a cancellation meanwhile).
    func pieces(isCancelled: @escaping @Sendable () -> Bool) throws -> [[UInt8]]
}

extension MethodResult {
    public func pieces(isCancelled: @escaping @Sendable () -> Bool) throws -> [[UInt8]] {
        var writer = JSONWriter()
        write(to: &writer)
        return [writer.bytes]
    }

    /// The JSON in one buffer.
    public var json: [UInt8] {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.bytes
    }
}

/// The params of a method that takes none.
public struct NoParams: WritableMethodParams, Sendable {
    public static let properties: [ObjectRule.Property] = []
    public init() {}
    public init(_ params: Fields) {}
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.endObject()
    }
}

/// `{}`: the call succeeded, and there is nothing more to say.
public struct EmptyResult: ReadableMethodResult, Sendable {
    public static let schema = CommonSchemas.empty
    public init() {}
    public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) { _ = try Self.fields(value) }
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.endObject()
    }
}

/// A params member that names a reminder or event (`identifier`), with nothing else.
public struct IdentifierParams: WritableMethodParams, Sendable {
    public static let properties: [ObjectRule.Property] = [.init("identifier", CommonSchemas.identifier, required: true)]
    public var identifier: String

    public init(identifier: String) { self.identifier = identifier }
    public init(_ params: Fields) throws(ResponseError) { identifier = try params.string("identifier") }
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("identifier", identifier)
        writer.endObject()
    }
}
