import Foundation
import RemindersHTTPServer
import RemindersTestSupport
import Synchronization
import XCTest

/// The loopback server under the CalDAV face, driven over real sockets: a request reaches the
/// responder whole; one that names another host, carries too much or too many fields, or is not
/// HTTP at all is refused before it does, and the server answers the next one.
final class HTTPServerTests: XCTestCase {
    /// What reached the responder.
    private final class Seen: Sendable {
        let requests = Mutex<[HTTPRequest]>([])
    }
    private let seen = Seen()

    private func server(_ limits: ServerLimits = ServerLimits()) throws -> HTTPServer {
        try HTTPServer(address: LoopbackAddress(port: 0), limits: limits) { [seen] request in
            seen.requests.withLock { $0.append(request) }
            var headers = HTTPHeaders()
            headers.add("ETag", "\"e1\"")
            return HTTPResponse(status: 207, headers: headers, body: Array("got \(request.body.count) bytes".utf8))
        }
    }

    func testARequestReachesTheResponderWholeWithItsCredentials() throws {
        let server = try server()
        let port = server.address.port
        XCTAssertNotEqual(port, 0)
        let body = "<propfind xmlns=\"DAV:\"><allprop/></propfind>"
        let answer = try RawClient.exchange(
            RawClient.request(
                "PROPFIND", "/dav/calendars/My%20List/", port: port,
                headers: ["Depth: 1", "Authorization: Basic " + Data("gnome-calendar:abcd-efgh".utf8).base64EncodedString()], body: body),
            port: port)
        XCTAssertEqual(answer.status, 207, answer.head)
        XCTAssertTrue(answer.head.contains("ETag: \"e1\""), answer.head)
        XCTAssertEqual(answer.body, "got \(body.utf8.count) bytes")
        let request = try XCTUnwrap(seen.requests.withLock { $0.first })
        XCTAssertEqual(request.method, "PROPFIND")
        XCTAssertEqual(request.path, "/dav/calendars/My List/")
        XCTAssertEqual(request.headers["depth"], "1")
        XCTAssertEqual(String(decoding: request.body, as: UTF8.self), body)
        XCTAssertEqual(request.credentials?.user, "gnome-calendar")
        XCTAssertEqual(request.credentials?.password, "abcd-efgh")
        XCTAssertFalse("\(request.credentials!)".contains("abcd"), "a password is not in a description")
    }

    /// DNS rebinding: a page on evil.example whose name now resolves to 127.0.0.1 sends its own
    /// name as Host; so does anything that did not mean this server.
    func testAHostThatDoesNotNameThisServerIsRefusedBeforeTheResponderSeesIt() throws {
        let server = try server()
        let port = server.address.port
        for host in ["evil.example:\(port)", "127.0.0.1:\(port &+ 1)", "127.0.0.1", "[::1]:\(port)"] {
            let answer = try RawClient.exchange(RawClient.request("GET", "/", port: port, headers: ["Host: \(host)"]), port: port)
            XCTAssertEqual(answer.status, 421, "\(host): \(answer.head)")
            XCTAssertTrue(answer.body.contains("Host"), answer.body)
        }
        let missing = try RawClient.exchange(Array("GET / HTTP/1.1\r\nConnection: close\r\n\r\n".utf8), port: port)
        XCTAssertTrue((400..<500).contains(missing.status), missing.head)
        XCTAssertEqual(seen.requests.withLock { $0.count }, 0)
        let localhost = try RawClient.exchange(RawClient.request("GET", "/", port: port, headers: ["Host: LOCALHOST:\(port)"]), port: port)
        XCTAssertEqual(localhost.status, 207)
        XCTAssertFalse(localhost.head.lowercased().contains("access-control"), "no CORS header lets a page read an answer")
    }

    func testTooLargeABodyOrTooManyFieldsIsRefusedAndTheServerGoesOn() throws {
        var limits = ServerLimits()
        limits.bodyBytes = 1_000
        limits.headerFields = 20
        let server = try server(limits)
        let port = server.address.port
        let announced = try RawClient.exchange(RawClient.request("PUT", "/x.ics", port: port, body: String(repeating: "a", count: 5_000)), port: port)
        XCTAssertEqual(announced.status, 413, announced.head)
        let chunks = (0..<5).map { _ in "190\r\n" + String(repeating: "b", count: 400) + "\r\n" }.joined() + "0\r\n\r\n"
        let chunked = try RawClient.exchange(
            Array("PUT /y.ics HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n\(chunks)".utf8),
            port: port)
        XCTAssertEqual(chunked.status, 413, chunked.head)
        let fields = (0..<30).map { "X-Field-\($0): \($0)" }
        let many = try RawClient.exchange(RawClient.request("GET", "/", port: port, headers: fields), port: port)
        XCTAssertEqual(many.status, 431, many.head)
        let huge = try RawClient.exchange(
            RawClient.request("GET", "/", port: port, headers: ["X-Big: " + String(repeating: "c", count: 200_000)]), port: port)
        XCTAssertTrue((400..<500).contains(huge.status), huge.head)
        XCTAssertEqual(seen.requests.withLock { $0.count }, 0)
        let fine = try RawClient.exchange(RawClient.request("PUT", "/z.ics", port: port, body: "small"), port: port)
        XCTAssertEqual(fine.status, 207)
    }

    func testSomethingThatIsNotHTTPIsRefusedAndTheServerGoesOn() throws {
        let server = try server()
        let port = server.address.port
        for garbage in ["\u{1}\u{2}\u{3}\r\n\r\n", "GET\r\n\r\n", "GET / HTTP/9.9\r\nHost: 127.0.0.1:\(port)\r\n\r\n"] {
            if let answer = try? RawClient.exchange(Array(garbage.utf8), port: port) {
                XCTAssertTrue((400..<600).contains(answer.status), "\(garbage.debugDescription): \(answer.head)")
            }
        }
        XCTAssertEqual(seen.requests.withLock { $0.count }, 0)
        XCTAssertEqual(try RawClient.exchange(RawClient.request("GET", "/", port: port), port: port).status, 207)
    }

    func testManyClientsAtOnceAreEachAnswered() throws {
        let server = try server()
        let port = server.address.port
        let statuses = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 40) { index in
            let status = (try? RawClient.exchange(RawClient.request("PUT", "/\(index).ics", port: port, body: "item \(index)"), port: port))?.status
            statuses.withLock { $0.append(status ?? 0) }
        }
        XCTAssertEqual(statuses.withLock { $0 }, Array(repeating: 207, count: 40))
        XCTAssertEqual(Set(seen.requests.withLock { $0.map(\.path) }).count, 40)
    }

    func testOnlyALoopbackAddressIsServed() throws {
        XCTAssertEqual(try LoopbackAddress(parsing: "localhost:5233"), try LoopbackAddress(host: "127.0.0.1", port: 5233))
        XCTAssertEqual(try LoopbackAddress(parsing: "127.0.0.2:80").host, "127.0.0.2")
        XCTAssertEqual(try LoopbackAddress(parsing: "5233").port, 5233)
        for address in ["0.0.0.0:5233", "192.168.1.20:5233", "10.0.0.1:80", "example.org:80", "[::]:5233"] {
            XCTAssertThrowsError(try LoopbackAddress(parsing: address), address) { error in
                XCTAssertTrue("\(error)".contains("not a loopback address"), "\(error)")
            }
        }
        XCTAssertThrowsError(try LoopbackAddress(parsing: "127.0.0.1:99999"))
        XCTAssertThrowsError(try LoopbackAddress(parsing: "127.0.0.1:http"))
    }

    func testAPortTakenIsSaidSo() throws {
        let first = try server()
        XCTAssertThrowsError(try HTTPServer(address: first.address) { _ in HTTPResponse(status: 200) }) { error in
            XCTAssertTrue("\(error)".contains("cannot listen on 127.0.0.1:\(first.address.port)"), "\(error)")
        }
    }
}
