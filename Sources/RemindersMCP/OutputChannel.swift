import Foundation
import JSONRPC

/// Where messages go: one JSON text per line on the output descriptor, whole lines only, from
/// whichever thread (the reader, the worker, the store watcher) has one to send.
final class OutputChannel: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()

    init(descriptor: Int32) { self.descriptor = descriptor }

    func send(_ message: JSONValue) {
        var writer = JSONWriter()
        writer.value(message)
        var bytes = writer.bytes
        bytes.append(0x0A)
        lock.lock()
        defer { lock.unlock() }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return  // the client went away; the reader sees the end of its input
            }
            offset += written
        }
    }

    func result(id: JSONValue, _ result: JSONValue) {
        send(["jsonrpc": "2.0", "id": id, "result": result])
    }

    func error(id: JSONValue, code: Int, _ message: String, data: JSONValue? = nil) {
        send(Self.errorMessage(id: id, code: code, message, data: data))
    }

    static func errorMessage(id: JSONValue, code: Int, _ message: String, data: JSONValue? = nil) -> JSONValue {
        var error: JSONObject = ["code": .integer(Int64(code)), "message": .string(message)]
        if let data { error["data"] = data }
        return ["jsonrpc": "2.0", "id": id, "error": .object(error)]
    }

    func notify(_ method: String, _ params: JSONValue) {
        send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }
}
