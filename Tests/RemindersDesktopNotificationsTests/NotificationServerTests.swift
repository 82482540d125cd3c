import Foundation
import Synchronization
import XCTest

@testable import RemindersDesktopNotifications

/// The one connection against a real bus (a dbus-daemon of the test's own) and a notification
/// server that sends its signals to the notification's sender only, as dunst does
/// (`unicast_notification_server.py`): what a one-shot sender never hears.
final class NotificationServerTests: XCTestCase {
    /// One address for the process: libdbus reads the session bus's address once and keeps it.
    private static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notifications-\(getpid())")
    private var folder: URL { Self.folder }
    private var bus: Process?
    private var server: Process?
    private var address: String { "unix:path=\(folder.path)/bus" }

    override func setUpWithError() throws {
        for tool in ["/usr/bin/dbus-daemon", "/usr/bin/gdbus"] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("needs \(tool) (Debian: dbus, libglib2.0-bin)")
        }
        let probe = try run("/usr/bin/python3", ["-c", "import dbus, gi"], check: false)
        if probe.status != 0 { throw XCTSkip("needs Debian's python3-dbus and python3-gi") }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        setenv("DBUS_SESSION_BUS_ADDRESS", address, 1)
        try startBus()
        try startServer()
    }

    override func tearDown() {
        stopServerAndBus()
        try? FileManager.default.removeItem(at: folder)
    }

    func testButtonsAndClosingSentOnlyToTheSenderAreHeard() throws {
        let connection = NotificationServer()
        defer { connection.stop() }
        let heard = Heard()
        connection.listen { heard.append($0) }

        let id = try show(
            connection,
            DesktopNotification(appName: "test", summary: "Water the plants", body: "", actions: [("complete", "Complete")], urgency: .critical))
        try gdbus("org.remindersd.Test.Click", "\(id)", "complete")
        XCTAssertEqual(heard.wait(for: 2), [.activationToken(id: id, token: "token-\(id)"), .action(id: id, key: "complete")])

        let second = try show(connection, DesktopNotification(appName: "test", summary: "Call the bank", body: ""))
        XCTAssertNotEqual(second, id)
        try gdbus("org.remindersd.Test.Dismiss", "\(second)")
        connection.close(id)
        XCTAssertEqual(heard.wait(for: 4).suffix(2), [.closed(id: second, reason: 2), .closed(id: id, reason: 3)])

        let calls = try gdbus("org.remindersd.Test.Calls")
        XCTAssertTrue(calls.contains("'Water the plants', ['complete', 'Complete'], 2"), calls)
        XCTAssertTrue(calls.contains("'Call the bank', @as [], 1") || calls.contains("'Call the bank', [], 1"), calls)
    }

    /// A look-alike signal from another program on the bus is not the server's, and is not heard.
    func testSignalsFromOtherProgramsAreNotHeard() throws {
        let connection = NotificationServer()
        defer { connection.stop() }
        let heard = Heard()
        connection.listen { heard.append($0) }
        let id = try show(connection, DesktopNotification(appName: "test", summary: "Tea", body: ""))
        try run(
            "/usr/bin/gdbus",
            [
                "emit", "--session", "--object-path", NotificationServer.path, "--signal", "org.freedesktop.Notifications.ActionInvoked", "\(id)",
                "complete",
            ])
        try gdbus("org.remindersd.Test.Dismiss", "\(id)")
        XCTAssertEqual(heard.wait(for: 1), [.closed(id: id, reason: 2)], "only the server's own signal")
    }

    /// A server that restarts numbers from 1 again: that is told, and the new one is used.
    func testANewServerIsToldAndUsed() throws {
        let connection = NotificationServer()
        defer { connection.stop() }
        let heard = Heard()
        connection.listen { heard.append($0) }
        _ = try show(connection, DesktopNotification(appName: "test", summary: "One", body: ""))
        server?.terminate()
        server?.waitUntilExit()
        XCTAssertEqual(heard.wait(for: 1), [.serverChanged])
        try startServer()
        let id = try show(connection, DesktopNotification(appName: "test", summary: "Two", body: ""))
        XCTAssertEqual(id, 1, "the new server's own numbering")
        try gdbus("org.remindersd.Test.Click", "\(id)", "snooze")
        XCTAssertEqual(heard.wait(for: 3).last, .action(id: 1, key: "snooze"))
    }

    /// The bus going away fails what waits and is told; a bus back at the address is connected to again.
    func testABusThatRestartsIsConnectedToAgain() throws {
        let connection = NotificationServer()
        defer { connection.stop() }
        let heard = Heard()
        connection.listen { heard.append($0) }
        _ = try show(connection, DesktopNotification(appName: "test", summary: "One", body: ""))
        stopServerAndBus()
        XCTAssertEqual(heard.wait(for: 1).last, .serverChanged)
        guard case .failure(.unavailable) = answer(connection, DesktopNotification(appName: "test", summary: "Nobody", body: "")) else {
            return XCTFail("no bus: unavailable")
        }
        try startBus()
        try startServer()
        let id = try show(connection, DesktopNotification(appName: "test", summary: "Back", body: ""))
        try gdbus("org.remindersd.Test.Click", "\(id)", "complete")
        XCTAssertEqual(heard.wait(for: 3).last, .action(id: id, key: "complete"))
    }

    func testNoBusIsUnavailableAndStoppedAnswersWhatIsQueued() throws {
        stopServerAndBus()
        let connection = NotificationServer()
        guard case .failure(.unavailable(let why)) = answer(connection, DesktopNotification(appName: "test", summary: "x", body: "")) else {
            return XCTFail("unavailable")
        }
        XCTAssertTrue(why.contains("no session bus"), why)
        connection.stop()
        XCTAssertEqual(answer(connection, DesktopNotification(appName: "test", summary: "x", body: "")), .failure(.stopped))
    }

    // MARK: - helpers

    private func stopServerAndBus() {
        for process in [server, bus].compactMap({ $0 }) where process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    private func show(_ connection: NotificationServer, _ notification: DesktopNotification) throws -> UInt32 {
        try answer(connection, notification).get()
    }

    private func answer(_ connection: NotificationServer, _ notification: DesktopNotification) -> Result<UInt32, BusFailure> {
        let answer = Mutex<Result<UInt32, BusFailure>?>(nil)
        let done = DispatchSemaphore(value: 0)
        connection.notify(notification) { result in
            answer.withLock { $0 = result }
            done.signal()
        }
        if done.wait(timeout: .now() + 60) == .timedOut { return .failure(.noAnswer) }
        return answer.withLock { $0 } ?? .failure(.noAnswer)
    }

    private func startBus() throws {
        try? FileManager.default.removeItem(atPath: folder.path + "/bus")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        process.arguments = ["--session", "--nofork", "--nopidfile", "--address=\(address)", "--print-address"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        bus = process
        _ = output.fileHandleForReading.availableData  // the address, once it listens
    }

    private func startServer() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("unicast_notification_server.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        server = process
        let ready = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        XCTAssertTrue(ready.hasPrefix("ready"), ready)
    }

    @discardableResult
    private func gdbus(_ method: String, _ arguments: String...) throws -> String {
        try run(
            "/usr/bin/gdbus",
            ["call", "--session", "--dest", NotificationServer.name, "--object-path", NotificationServer.path, "--method", method] + arguments
        ).output
    }

    @discardableResult
    private func run(_ program: String, _ arguments: [String], check: Bool = true) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if check && process.terminationStatus != 0 { XCTFail("\(program) \(arguments): \(text)") }
        return (process.terminationStatus, text)
    }
}

/// What the connection told, in order; waits for a count of them without timing anything else.
private final class Heard: Sendable {
    private let events = Mutex<[NotificationEvent]>([])

    func append(_ event: NotificationEvent) { events.withLock { $0.append(event) } }

    /// Once `count` events came (or a minute passed: a loaded machine is slow, not wrong).
    func wait(for count: Int) -> [NotificationEvent] {
        let deadline = Date().addingTimeInterval(60)
        while events.withLock({ $0.count }) < count, Date() < deadline { usleep(10_000) }
        return events.withLock { $0 }
    }
}
