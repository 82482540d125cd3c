import Glibc
import RemindersCMicroHTTPD
import Synchronization

/// The server's side of libmicrohttpd's callbacks: a request's head checked when it is complete,
/// its body gathered within the limit, and the whole handed to the responder. libmicrohttpd calls
/// in on its own threads, with this object as the context pointer the server keeps alive.
final class Exchange: Sendable {
    let limits: ServerLimits
    let respond: HTTPServer.Responder
    /// The `Host` values that name this server (known once the port is bound).
    private let hosts = Mutex<Set<String>>([])

    init(limits: ServerLimits, respond: @escaping HTTPServer.Responder) {
        (self.limits, self.respond) = (limits, respond)
    }

    func serve(as address: LoopbackAddress) {
        let names = [address.host, "localhost"].map { "\($0):\(address.port)" }
        hosts.withLock { $0 = Set(names) }
    }

    /// The body as it arrives, and whether the request was refused before it ended.
    final class Pending {
        var body: [UInt8] = []
        var refusal: HTTPResponse?
    }

    static let access: MHD_AccessHandlerCallback = { context, connection, url, method, _, upload, uploadSize, requestContext in
        guard let context, let connection, let uploadSize, let requestContext else { return .NO }
        let exchange = Unmanaged<Exchange>.fromOpaque(context).takeUnretainedValue()
        guard let state = requestContext.pointee else {
            // The head is complete: refuse now what will be refused, before any body is read.
            let pending = Pending()
            requestContext.pointee = Unmanaged.passRetained(pending).toOpaque()
            if let refusal = exchange.refusal(of: connection) { return queue(refusal, on: connection) }
            return .YES
        }
        let pending = Unmanaged<Pending>.fromOpaque(state).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            if pending.refusal == nil, let upload {
                if pending.body.count + uploadSize.pointee > exchange.limits.bodyBytes {
                    pending.body = []
                    pending.refusal = .text(413, "the body is larger than \(exchange.limits.bodyBytes) bytes")
                } else {
                    upload.withMemoryRebound(to: UInt8.self, capacity: uploadSize.pointee) {
                        pending.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: uploadSize.pointee))
                    }
                }
            }
            uploadSize.pointee = 0
            return .YES
        }
        if let refusal = pending.refusal { return queue(refusal, on: connection) }
        let request = HTTPRequest(
            method: method.map { String(cString: $0) } ?? "", path: url.map { String(cString: $0) } ?? "/",
            headers: headers(of: connection), body: pending.body, credentials: credentials(of: connection))
        pending.body = []
        return queue(exchange.respond(request), on: connection)
    }

    static let completed: MHD_RequestCompletedCallback = { _, _, requestContext, _ in
        guard let requestContext, let state = requestContext.pointee else { return }
        Unmanaged<Pending>.fromOpaque(state).release()
        requestContext.pointee = nil
    }

    /// Why a request whose head just arrived is refused: a `Host` that does not name this server,
    /// too many fields, a body announced larger than the limit.
    private func refusal(of connection: OpaquePointer) -> HTTPResponse? {
        let headers = Self.headers(of: connection)
        let host = headers["Host"]?.lowercased() ?? ""
        guard hosts.withLock({ $0.contains(host) }) else {
            return .text(
                421, "the Host header must name this server (\(hosts.withLock { $0.sorted().joined(separator: " or ") })), got \"\(host.prefix(80))\""
            )
        }
        if headers.count > limits.headerFields { return .text(431, "more than \(limits.headerFields) header fields") }
        if let length = headers["Content-Length"], let bytes = Int(length), bytes > limits.bodyBytes {
            return .text(413, "the body is larger than \(limits.bodyBytes) bytes")
        }
        return nil
    }

    private static func headers(of connection: OpaquePointer) -> HTTPHeaders {
        final class Gathered { var headers = HTTPHeaders() }
        let gathered = Gathered()
        let context = Unmanaged.passUnretained(gathered).toOpaque()
        _ = MHD_get_connection_values(
            connection, .HEADER_KIND,
            { context, _, key, value in
                guard let context, let key else { return .YES }
                let gathered = Unmanaged<Gathered>.fromOpaque(context).takeUnretainedValue()
                gathered.headers.add(String(cString: key), value.map { String(cString: $0) } ?? "")
                return .YES
            }, context)
        return withExtendedLifetime(gathered) { gathered.headers }
    }

    private static func credentials(of connection: OpaquePointer) -> BasicCredentials? {
        var password: UnsafeMutablePointer<CChar>?
        guard let user = MHD_basic_auth_get_username_password(connection, &password) else { return nil }
        defer {
            MHD_free(user)
            if let password {
                // The copy libmicrohttpd made is wiped before it is freed.
                memset(password, 0, strlen(password))
                MHD_free(password)
            }
        }
        return BasicCredentials(user: String(cString: user), password: password.map { String(cString: $0) } ?? "")
    }

    private static func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let made = response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let made else { return .NO }
        defer { MHD_destroy_response(made) }
        for (name, value) in response.headers { _ = MHD_add_response_header(made, name, value) }
        return MHD_queue_response(connection, UInt32(response.status), made)
    }
}
