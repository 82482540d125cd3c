import Foundation
import Synchronization
import Glibc

/// An HTTP server on 127.0.0.1 for the HTTP client's tests: it answers each connection's
/// requests with what `answer` returns (raw bytes, after an optional pause) and keeps what it
/// was sent. One connection at a time, on a thread of its own.
final class LoopbackServer: Sendable {
    struct Reply {
        var bytes: [UInt8]
        var pause: TimeInterval = 0
        /// Close the connection without answering (after the pause).
        var hangUp = false

        init(bytes: String, pause: TimeInterval = 0, hangUp: Bool = false) {
            self.init(raw: Array(bytes.utf8), pause: pause, hangUp: hangUp)
        }

        init(raw: [UInt8], pause: TimeInterval = 0, hangUp: Bool = false) {
            (self.bytes, self.pause, self.hangUp) = (raw, pause, hangUp)
        }
    }

    let port: UInt16
    private let listener: Int32
    private let requests = Mutex<[String]>([])
    private let answer: @Sendable (String) -> Reply

    var url: URL { URL(string: "http://127.0.0.1:\(port)/")! }
    var received: [String] { requests.withLock { $0 } }

    init(answer: @escaping @Sendable (String) -> Reply) throws {
        self.answer = answer
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(listener, socketAddress, length) == 0 && listen(listener, 8) == 0
                    && getsockname(listener, socketAddress, &length) == 0
            }
        }
        guard listener >= 0, bound else { throw POSIXError(.EADDRNOTAVAIL) }
        port = UInt16(bigEndian: address.sin_port)
        Thread { [self] in serve() }.start()
    }

    deinit { close(listener) }

    /// Stops accepting; the thread ends at its next accept.
    func stop() { shutdown(listener, Int32(SHUT_RDWR)) }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            while let request = readRequest(connection) {
                requests.withLock { $0.append(request) }
                let reply = answer(request)
                if reply.pause > 0 { usleep(useconds_t(reply.pause * 1_000_000)) }
                if reply.hangUp { break }
                _ = reply.bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            }
            close(connection)
        }
    }

    /// One request: the head, then as many body bytes as Content-Length says.
    private func readRequest(_ connection: Int32) -> String? {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        func headEnd() -> Int? {
            guard data.count >= 4 else { return nil }
            return (0...(data.count - 4)).first { data[$0] == 13 && data[$0 + 1] == 10 && data[$0 + 2] == 13 && data[$0 + 3] == 10 }
        }
        while true {
            if let end = headEnd() {
                let head = String(decoding: data[..<end], as: UTF8.self)
                let length =
                    head.split(separator: "\r\n").compactMap { line -> Int? in
                        let parts = line.split(separator: ":", maxSplits: 1)
                        return parts.count == 2 && parts[0].lowercased() == "content-length"
                            ? Int(parts[1].trimmingCharacters(in: .whitespaces)) : nil
                    }.first ?? 0
                if data.count >= end + 4 + length { return String(decoding: data[..<(end + 4 + length)], as: UTF8.self) }
            }
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            data += chunk[..<count]
        }
    }
}
