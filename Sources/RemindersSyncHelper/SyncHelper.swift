import RemindersConcurrency
import Foundation
import RemindersJSONRPC

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

    public struct Outcome {
        public var status: Int32
        public var output: [UInt8]
        public var errors: String
    }

    /// Runs the helper with `arguments` to its end; `progress` hears its progress lines, and the
    /// helper is stopped (SIGTERM: each item it writes is a transaction, so the store stays whole)
    /// when `isCancelled` says so.
    public static func run(_ arguments: [String], progress: @escaping @Sendable (Int, String) -> Void, isCancelled: @escaping @Sendable () -> Bool)
        throws -> Outcome
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try path())
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let collected = Collected()
        let reader = Thread {
            for line in LineReader(errors.fileHandleForReading) {
                if line.hasPrefix("progress "), let space = line.dropFirst(9).firstIndex(of: " "),
                    let percent = Int(line[line.index(line.startIndex, offsetBy: 9)..<space])
                {
                    progress(percent, String(line[line.index(after: space)...]))
                } else {
                    collected.append(line)
                    DescriptorWriter.standardError.write(text: (line + "\n"))  // the helper's log lines are the server's
                }
            }
            collected.finish()
        }
        reader.start()
        let watcher = Thread {
            while process.isRunning {
                if isCancelled() { process.terminate(); return }
                usleep(50_000)
            }
        }
        watcher.start()
        var bytes: [UInt8] = []
        let handle = output.fileHandleForReading
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            bytes += chunk
        }
        process.waitUntilExit()
        collected.wait()
        return Outcome(status: process.terminationStatus, output: bytes, errors: collected.text)
    }
}

/// The helper's stderr lines that were not progress, for the error the method answers; the
/// caller waits for the reader to have read them all.
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
