import RemindersConcurrency
import Foundation
import RemindersJSONRPC
import RemindersModel
import RemindersProtocol

/// remindersd-sync, the program sync runs in: installed beside remindersd, so that the network
/// stack (libcurl and FoundationXML's libxml2, some forty libraries) is loaded only by a
/// sync and never by the server or a one-shot call. `remindersd sync` becomes it; the `sync`
/// method runs it and relays what it says.
public enum SyncHelper {
    public static let name = "remindersd-sync"

    /// Beside the running executable (symlinks resolved).
    public static func path() throws(ResponseError) -> String {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let path = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw ResponseError(
                code: ResponseError.internalErrorCode,
                message: "\(name) is not installed beside remindersd (\(path)); install both (README, Installing it)")
        }
        return path
    }

    /// One sync, asked as the protocol asks it (`remindersd-sync --serve`): `progress` told each
    /// `$/progress` the helper sends (for `params.workDoneToken`); the error the helper answered
    /// thrown as it came (-32011 for an account that does not exist). Where the store is and its
    /// limits are the helper's arguments, built here only.
    public static func sync(
        _ params: SyncMethod.Params, store: String, rules: CalendarItemRules = CalendarItemRules(),
        progress: @escaping @Sendable (WorkDoneProgress) -> Void, isCancelled: @escaping @Sendable () -> Bool
    ) throws -> SyncMethod.Result {
        try ask(
            SyncMethod.self, params,
            arguments: [
                "--serve", "--store", store, "--max-title-bytes", String(rules.maxTitleBytes), "--max-notes-bytes",
                String(rules.maxNotesBytes),
            ], progress: progress, isCancelled: isCancelled)
    }

    /// The owner's geocoder at `geocoder`, asked through the helper (the server links no network
    /// stack) with a `geocode` or `reverseGeocode` request: the places it found, or -32014 with
    /// `reason: network` when it could not be asked.
    public static func geocode<M: RemindersMethod>(
        _ method: M.Type, _ params: M.Params, geocoder: String, isCancelled: @escaping @Sendable () -> Bool
    ) throws -> M.Result {
        try ask(method, params, arguments: ["--serve", "--geocoder", geocoder], progress: { _ in }, isCancelled: isCancelled)
    }

    /// `method` asked of the helper started with `arguments`: the request written by the method's
    /// declaration, the answer read back as its result.
    private static func ask<M: RemindersMethod>(
        _ method: M.Type, _ params: M.Params, arguments: [String], progress: @escaping @Sendable (WorkDoneProgress) -> Void,
        isCancelled: @escaping @Sendable () -> Bool
    ) throws -> M.Result {
        let result = try call(
            arguments, request: M.request(id: 1, params),
            notification: { name, params in
                guard name == NotificationRegistry.progress.name, let told = try? WorkDoneProgress(reading: params) else { return }
                progress(told)
            }, isCancelled: isCancelled)
        // The helper reads no dates in a person's zone (a sync report, places): nothing is zone-relative.
        return try M.Result(reading: result, zone: .gmt)
    }

    /// Starts the helper with `arguments`, writes `request` (one JSON-RPC request) to its stdin and
    /// reads its stdout as the protocol's messages: each notification handed to `notification`,
    /// the response's result returned or its error thrown. Its stderr is its log, passed on to
    /// this process's; a helper that ends without a response is an internal error quoting it.
    static func call(
        _ arguments: [String], request: [UInt8], notification: @escaping (String, JSONValue?) -> Void,
        isCancelled: @escaping @Sendable () -> Bool
    ) throws -> JSONValue {
        let input = Pipe()
        let running = try Running(arguments, input: input, isCancelled: isCancelled)
        _ = DescriptorWriter(descriptor: input.fileHandleForWriting.fileDescriptor).write(request + [0x0A])
        try? input.fileHandleForWriting.close()
        var response: JSONValue?
        for line in LineReader(running.output.fileHandleForReading) where !line.isEmpty {
            guard let message = try? JSONParser.parse(Array(line.utf8)) else { continue }
            if let method = message["method"]?.stringValue {
                notification(method, message["params"])
            } else {
                response = message
            }
        }
        let (status, errors) = running.end()
        if isCancelled() { throw ResponseError.requestCancelled }
        guard let response else {
            throw ResponseError.internalError("\(name) exited with status \(status) without an answer: \(errors.suffix(300))")
        }
        if let error = response["error"] {
            throw ResponseError(
                code: Int(error["code"]?.integerValue ?? Int64(ResponseError.internalErrorCode)),
                message: error["message"]?.stringValue ?? "\(name) failed", data: error["data"])
        }
        return response["result"] ?? .null
    }

    /// The helper running: its log (stderr) passed on to this process's and kept for errors, and
    /// stopped (SIGTERM: each item it writes is a transaction, so the store stays whole) when
    /// `isCancelled` says so.
    private struct Running {
        let process = Process()
        let output = Pipe()
        let collected = Collected()

        init(_ arguments: [String], input: Pipe?, isCancelled: @escaping @Sendable () -> Bool) throws {
            let errors = Pipe()
            process.executableURL = URL(fileURLWithPath: try SyncHelper.path())
            process.arguments = arguments
            process.standardInput = input ?? FileHandle.nullDevice
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            let (collected, process) = (collected, process)
            Thread {
                for line in LineReader(errors.fileHandleForReading) {
                    collected.append(line)
                    DescriptorWriter.standardError.write(text: (line + "\n"))  // the helper's log lines are the server's
                }
                collected.finish()
            }.start()
            Thread {
                while process.isRunning {
                    if isCancelled() { process.terminate(); return }
                    usleep(50_000)
                }
            }.start()
        }

        /// Waits for it to end: its exit status and its log.
        func end() -> (status: Int32, errors: String) {
            process.waitUntilExit()
            collected.wait()
            return (process.terminationStatus, collected.text)
        }
    }
}

/// The helper's stderr lines, for the error its caller answers; the caller waits for the reader
/// to have read them all.
private final class Collected: Sendable {
    private let state = ConditionLock((lines: [String](), done: false))

    func append(_ line: String) { state.withLock { $0.lines.append(line) } }
    func finish() { state.withLock { $0.done = true } }
    func wait() { state.wait(until: \.done) }
    var text: String { state.peek { $0.lines.joined(separator: "\n") } }
}

/// Lines of a pipe as they come.
private struct LineReader: Sequence, IteratorProtocol {
    let handle: FileHandle
    var buffer: [UInt8] = []
    var ended = false

    init(_ handle: FileHandle) { self.handle = handle }

    mutating func next() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            if ended {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return String(decoding: buffer, as: UTF8.self)
            }
            let chunk = handle.availableData
            if chunk.isEmpty { ended = true } else { buffer += chunk }
        }
    }
}
