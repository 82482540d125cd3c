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
    public static func path() throws(ResponseError) -> String { try companion(name) }

    /// The program `name` installed beside the running executable (remindersd-sync, remindersd-dav).
    public static func companion(_ name: String) throws(ResponseError) -> String {
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

    /// A subscription's method (`addSubscription`, `refreshSubscriptions`) asked of the helper on
    /// `store`: the feeds are fetched there, where the network stack is.
    public static func subscriptions<M: RemindersMethod>(
        _ method: M.Type, _ params: M.Params, store: String, isCancelled: @escaping @Sendable () -> Bool
    ) throws -> M.Result {
        try ask(method, params, arguments: ["--serve", "--store", store], progress: { _ in }, isCancelled: isCancelled)
    }

    /// The owner's geocoder at `geocoder`, asked through the helper (the server links no network
    /// stack) with a `geocode` or `reverseGeocode` request: the places it found, or -32014 with
    /// `reason: network` when it could not be asked.
    public static func geocode<M: RemindersMethod>(
        _ method: M.Type, _ params: M.Params, geocoder: String, isCancelled: @escaping @Sendable () -> Bool
    ) throws -> M.Result {
        try ask(method, params, arguments: ["--serve", "--geocoder", geocoder], progress: { _ in }, isCancelled: isCancelled)
    }

    /// `method` asked of the helper started with `arguments`, over the transport's `Connection`: the
    /// request written by the method's declaration, its `$/progress` told to `progress` as they come,
    /// the answer read back as its result or the error it answered thrown. Its stderr is its log,
    /// passed on to this process's; a helper that ends without an answer is an internal error
    /// quoting it; a cancelled one is stopped and `requestCancelled`.
    private static func ask<M: RemindersMethod>(
        _ method: M.Type, _ params: M.Params, arguments: [String], progress: @escaping @Sendable (WorkDoneProgress) -> Void,
        isCancelled: @escaping @Sendable () -> Bool
    ) throws -> M.Result {
        let toHelper = Pipe()
        let running = try Running(arguments, input: toHelper, isCancelled: isCancelled)
        let connection = Connection(
            input: running.output.fileHandleForReading.fileDescriptor, output: toHelper.fileHandleForWriting.fileDescriptor,
            limits: Limits(maxMessageSize: 1 << 30), framing: .ndjson, cancelMethod: nil)
        connection.start()
        // What it says meanwhile, in order, until its output ends: every progress is told before the answer is returned.
        let heard = DispatchSemaphore(value: 0)
        Thread {
            defer { heard.signal() }
            while true {
                for inbound in connection.receive() {
                    switch inbound {
                    case .single(.notification(let notification)) where notification.method == NotificationRegistry.progress.name:
                        if let told = try? WorkDoneProgress(reading: notification.params) { progress(told) }
                    case .endOfInput: return
                    default: continue
                    }
                }
            }
        }.start()
        // It reads its one request to the end of its input before it answers: the input closes after it.
        let pending = Result { () throws(ResponseError) in try connection.request(M.name, params: M.written(params)) }
        connection.finishSending()
        try? toHelper.fileHandleForWriting.close()
        // A sync takes as long as the servers make it: it ends by its answer, its exit or a cancel.
        let answer = Result { () throws(ResponseError) in try pending.get().answer(timeout: 366 * 86_400) }
        heard.wait()
        let (status, errors) = running.end()
        if isCancelled() { throw ResponseError.requestCancelled }
        switch answer {
        case .success(let answered):
            // The helper reads no dates in a person's zone (a sync report, places): nothing is zone-relative.
            return try M.result(of: answered.message, zone: .gmt)
        case .failure(let error) where error == .peerWentAway:
            throw ResponseError.internalError("\(name) exited with status \(status) without an answer: \(errors.suffix(300))")
        case .failure(let error):
            throw error
        }
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
