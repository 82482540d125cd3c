import Glibc

/// Where a server for this machine's own programs listens: an IPv4 loopback address (127.0.0.0/8)
/// and a port. Anything else is refused, because what listens there is reached by every program of
/// every user of the machine, and must not be by any other machine.
public struct LoopbackAddress: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    /// 0: a free port the system picks (tests).
    public var port: UInt16

    public init(host: String = "127.0.0.1", port: UInt16) throws(LoopbackAddressError) {
        guard Self.isLoopback(host) else { throw .notLoopback(host) }
        (self.host, self.port) = (host, port)
    }

    /// `127.0.0.1:5232`, `localhost:5232`, `:5232` or `5232`.
    public init(parsing text: String) throws(LoopbackAddressError) {
        let host: Substring, port: Substring
        if let colon = text.lastIndex(of: ":") {
            (host, port) = (text[..<colon], text[text.index(after: colon)...])
        } else {
            (host, port) = ("", Substring(text))
        }
        guard let number = UInt16(port) else { throw .badPort(String(port)) }
        let name = host.isEmpty || host == "localhost" ? "127.0.0.1" : String(host)
        try self.init(host: name, port: number)
    }

    public var description: String { "\(host):\(port)" }

    /// The socket address, for binding.
    func socketAddress() -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        _ = inet_pton(AF_INET, host, &address.sin_addr)
        return address
    }

    private static func isLoopback(_ host: String) -> Bool {
        var address = in_addr()
        guard inet_pton(AF_INET, host, &address) == 1 else { return false }
        return UInt32(bigEndian: address.s_addr) >> 24 == 127
    }
}

public enum LoopbackAddressError: Error, Equatable, CustomStringConvertible {
    case notLoopback(String)
    case badPort(String)

    public var description: String {
        switch self {
        case .notLoopback(let host):
            return "\(host) is not a loopback address: remindersd serves this machine's programs only, on 127.0.0.1 (or another 127.x.y.z)"
        case .badPort(let port): return "\"\(port)\" is not a port: give a number from 1 to 65535, as in 127.0.0.1:5233"
        }
    }
}
