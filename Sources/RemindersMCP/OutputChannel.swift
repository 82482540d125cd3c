import Foundation
import RemindersJSONRPC

/// Where messages go: the connection's writer (one JSON text per line, whole lines only, from
/// whichever thread — the reader, the worker, the store watcher — has one to send).
final class OutputChannel: Sendable {
    private let connection: Connection

    init(connection: Connection) { self.connection = connection }

    func send(_ message: JSONValue) {
        send(encoded: message.json)
    }

    /// A message already written (a reply whose result holds another's JSON as it was written).
    func send(encoded message: [UInt8]) {
        connection.send(message)
    }

    func error(id: JSONValue, code: Int, _ message: String, data: JSONValue? = nil) {
        send(Self.errorMessage(id: id, code: code, message, data: data))
    }

    static func errorMessage(id: JSONValue, code: Int, _ message: String, data: JSONValue? = nil) -> JSONValue {
        var error: JSONObject = ["code": .integer(Int64(code)), "message": .string(message)]
        if let data { error["data"] = data }
        return ["jsonrpc": "2.0", "id": id, "error": .object(error)]
    }

    static func errorReply(id: JSONValue, code: Int, _ message: String, data: JSONValue? = nil) -> [UInt8] {
        errorMessage(id: id, code: code, message, data: data).json
    }

    /// What the transport found wrong with a frame or a message, in its own words.
    static func errorMessage(id: RequestID?, _ error: ResponseError) -> JSONValue {
        errorMessage(id: id?.json ?? .null, code: error.code, error.message, data: error.data)
    }

    func notify(_ method: String, _ params: JSONValue) {
        send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }
}

extension JSONValue {
    /// The value written as JSON text.
    var json: [UInt8] {
        var writer = JSONWriter()
        writer.value(self)
        return writer.bytes
    }
}
