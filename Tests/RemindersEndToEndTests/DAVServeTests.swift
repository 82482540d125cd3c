import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import Synchronization
import XCTest

/// `remindersd dav` and `remindersd agent --dav` serving the store through the real binaries: an
/// app added with `dav add-app` finds its lists over a socket, what it PUTs is a reminder every
/// client sees, SIGTERM ends the server (exit 0), and an address that is not this machine's own
/// is refused before anything listens.
final class DAVServeTests: XCTestCase {
    let folder = TemporaryFolder()

    private func remindersd(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try RemindersdProcess.run(arguments + ["--store", folder.store])
    }

    /// A list "Errands" and an app "khal" with the password returned.
    private func setUpStore() throws -> String {
        XCTAssertEqual(try remindersd(["permissions", "set", "setup", "fullAccess", "--any-program"]).status, 0)
        XCTAssertEqual(try remindersd(["call", "saveCalendar", #"{"calendar":{"title":"Errands"}}"#, "--client", "setup"]).status, 0)
        let added = try remindersd(["dav", "add-app", "khal"])
        XCTAssertEqual(added.status, 0, added.stderr)
        return added.stdout.trimmingCharacters(in: .newlines)
    }

    func testServesTheStoreToAnAppUntilSIGTERM() throws {
        let password = try setUpStore()
        let served = try Served(["dav", "--listen", "127.0.0.1:0", "--store", folder.store])
        let login = "Authorization: Basic " + Data("khal:\(password)".utf8).base64EncodedString()

        let listing = try RawClient.exchange(
            RawClient.request("PROPFIND", "/dav/khal/", port: served.port, headers: [login, "Depth: 1"]), port: served.port)
        XCTAssertEqual(listing.status, 207, listing.head)
        XCTAssertTrue(listing.body.contains("Errands"), listing.body)
        let errands = try XCTUnwrap(listing.body.components(separatedBy: "<d:response>").first { $0.contains("Errands") })
        let href = try XCTUnwrap(errands.components(separatedBy: "<d:href>").dropFirst().first.map { String($0.prefix { $0 != "<" }) })

        let todo =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\nUID:from-khal\r\nSUMMARY:Post the letter\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let put = try RawClient.exchange(
            RawClient.request("PUT", href + "from-khal.ics", port: served.port, headers: [login, "Content-Type: text/calendar"], body: todo),
            port: served.port)
        XCTAssertEqual(put.status, 201, put.head + put.body)

        let fetched = try remindersd(["call", "fetchReminders", "{}", "--client", "setup"])
        XCTAssertTrue(fetched.stdout.contains("Post the letter"), fetched.stdout + fetched.stderr)
        let history = try remindersd(["call", "changes", "{}", "--client", "setup"])
        XCTAssertTrue(history.stdout.contains(#""client":"khal","program":"caldav""#), "the history names the app: \(history.stdout)")

        let wrong = try RawClient.exchange(
            RawClient.request("PROPFIND", "/dav/khal/", port: served.port, headers: ["Authorization: Basic a2hhbDpubw==", "Depth: 0"]),
            port: served.port)
        XCTAssertEqual(wrong.status, 401)
        XCTAssertEqual(served.terminate(), 0, served.stderr)
    }

    func testTheAgentServesTheFaceWhileItRunsAndStopsItWithItself() throws {
        let password = try setUpStore()
        let agent = try Served(["agent", "--notify", "none", "--dav", "--listen", "127.0.0.1:0", "--store", folder.store])
        let login = "Authorization: Basic " + Data("khal:\(password)".utf8).base64EncodedString()
        let answer = try RawClient.exchange(
            RawClient.request("PROPFIND", "/dav/khal/", port: agent.port, headers: [login, "Depth: 1"]), port: agent.port)
        XCTAssertEqual(answer.status, 207)
        XCTAssertTrue(answer.body.contains("Errands"), answer.body)
        XCTAssertEqual(agent.terminate(), 0, agent.stderr)
        XCTAssertThrowsError(
            try RawClient.exchange(RawClient.request("OPTIONS", "/dav/", port: agent.port), port: agent.port),
            "the face stops with the agent")
    }

    func testAnAddressThatIsNotThisMachinesOwnIsRefused() throws {
        for address in ["0.0.0.0:5233", "192.168.1.2:5233", "example.org:80", "127.0.0.1:http"] {
            let refused = try remindersd(["dav", "--listen", address])
            XCTAssertEqual(refused.status, 2, "\(address): \(refused.stderr)")
            XCTAssertTrue(refused.stderr.contains("--listen"), refused.stderr)
        }
        let agent = try remindersd(["agent", "--listen", "127.0.0.1:5233"])
        XCTAssertEqual(agent.status, 2, agent.stderr)
        XCTAssertTrue(agent.stderr.contains("only with --dav"), agent.stderr)
    }

    func testAPortAnotherServerHoldsIsSaidAndNothingElseHappens() throws {
        _ = try setUpStore()
        let first = try Served(["dav", "--listen", "127.0.0.1:0", "--store", folder.store])
        let second = try remindersd(["dav", "--listen", "127.0.0.1:\(first.port)"])
        XCTAssertEqual(second.status, 1, second.stderr)
        XCTAssertTrue(second.stderr.contains("cannot listen on 127.0.0.1:\(first.port)"), second.stderr)
        XCTAssertEqual(first.terminate(), 0, first.stderr)
    }
}

/// A long-running `remindersd …` that says where it serves CalDAV on stderr.
private final class Served: @unchecked Sendable {
    let process = Process()
    private let errors = Pipe()
    private let said = Mutex(Data())
    private(set) var port: UInt16 = 0

    init(_ arguments: [String]) throws {
        RemindersdProcess.ignoreBrokenPipes()
        process.executableURL = URL(fileURLWithPath: RemindersdProcess.binaryPath)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        errors.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            if !data.isEmpty { self?.said.withLock { $0.append(data) } }
        }
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while port == 0, Date() < deadline {
            if let range = stderr.range(of: "serving CalDAV at http://127.0.0.1:") {
                port = UInt16(stderr[range.upperBound...].prefix { $0.isNumber }) ?? 0
            }
            if port == 0 { usleep(20_000) }
        }
        guard port != 0 else {
            process.terminate()
            throw RawClient.Failure("it never said where it serves: \(stderr)")
        }
    }

    deinit { if process.isRunning { process.terminate() } }

    var stderr: String { String(decoding: said.withLock { $0 }, as: UTF8.self) }

    /// SIGTERM, and its exit status (-1 when it did not exit within 20 s).
    func terminate() -> Int32 {
        process.terminate()
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        return process.isRunning ? -1 : process.terminationStatus
    }
}
