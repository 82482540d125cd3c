import Foundation
import Glibc
import XCTest
@testable import RemindersCalDAV

final class HTTPClientTests: XCTestCase {
    private static func ok(_ body: String, headers: String = "") -> String {
        "HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\n\(headers)\r\n\(body)"
    }

    func testSendsTheMethodHeadersCredentialsAndBody() throws {
        let server = try LoopbackServer { _ in .init(bytes: Self.ok("<x/>", headers: "ETag: \"1\"\r\nDAV: 1\r\nDAV: calendar-access\r\n")) }
        let http = HTTPClient(credentials: Credentials(username: "alice", password: "secret"))
        let response = try http.send(
            HTTPRequest(
                "REPORT", server.url.appendingPathComponent("cal/"),
                headers: ["Depth": "1", "Content-Type": "application/xml"], body: Data("<q/>".utf8)))
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.body, Data("<x/>".utf8))
        XCTAssertEqual(response.header("ETag"), "\"1\"")
        XCTAssertEqual(response.header("dav"), "1, calendar-access", "repeated headers joined, as HTTP allows")
        let request = try XCTUnwrap(server.received.first)
        XCTAssertTrue(request.hasPrefix("REPORT /cal/ HTTP/1.1\r\n"), request)
        XCTAssertTrue(request.contains("\r\nDepth: 1\r\n"))
        XCTAssertTrue(request.contains("\r\nContent-Type: application/xml\r\n"))
        XCTAssertTrue(request.contains("\r\nAuthorization: Basic YWxpY2U6c2VjcmV0\r\n"))
        XCTAssertFalse(request.lowercased().contains("expect:"), "no 100-continue round trip")
        XCTAssertTrue(request.hasSuffix("\r\n\r\n<q/>"))
        XCTAssertEqual(http.requestCount, 1)
    }

    /// A server far away sends a 10,000-item listing in a tenth of its size when asked.
    func testCompressedAnswersAreAskedForAndDecoded() throws {
        let gzipped: [UInt8] = [  // gzip of "<answer>compressed</answer>"
            0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xb3, 0x49, 0xcc, 0x2b, 0x2e, 0x4f, 0x2d, 0xb2, 0x4b, 0xce, 0xcf,
            0x2d, 0x28, 0x4a, 0x2d, 0x2e, 0x4e, 0x4d, 0xb1, 0xd1, 0x87, 0x0a, 0x01, 0x00, 0x91, 0x1a, 0xfd, 0x53, 0x1b, 0x00, 0x00, 0x00,
        ]
        let server = try LoopbackServer { _ in
            .init(raw: Array("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: \(gzipped.count)\r\n\r\n".utf8) + gzipped)
        }
        let response = try HTTPClient(credentials: nil).send(HTTPRequest("GET", server.url))
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "<answer>compressed</answer>")
        let request = try XCTUnwrap(server.received.first).lowercased()
        XCTAssertTrue(request.contains("\r\naccept-encoding: ") && request.contains("gzip"), request)
    }

    func testAnEmptyBodyIsSentAsOne() throws {
        let server = try LoopbackServer { _ in .init(bytes: "HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n") }
        let response = try HTTPClient(credentials: nil).send(HTTPRequest("MKCALENDAR", server.url, body: Data()))
        XCTAssertEqual(response.status, 201)
        XCTAssertTrue(try XCTUnwrap(server.received.first).contains("\r\nContent-Length: 0\r\n"))
    }

    /// WebDAV methods must not become GETs, and discovery wants to see where it is sent.
    func testRedirectsAreReturnedNotFollowed() throws {
        let server = try LoopbackServer { _ in .init(bytes: "HTTP/1.1 301 Moved\r\nLocation: /dav/\r\nContent-Length: 0\r\n\r\n") }
        let response = try HTTPClient(credentials: nil).send(
            HTTPRequest("PROPFIND", server.url.appendingPathComponent(".well-known/caldav"), body: Data("<p/>".utf8)))
        XCTAssertEqual(response.status, 301)
        XCTAssertEqual(response.header("location"), "/dav/")
        XCTAssertEqual(server.received.count, 1)
    }

    func testRefusedCredentialsAreUnauthorized() throws {
        let server = try LoopbackServer { _ in
            .init(bytes: "HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Basic realm=\"x\"\r\nContent-Length: 0\r\n\r\n")
        }
        XCTAssertThrowsError(try HTTPClient(credentials: Credentials(username: "a", password: "b")).send(HTTPRequest("GET", server.url))) {
            XCTAssertEqual($0 as? DAVError, .unauthorized)
        }
    }

    func testAnAnswerOverTheCapIsRefused() throws {
        let big = String(repeating: "x", count: 100_000)
        let server = try LoopbackServer { _ in .init(bytes: Self.ok(big)) }
        XCTAssertThrowsError(try HTTPClient(credentials: nil, maximumResponseSize: 10_000).send(HTTPRequest("GET", server.url))) {
            guard case .tooLarge(let why) = $0 as? DAVError else { return XCTFail("\($0)") }
            XCTAssertTrue(why.contains("more than 10000 bytes"), why)
        }
    }

    func testAServerThatSaysNothingTimesOut() throws {
        let server = try LoopbackServer { _ in .init(bytes: "", pause: 4, hangUp: true) }
        XCTAssertThrowsError(try HTTPClient(credentials: nil, timeout: 1).send(HTTPRequest("GET", server.url))) {
            XCTAssertEqual($0 as? DAVError, .timedOut(seconds: 1))
        }
    }

    func testNobodyListeningIsUnreachable() throws {
        let server = try LoopbackServer { _ in .init(bytes: "") }
        let url = server.url
        server.stop()
        XCTAssertThrowsError(try HTTPClient(credentials: nil).send(HTTPRequest("GET", url))) {
            guard case .unreachable(let why) = $0 as? DAVError else { return XCTFail("\($0)") }
            XCTAssertFalse(why.isEmpty)
        }
    }

    func testAHangUpWithoutAnAnswerIsUnreachable() throws {
        let server = try LoopbackServer { _ in .init(bytes: "", hangUp: true) }
        XCTAssertThrowsError(try HTTPClient(credentials: nil).send(HTTPRequest("GET", server.url))) {
            guard case .unreachable = $0 as? DAVError else { return XCTFail("\($0)") }
        }
    }

    /// Waiting for a slow server costs no CPU. URLSession on Linux woke about 100,000 times a
    /// second for the whole wait, which took a core from a server on the same machine (a cold
    /// Radicale's first full read took 33 s with 24 s of our system time).
    func testWaitingForASlowServerDoesNotSpin() throws {
        let server = try LoopbackServer { _ in .init(bytes: Self.ok("late"), pause: 2) }
        let http = HTTPClient(credentials: nil)
        let before = Self.processorSeconds()
        let response = try http.send(HTTPRequest("GET", server.url))
        let used = Self.processorSeconds() - before
        XCTAssertEqual(response.body, Data("late".utf8))
        XCTAssertLessThan(used, 0.5, "the client used \(used) s of processor time during a 2 s wait")
    }

    private static func processorSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
