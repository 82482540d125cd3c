import Foundation
import RemindersJSONRPC
import Synchronization

/// The built `remindersd` binary running as a child process on real pipes.
public final class RemindersdProcess: Sendable {
    public let process = Process()
    public let channel: TestChannel
    public let storePath: String
    private let stderrPipe = Pipe()
    /// What the server wrote on stderr so far.
    private let stderrData = Mutex(Data())

    /// A child that exits before reading all of its input (a usage error, a killed server) must
    /// give the test EPIPE on its next write, not kill the whole test process with SIGPIPE.
    /// Called by every helper that spawns one: with `--parallel` each test runs in a process of its own.
    public static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

    /// `.build/<config>/remindersd`, next to the test bundle, unless REMINDERSD_BIN says otherwise.
    public static var binaryPath: String {
        if let path = ProcessInfo.processInfo.environment["REMINDERSD_BIN"], !path.isEmpty { return path }
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        // On Linux the XCTest runner is the bundle itself; elsewhere it may sit inside a bundle folder.
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("remindersd").path), folder.path != "/" {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("remindersd").path
    }

    /// `shellPrefix` runs first in `/bin/sh`, which then execs the server: for what a Process cannot
    /// set up itself, such as resource limits (`ulimit -f 400`) or a umask. An agent named with
    /// `--consent-agent` is first recorded as the owner's (`permissions consent-agent`), as the
    /// owner would, unless `ownersAgent` is false (a client naming one of its own).
    public init(
        store: String, framing: Framing = .ndjson, arguments: [String] = [], environment: [String: String] = [:],
        shellPrefix: String? = nil, ownersAgent: Bool = true
    ) throws {
        Self.ignoreBrokenPipes()
        storePath = store
        if ownersAgent, let index = arguments.firstIndex(of: "--consent-agent"), index + 1 < arguments.count {
            try Self.recordConsentAgent(arguments[index + 1], store: store)
        }
        let stdinPipe = Pipe(), stdoutPipe = Pipe()
        let serverArguments = ["--store", store, "--no-consent-prompt"] + arguments
        if let shellPrefix {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", shellPrefix + "; exec \"$0\" \"$@\"", Self.binaryPath] + serverArguments
        } else {
            process.executableURL = URL(fileURLWithPath: Self.binaryPath)
            process.arguments = serverArguments
        }
        process.environment = Self.environment(adding: environment)
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        try process.run()
        channel = TestChannel(
            writeFD: stdinPipe.fileHandleForWriting.fileDescriptor,
            readFD: stdoutPipe.fileHandleForReading.fileDescriptor, framing: framing)
        stderrPipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.stderrData.withLock { $0.append(data) }
        }
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    public var stderr: String {
        String(decoding: stderrData.withLock { $0 }, as: UTF8.self)
    }

    /// A server whose `client` the owner granted full access, already initialized.
    public static func granted(
        _ client: String, store: String, framing: Framing = .ndjson, timeZone: String? = nil,
        arguments: [String] = []
    ) throws -> RemindersdProcess {
        let grant = try run(["permissions", "set", "--any-program", client, "fullAccess", "--store", store])
        guard grant.status == 0 else { throw GrantError(message: grant.stderr) }
        let server = try RemindersdProcess(store: store, framing: framing, arguments: arguments)
        server.initialize(client: client, timeZone: timeZone)
        return server
    }

    public struct GrantError: Error { public let message: String }

    /// initialize + initialized as `client`; returns the initialize response.
    @discardableResult
    public func initialize(client: String, timeZone: String? = nil) -> JSONValue {
        channel.initialize(client: client, timeZone: timeZone)
    }

    /// shutdown + exit; returns the exit status.
    @discardableResult
    public func shutDown(timeout: TimeInterval = 20) -> Int32 {
        channel.request("shutdown")
        channel.notify("exit")
        return waitForExit(timeout: timeout)
    }

    /// Whether the server died of a signal rather than exiting.
    public var wasKilledBySignal: Bool { !process.isRunning && process.terminationReason == .uncaughtSignal }

    public func waitForExit(timeout: TimeInterval = 20) -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate(); return -1 }
        return process.terminationStatus
    }

    /// `remindersd permissions consent-agent AGENT --store STORE`: the owner's step before a
    /// client's request can reach their agent.
    public static func recordConsentAgent(_ agent: String, store: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binaryPath)
        process.arguments = ["permissions", "consent-agent", agent, "--store", store]
        process.environment = environment(adding: [:])
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(
                domain: "RemindersdProcess", code: Int(process.terminationStatus),
                userInfo: [NSLocalizedDescriptionKey: "permissions consent-agent \(agent) failed"])
        }
    }

    /// This process's environment without the variables that would point a test's server elsewhere.
    static func environment(adding extra: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "REMINDERSD_STORE")
        environment.merge(extra) { _, new in new }
        return environment
    }

    /// Runs the binary to completion with `arguments` (a subcommand) and returns status and output.
    public static func run(_ arguments: [String], stdin: String = "", environment: [String: String] = [:]) throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        try runProgram(binaryPath, arguments, stdin: stdin, environment: environment)
    }

    /// Runs `executable` to completion, in the tests' environment plus `environment`.
    public static func runProgram(_ executable: String, _ arguments: [String], stdin: String = "", environment: [String: String] = [:]) throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        ignoreBrokenPipes()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = Self.environment(adding: environment)
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // A child that exits before reading (a usage error) closes the pipe: EPIPE, not a trap.
        try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }
}

/// A fresh folder for one test's store, removed when the test object goes away.
public final class TemporaryFolder {
    public let path: String

    public init() {
        path = NSTemporaryDirectory() + "remindersd-test-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    public var store: String { path + "/reminders.sqlite" }

    /// An executable shell script in this folder, e.g. a consent agent.
    public func script(_ name: String, _ body: String) -> String {
        let file = path + "/" + name
        _ = FileManager.default.createFile(
            atPath: file, contents: Data(("#!/bin/sh\n" + body + "\n").utf8),
            attributes: [.posixPermissions: 0o755])
        return file
    }
}
