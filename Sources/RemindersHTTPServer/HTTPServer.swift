import Glibc
import RemindersCMicroHTTPD
import Synchronization

/// An HTTP/1.1 server on a loopback address, GNU libmicrohttpd underneath (no HTTP parsing here):
/// each request is read whole within `ServerLimits` and handed to `respond` on one of the
/// server's threads. Before `respond` sees it, a request must name this server in its `Host`
/// header — a web page that resolves its own name to 127.0.0.1 (DNS rebinding) sends its own
/// name there, and is refused — and must stay within the limits. Knows nothing of WebDAV.
public final class HTTPServer: Sendable {
    public typealias Responder = @Sendable (HTTPRequest) -> HTTPResponse

    /// Where it listens (with the port the system picked when asked for 0).
    public let address: LoopbackAddress
    private let exchange: Exchange
    private let daemon: Mutex<OpaquePointer?>

    /// Listens at once; `address.port` 0 takes a free port (`address` then says which).
    public init(address: LoopbackAddress, limits: ServerLimits = ServerLimits(), respond: @escaping Responder) throws(HTTPServerError) {
        let exchange = Exchange(limits: limits, respond: respond)
        var socketAddress = address.socketAddress()
        let context = Unmanaged.passUnretained(exchange).toOpaque()
        let flags = MHD_USE_AUTO_INTERNAL_THREAD.rawValue | MHD_USE_ERROR_LOG.rawValue
        let started = withUnsafePointer(to: &socketAddress) { pointer in
            cmhd_start(
                flags, pointer, Exchange.access, context, Exchange.completed, context, limits.connections, limits.idleSeconds,
                limits.connectionMemory, limits.threads)
        }
        guard let started else { throw .cannotListen(address, String(cString: strerror(errno))) }
        var bound = address
        bound.port = cmhd_bound_port(started)
        exchange.serve(as: bound)
        (self.address, self.exchange) = (bound, exchange)
        daemon = Mutex(started)
    }

    deinit { stop() }

    /// Stops listening and waits for the requests being answered.
    public func stop() {
        let running = daemon.withLock { value -> OpaquePointer? in
            defer { value = nil }
            return value
        }
        if let running { MHD_stop_daemon(running) }
        withExtendedLifetime(exchange) {}
    }
}

public enum HTTPServerError: Error, CustomStringConvertible {
    case cannotListen(LoopbackAddress, String)

    public var description: String {
        switch self {
        case .cannotListen(let address, let reason):
            return "cannot listen on \(address): \(reason) (another program may hold the port: give another with --listen)"
        }
    }
}
