import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import Synchronization
import XCTest

/// Helpers shared by the end-to-end tests: running programs, reading the server's memory,
/// looking into the store file with `sqlite3`, mounting small file systems, parsing stdout.
enum Programs {
    // MARK: Programs

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
        var signalled: Bool
    }

    /// Runs `executable` with `arguments` to completion (stdin from `input`), reading both outputs concurrently.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], input: Data = Data(), environment: [String: String]? = nil) -> Output {
        RemindersdProcess.ignoreBrokenPipes()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let stdinPipe = Pipe(), stdoutPipe = Pipe(), stderrPipe = Pipe()
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        do { try process.run() } catch { return Output(status: -1, stdout: "", stderr: "\(error)", signalled: false) }
        let errors = Mutex(Data())
        let errDone = DispatchSemaphore(value: 0)
        Thread {
            let data = stderrPipe.fileHandleForReading.readDataToEndOfFile()
            errors.withLock { $0 = data }
            errDone.signal()
        }.start()
        // A child that exits before reading (a usage error) closes the pipe: EPIPE, not a trap.
        if !input.isEmpty { try? stdinPipe.fileHandleForWriting.write(contentsOf: input) }
        try? stdinPipe.fileHandleForWriting.close()
        let outData = stdoutPipe.fileHandleForReading.readDataToEndOfFile()
        errDone.wait()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: errors.withLock { String(decoding: $0, as: UTF8.self) }, signalled: process.terminationReason == .uncaughtSignal)
    }

    /// `/bin/sh -c script`.
    @discardableResult
    static func sh(_ script: String) -> Output { run("/bin/sh", ["-c", script]) }

    /// The full path of a program on PATH, or nil.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"
        for folder in (path + ":/usr/sbin:/sbin").split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    static var isRoot: Bool { geteuid() == 0 }

    // MARK: The server

    /// `remindersd ARGUMENTS`, to completion.
    @discardableResult
    static func remindersd(_ arguments: [String], input: Data = Data()) -> Output {
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "REMINDERSD_STORE")
        return run(RemindersdProcess.binaryPath, arguments, input: input, environment: env)
    }

    /// `remindersd permissions set CLIENT STATUS --store STORE`, checked.
    static func grant(_ client: String, _ status: String = "fullAccess", store: String, file: StaticString = #filePath, line: UInt = #line) {
        let result = remindersd(["permissions", "set", "--any-program", client, status, "--store", store])
        XCTAssertEqual(result.status, 0, "permissions set \(client) \(status): \(result.stderr)", file: file, line: line)
    }

    /// A running server with `client` granted `status` and initialized.
    static func server(
        store: String, client: String = "hardening", status: String? = "fullAccess", framing: Framing = .ndjson,
        arguments: [String] = []
    ) throws -> RemindersdProcess {
        if let status { grant(client, status, store: store) }
        let server = try RemindersdProcess(store: store, framing: framing, arguments: arguments)
        let reply = server.initialize(client: client)
        XCTAssertNotNil(reply.result, "initialize: \(reply)")
        return server
    }

    /// Resident memory of a process in KiB (`VmRSS` of /proc/PID/status).
    static func residentKiB(_ pid: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])
        }
        return nil
    }

    // MARK: The store file

    static var sqlite3: String? { which("sqlite3") }

    /// Runs SQL on a store with the `sqlite3` program (rows separated by newlines, columns by `|`).
    static func sql(_ store: String, _ statement: String) throws -> String {
        guard let sqlite3 else { throw XCTSkip("sqlite3 is not installed (apt-get install sqlite3)") }
        let result = run(sqlite3, ["-batch", store, statement])
        guard result.status == 0 else {
            throw NSError(domain: "sqlite3", code: Int(result.status), userInfo: [NSLocalizedDescriptionKey: result.stderr])
        }
        return result.stdout.trimmingCharacters(in: .newlines)
    }

    /// The bytes of a file (nil when it cannot be read).
    static func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    static func mode(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_mode & 0o7777)
    }

    // MARK: Output

    /// Cuts what the server wrote into frames; false when any byte is not part of a well-formed frame of JSON.
    static func onlyFrames(_ bytes: [UInt8], framing: Framing) -> (frames: [JSONValue], clean: Bool) {
        var decoder = FrameDecoder(maxMessageSize: 1 << 30, framing: framing)
        decoder.append(bytes)
        var frames: [JSONValue] = []
        var consumed = 0
        while let frame = decoder.next() {
            guard case .message(let body) = frame, let value = try? JSONParser.parse(body, maxDepth: 512) else { return (frames, false) }
            frames.append(value)
            var framed: [UInt8] = []
            framing.frame(body, into: &framed)
            consumed += framed.count
        }
        // Every byte belongs to a frame: what the frames add up to is all there was.
        return (frames, consumed == bytes.count)
    }

    /// A JSON-RPC request as NDJSON/LSP payload text.
    static func request(_ id: JSONValue, _ method: String, _ params: JSONValue? = nil) -> JSONValue {
        var object: JSONObject = ["jsonrpc": "2.0", "id": id, "method": .string(method)]
        if let params { object["params"] = params }
        return .object(object)
    }
}

extension TestChannel {
    /// The next response or batch reply, skipping the server's notifications (storeChanged, authorizationChanged).
    func nextReply(timeout: TimeInterval = 10) -> JSONValue? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0, let message = next(timeout: remaining) else { return nil }
            if case .object = message, message["method"] != nil, message["id"] == nil { continue }
            return message
        }
    }

    /// Sends a frame's payload as it is, framed for this channel.
    func send(payload bytes: [UInt8]) {
        var framed: [UInt8] = []
        framing.frame(bytes, into: &framed)
        sendRaw(framed)
    }
}

/// Another program holding the store's write lock (`sqlite3` in `BEGIN EXCLUSIVE`) until `release`.
final class StoreLock {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    init(_ store: String) throws {
        guard let sqlite3 = Programs.sqlite3 else { throw XCTSkip("sqlite3 is not installed (apt-get install sqlite3)") }
        process.executableURL = URL(fileURLWithPath: sqlite3)
        process.arguments = ["-batch", store]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        try? input.fileHandleForWriting.write(contentsOf: Data("PRAGMA busy_timeout=10000;\nBEGIN EXCLUSIVE;\nSELECT 'locked';\n".utf8))
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("locked") {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else {
                throw NSError(domain: "StoreLock", code: 1, userInfo: [NSLocalizedDescriptionKey: "sqlite3 could not lock \(store)"])
            }
            seen += chunk
        }
    }

    func release() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.write(contentsOf: Data("ROLLBACK;\n.quit\n".utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    deinit { release() }
}

/// A small file system mounted for one test (tmpfs, or a read-only bind), unmounted when it goes away.
/// Needs root and permission to mount (CAP_SYS_ADMIN); `make` says why not otherwise.
final class TestMount {
    let path: String
    private var mounted = true

    private init(path: String) { self.path = path }

    static func tmpfs(at path: String, sizeKiB: Int) throws -> TestMount {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard Programs.isRoot else { throw XCTSkip("mounting a tmpfs needs root") }
        let result = Programs.run(Programs.which("mount") ?? "/bin/mount", ["-t", "tmpfs", "-o", "size=\(sizeKiB)k,mode=0700", "tmpfs", path])
        guard result.status == 0 else { throw XCTSkip("cannot mount a tmpfs here: \(result.stderr)") }
        return TestMount(path: path)
    }

    /// `source` again at `path`, read-only (a bind mount remounted `ro`).
    static func readOnlyBind(of source: String, at path: String) throws -> TestMount {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard Programs.isRoot else { throw XCTSkip("bind mounts need root") }
        let mount = Programs.which("mount") ?? "/bin/mount"
        guard Programs.run(mount, ["--bind", source, path]).status == 0 else { throw XCTSkip("cannot bind-mount here") }
        let handle = TestMount(path: path)
        let result = Programs.run(mount, ["-o", "remount,ro,bind", path])
        guard result.status == 0 else { throw XCTSkip("cannot remount a bind mount read-only here: \(result.stderr)") }
        return handle
    }

    func unmount() {
        guard mounted else { return }
        mounted = false
        Programs.run(Programs.which("umount") ?? "/bin/umount", ["-l", path])
    }

    deinit { unmount() }
}
