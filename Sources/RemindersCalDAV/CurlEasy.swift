import RemindersCCurl
import Foundation

/// One libcurl easy handle, reused request after request so that the connection to the server
/// stays open between them. `curl_easy_perform` runs the transfer on the calling thread and
/// waits for the server in poll(2): nothing spins while a slow server thinks (URLSession on
/// Linux woke some 100,000 times a second for the whole wait, taking a core from a server on
/// the same machine).
final class CurlEasy {
    private let handle: UnsafeMutableRawPointer

    /// curl_global_init, once per process, before the first handle.
    private static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    init?() {
        guard Self.initialized, let handle = curl_easy_init() else { return nil }
        self.handle = handle
    }

    deinit { curl_easy_cleanup(handle) }

    /// Limits of one request: `idle` without a byte either way ends it, as does `total`.
    struct Limits {
        var connect: TimeInterval
        var idle: TimeInterval
        var total: TimeInterval
        var maximumResponseSize: Int
    }

    enum Failure: Error {
        case timedOut
        case tooLarge(Int)
        case failed(String)
    }

    /// Sends `request` with `headerLines` ("Name: value") and returns the final response (its
    /// headers' names in lower case). Redirects are returned, not followed.
    func perform(_ request: HTTPRequest, headerLines: [String], limits: Limits) throws(Failure) -> HTTPResponse {
        curl_easy_reset(handle)
        var list: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(list) }
        for line in headerLines { list = curl_slist_append(list, line) }

        ccurl_set_string(handle, CURLOPT_URL, request.url.absoluteString)
        ccurl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        // Threads: no SIGALRM for timeouts. Then OpenSSL may raise SIGPIPE on a closed TLS
        // connection, which remindersd-sync ignores (its main.swift) as libcurl would have.
        ccurl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        // Every encoding libcurl decodes, as URLSession asked: a far server's 10,000-item
        // listing shrinks to a tenth.
        ccurl_set_string(handle, CURLOPT_ACCEPT_ENCODING, "")
        ccurl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(limits.connect))
        ccurl_set_long(handle, CURLOPT_LOW_SPEED_LIMIT, 1)
        ccurl_set_long(handle, CURLOPT_LOW_SPEED_TIME, max(1, Int(limits.idle.rounded(.up))))
        ccurl_set_long(handle, CURLOPT_TIMEOUT_MS, Self.milliseconds(limits.total))
        if let body = request.body {
            ccurl_set_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
            // COPYPOSTFIELDS copies now; an empty body still needs a pointer, and empty Data may have none.
            if body.isEmpty {
                ccurl_set_string(handle, CURLOPT_COPYPOSTFIELDS, "")
            } else {
                body.withUnsafeBytes { _ = ccurl_set_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: $0.baseAddress)) }
            }
        }
        if request.method != "GET" || request.body != nil { ccurl_set_string(handle, CURLOPT_CUSTOMREQUEST, request.method) }
        if request.method == "HEAD" { ccurl_set_long(handle, CURLOPT_NOBODY, 1) }
        ccurl_set_list(handle, CURLOPT_HTTPHEADER, list)

        let answer = Answer(maximumSize: limits.maximumResponseSize)
        let context = Unmanaged.passUnretained(answer).toOpaque()
        ccurl_set_data_callback(handle, CURLOPT_WRITEFUNCTION) { data, size, count, context in
            Unmanaged<Answer>.fromOpaque(context!).takeUnretainedValue().receiveBody(data, size * count)
        }
        ccurl_set_pointer(handle, CURLOPT_WRITEDATA, context)
        ccurl_set_data_callback(handle, CURLOPT_HEADERFUNCTION) { data, size, count, context in
            Unmanaged<Answer>.fromOpaque(context!).takeUnretainedValue().receiveHeader(data, size * count)
        }
        ccurl_set_pointer(handle, CURLOPT_HEADERDATA, context)

        var message = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let code = message.withUnsafeMutableBufferPointer { buffer in
            ccurl_set_pointer(handle, CURLOPT_ERRORBUFFER, buffer.baseAddress)
            defer { ccurl_set_pointer(handle, CURLOPT_ERRORBUFFER, nil) }
            return withExtendedLifetime(answer) { curl_easy_perform(handle) }
        }
        if answer.exceeded { throw .tooLarge(answer.received) }
        switch code {
        case CURLE_OK: break
        case CURLE_OPERATION_TIMEDOUT: throw .timedOut
        default:
            let detail = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .failed(detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail)
        }
        var status = 0
        ccurl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return HTTPResponse(status: status, headers: answer.headers, body: answer.body, url: request.url)
    }

    private static func milliseconds(_ seconds: TimeInterval) -> Int {
        Int((seconds * 1000).rounded(.up).clamped(to: 1...Double(Int32.max)))
    }
}

/// What the server sends back, gathered by libcurl's callbacks during one perform.
private final class Answer {
    let maximumSize: Int
    var body = Data()
    var headers: [String: String] = [:]
    var received = 0
    var exceeded = false

    init(maximumSize: Int) { self.maximumSize = maximumSize }

    /// Returning less than `count` makes libcurl end the transfer with a write error.
    func receiveBody(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        received += count
        guard received <= maximumSize else { exceeded = true; return 0 }
        if let data, count > 0 { body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: count) }
        return count
    }

    /// One header line at a time, status lines included: a new status line (after a 100
    /// Continue, say) starts a new set, so the headers are the final response's.
    func receiveHeader(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard let data else { return count }
        let line = String(decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
        if line.hasPrefix("HTTP/") { headers = [:]; return count }
        guard let colon = line.firstIndex(of: ":") else { return count }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        headers[name] = headers[name].map { $0 + ", " + value } ?? value
        return count
    }
}

private extension Double {
    func clamped(to range: ClosedRange<Double>) -> Double { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
