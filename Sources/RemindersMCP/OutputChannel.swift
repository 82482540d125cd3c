import Foundation
import RemindersJSONRPC

/// Where messages go: the connection's writer (one JSON text per line, whole lines only, from
/// whichever thread — the reader, the worker, the store watcher — has one to send).
final class OutputChannel: Sendable {
    private let connection: Connection

    init(connection: Connection) { self.connection = connection }

    /// A message already written (a reply whose result holds another's JSON as it was written).
    func send(encoded message: [UInt8]) {
        connection.send(message)
    }

    /// An error answer, enveloped by the transport (an id that is neither a number nor a string, null).
    static func errorReply(id: JSONValue, code: Int, _ message: String, data: JSONValue? = nil) -> [UInt8] {
        Envelope.error(id: RequestID(id), ResponseError(code: code, message: message, data: data))
    }

    /// What the transport found wrong with a frame or a message, in its own words.
    static func errorReply(id: RequestID?, _ error: ResponseError) -> [UInt8] { Envelope.error(id: id, error) }

    func notify(_ method: String, _ params: JSONValue) {
        send(encoded: Envelope.notification(method: method, params: params.json))
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
