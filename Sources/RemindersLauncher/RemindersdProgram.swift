import RemindersConcurrency
import Foundation
import Synchronization
import RemindersJSONRPC
import RemindersProtocol

/// The remindersd a library program runs — the EventKit and Core Location products, which are
/// linked into other people's programs: where it is, who is asking, and one request answered in a
/// session of its own (for what needs no store object: a status, a geocoding), asked over the
/// transport's `Connection` with the method's declaration both ways.
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

        /// The process ended: its id may be another's from now on. Whether it was cancelled.
        fileprivate func ended() -> Bool {
            state.withLock { state in
                state.process = nil
                return state.cancelled
            }
        }
    }

    /// Asks `method` in a fresh session of `remindersd serve`, initialized as this program: the
    /// result, or the server's error (a server that cannot be run or answers nothing is an
    /// internal error naming why; a call cancelled is `requestCancelled`).
    public static func call<M: RemindersMethod>(_ method: M.Type, _ params: M.Params, running call: Call = Call()) -> Result<M.Result, ResponseError>
    {
        guard let binary = binary() else {
            return .failure(ResponseError.internalError("remindersd is not installed: put it on PATH, or name it in REMINDERSD_BIN"))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve", "--log-level", "error"]
        let toServer = Pipe(), fromServer = Pipe()
        process.standardInput = toServer
        process.standardOutput = fromServer
        process.standardError = FileHandle.standardError
        do {
            guard try call.start(process) else { return .failure(.requestCancelled) }
        } catch {
            return .failure(ResponseError.internalError("cannot start \(binary): \(error.localizedDescription)"))
        }
        let connection = Connection(
            input: fromServer.fileHandleForReading.fileDescriptor, output: toServer.fileHandleForWriting.fileDescriptor,
            limits: Limits(maxMessageSize: 1 << 30), framing: .ndjson, cancelMethod: nil, holdsSIGPIPE: true)
        connection.start()
        let answer = Result { () throws(ResponseError) -> M.Result in
            let session = try connection.call(
                Initialize.self, Initialize.Params(clientName: clientName(), timeZone: TimeZone.current.identifier), zone: .current)
            return try connection.call(method, params, zone: TimeZone(identifier: session.timeZone) ?? .current)
        }
        // The end of its input ends the server; its output's end, read, ends the reader — before
        // the pipes' descriptors go with them.
        try? toServer.fileHandleForWriting.close()
        while !connection.receive().contains(where: { if case .endOfInput = $0 { true } else { false } }) {}
        process.waitUntilExit()
        let cancelled = call.ended()
        if case .failure = answer, cancelled || process.terminationReason == .uncaughtSignal { return .failure(.requestCancelled) }
        return answer
    }
}
