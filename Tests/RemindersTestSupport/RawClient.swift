import Foundation
import Glibc

/// A client that writes bytes as given — well-formed or not — to a port on 127.0.0.1 and reads
/// until the server closes: what a hostile peer or a browser would send, not what a library
/// would tidy up.
public enum RawClient {
    public struct Answer {
        public var status: Int
        public var head: String
        public var body: String
    }

    public static func exchange(_ request: [UInt8], port: UInt16, timeout: TimeInterval = 20) throws -> Answer {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure("socket: \(errno)") }
        defer { close(socket) }
        var seconds = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure("connect: \(errno)") }
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            // The server may answer and close before reading a body it refused.
            guard count > 0 else { break }
            sent += count
        }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(socket, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            received += chunk[0..<count]
        }
        let text = String(decoding: received, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw Failure("no answer: \(text.prefix(200))") }
        let head = String(text[..<split.lowerBound])
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return Answer(status: status, head: head, body: String(text[split.upperBound...]))
    }

    /// `METHOD PATH HTTP/1.1` with `headers` (a Host naming `port` first unless one is given) and `body`.
    public static func request(_ method: String, _ path: String, port: UInt16, headers: [String] = [], body: String = "") -> [UInt8] {
        var lines = ["\(method) \(path) HTTP/1.1"]
        if !headers.contains(where: { $0.lowercased().hasPrefix("host:") }) { lines.append("Host: 127.0.0.1:\(port)") }
        lines += headers
        lines.append("Connection: close")
        if !body.isEmpty || ["PUT", "PROPFIND", "REPORT"].contains(method) { lines.append("Content-Length: \(body.utf8.count)") }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n" + body).utf8)
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }
}
