import RemindersConcurrency
import Foundation
import Synchronization
import RemindersJSONRPC

/// The remindersd a library program runs — the EventKit and Core Location products, which are
/// linked into other people's programs: where it is, who is asking, and one request answered by
/// a one-shot `remindersd call` (for what needs no session: a status, a geocoding).
public enum RemindersdProgram {
    /// The executable to run: `REMINDERSD_BIN`, else `remindersd` on `PATH`.
    public static func binary(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let path = environment["REMINDERSD_BIN"], !path.isEmpty { return path }
        for folder in (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = String(folder) + "/remindersd"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Who is asking: `REMINDERSD_CLIENT`, else the bundle's identifier, else the executable's name.
    public static func clientName(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let name = environment["REMINDERSD_CLIENT"], !name.isEmpty { return name }
        if let identifier = Bundle.main.bundleIdentifier, !identifier.isEmpty { return identifier }
        return ProcessInfo.processInfo.processName
    }

    /// A request that is running, so that it can be stopped (`CLGeocoder.cancelGeocode`) — from
    /// any thread, before it started, while it runs or after it ended.
    public final class Call: Sendable {
        /// The process answering it once started; whether it was cancelled.
        private let state = Mutex((process: pid_t?.none, cancelled: false))

        public init() {}

        /// Stops it; its answer is then an error. SIGKILL, not SIGTERM: a child started from a
        /// dispatch worker thread inherits its mask, which blocks SIGTERM; a one-shot call holds
        /// no transaction a kill could tear (SQLite rolls back what was not committed).
        public func cancel() {
            state.withLock { state in
                state.cancelled = true
                if let process = state.process { kill(process, SIGKILL) }
            }
        }

        /// Runs `process` unless the call was cancelled first (then it is not started).
        fileprivate func start(_ process: Process) throws -> Bool {
            try state.withLock { state in
                guard !state.cancelled else { return false }
                try process.run()
                state.process = process.processIdentifier
                return true
            }
        }

        /// The process ended: its id may be another's from now on.
        fileprivate func ended() { state.withLock { $0.process = nil } }
    }

    /// Asks `method` with `params` in a fresh session: the result, or the server's error (a
    /// server that cannot be run or answers nothing is an internal error naming why).
    public static func call(_ method: String, _ params: JSONValue, running call: Call = Call()) -> Result<JSONValue, ResponseError> {
        guard let binary = binary() else {
            return .failure(ResponseError.internalError("remindersd is not installed: put it on PATH, or name it in REMINDERSD_BIN"))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["call", method, params.serialized, "--client", clientName(), "--log-level", "error"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            guard try call.start(process) else { return .failure(.requestCancelled) }
        } catch {
            return .failure(ResponseError.internalError("cannot start \(binary): \(error.localizedDescription)"))
        }
        // Both pipes drained at once, so that neither fills while the other is read.
        let drained = ConditionLock(Data?.none)
        Thread {
            let said = errors.fileHandleForReading.readDataToEndOfFile()
            drained.withLock { $0 = said }
        }.start()
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        call.ended()
        let said = drained.withLock(when: { $0 != nil }) { said, _ in said ?? Data() }
        if process.terminationStatus == 0, let result = try? JSONParser.parse(Array(answer)) { return .success(result) }
        // The error object is the first line; a line for the person may follow it (a refusal's grant hint).
        let first = said.split(separator: UInt8(ascii: "\n"), maxSplits: 1, omittingEmptySubsequences: true).first.map(Array.init) ?? []
        if let error = try? JSONParser.parse(first), let code = error["code"]?.integerValue.map(Int.init),
            let message = error["message"]?.stringValue
        {
            return .failure(ResponseError(code: code, message: message, data: error["data"]))
        }
        if process.terminationReason == .uncaughtSignal { return .failure(.requestCancelled) }
        let why = String(decoding: said.suffix(300), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return .failure(ResponseError.internalError("remindersd call \(method) failed (status \(process.terminationStatus)): \(why)"))
    }
}
