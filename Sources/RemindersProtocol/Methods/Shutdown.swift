import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `shutdown`: from now on only `exit` is accepted (LSP).
public enum Shutdown: RemindersMethod {
    public static let name = "shutdown"
    public static let summary = "Ends the session; the client then sends exit."
    public typealias Params = NoParams

    /// `null`, as LSP answers it.
    public struct Result: ReadableMethodResult {
        public static let schema = JSONSchema.null
        public init() {}
        public func write(to writer: inout JSONWriter) { writer.null() }
        public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) {
            guard value.isNull else { throw .internalError("shutdown answers null, got \(value.typeName)") }
        }
    }
}
