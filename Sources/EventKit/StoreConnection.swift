import RemindersConcurrency
import Foundation
import Synchronization
import RemindersJSONRPC
import RemindersLauncher
import RemindersModel
import RemindersProtocol

/// The remindersd process behind one `EKEventStore`, as calaccessd is behind a Mac's: started as
/// `remindersd serve` (the binary `REMINDERSD_BIN` names, else `remindersd` on `PATH`; its store
/// the one it reads — `REMINDERSD_STORE` or its default), spoken to in NDJSON over the transport's
/// `Connection` — the one the server answers on, here on the calling side — and ended with the store.
///
/// Calls wait for their answer; notifications go to `onNotification` from a thread of their own.
/// When the process goes away, every call waiting and every later one fails with an error:
/// nothing hangs and nothing traps (the program's SIGPIPE is held back while it writes).
final class StoreConnection: Sendable {
    private let process = Process()
    private let connection: Connection
    private let input: FileHandle
    /// The session's zone, as `initialize` answered it: the one dates of events are read back in.
    private let sessionZone = Mutex(TimeZone.current)
    /// A notification's method and params; called on the notifications' thread.
    private let notificationHandler = Mutex<(@Sendable (String, JSONValue?) -> Void)?>(nil)
    private let ended = Mutex(false)
    /// Set when the reader met the end of the server's output: its descriptor may go after that.
    private let readerEnded = ConditionLock(false)

    init() throws(EKError) {
        guard let binary = RemindersdProgram.binary() else {
            throw EKError(.internalFailure, message: "remindersd is not installed: put it on PATH, or name it in REMINDERSD_BIN")
        }
        process.executableURL = URL(fileURLWithPath: binary)
        // Warnings only: the server's info lines are no business of the program's own stderr.
        process.arguments = ["serve", "--log-level", "warning"]
        let toServer = Pipe(), fromServer = Pipe()
        process.standardInput = toServer
        process.standardOutput = fromServer
        process.standardError = FileHandle.standardError
        do { try process.run() } catch {
            throw EKError(.internalFailure, message: "cannot start \(binary): \(error.localizedDescription)")
        }
        input = toServer.fileHandleForWriting
        // A fetch of every reminder is one answer of many megabytes, from the server it started.
        connection = Connection(
            input: fromServer.fileHandleForReading.fileDescriptor, output: input.fileDescriptor, limits: Limits(maxMessageSize: 1 << 30),
            // An answer taken apart down to a fetch's items in the pass that finds its id.
            framing: .ndjson, cancelMethod: nil, holdsSIGPIPE: true, answerOutlineLevels: 3)
        connection.start()
        // The notifications' thread holds the connection weakly: the store going away ends it.
        let notifications = Thread { [weak self, connection, readerEnded] in
            defer { readerEnded.withLock { $0 = true } }
            while true {
                for inbound in connection.receive() {
                    switch inbound {
                    case .single(.notification(let notification)): self?.deliver(notification)
                    case .batch(let messages):
                        for case .notification(let notification) in messages { self?.deliver(notification) }
                    case .endOfInput: return
                    default: continue
                    }
                }
            }
        }
        notifications.name = "EventKit.remindersd"
        notifications.start()
    }

    deinit { close() }

    /// Where notifications go from now on (called on the notifications' thread).
    func onNotification(_ handler: @escaping @Sendable (String, JSONValue?) -> Void) {
        notificationHandler.withLock { $0 = handler }
    }

    private func deliver(_ notification: RemindersJSONRPC.Notification) {
        notificationHandler.withLock { $0 }?(notification.method, notification.params)
    }

    /// Ends the session — the end of its input ends the server, discarding what was staged and not
    /// committed, as a Mac's store forgets it with the app — and waits a moment for it to go.
    func close() {
        guard
            ended.withLock({ ended in
                defer { ended = true }; return !ended
            })
        else { return }
        try? input.close()
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning, Date() < deadline { usleep(5_000) }
        if process.isRunning { process.terminate() }
        // The server gone, its output ends: the reader is done with the pipe before the pipe goes.
        readerEnded.wait(until: { $0 }, before: Date().addingTimeInterval(2))
    }

    /// `initialize`, as this program: the session's zone is the one its answer names.
    func initialize(_ params: Initialize.Params) throws(EKError) {
        let answered = try call(Initialize.self, params)
        sessionZone.withLock { $0 = TimeZone(identifier: answered.timeZone) ?? $0 }
    }

    /// The session's zone: where the server reads floating and all-day dates.
    var zone: TimeZone { sessionZone.withLock { $0 } }

    /// Asks `method` and waits for its answer, read back as its result; the server's error as EventKit's.
    @discardableResult
    func call<M: RemindersMethod>(_ method: M.Type, _ params: M.Params, commit: Bool? = nil, timeout: TimeInterval = 300)
        throws(EKError) -> M.Result
    {
        do { return try connection.call(method, params, commit: commit, zone: zone, timeout: timeout) } catch {
            throw Self.error(from: error)
        }
    }

    /// The same, with the result left unread: a fetch takes it apart into its items (`WireSlice`).
    func answer<M: RemindersMethod>(_ method: M.Type, _ params: M.Params, timeout: TimeInterval = 300) throws(EKError) -> WireSlice {
        let answer: CallAnswer
        do { answer = try connection.call(M.name, params: M.written(params), timeout: timeout) } catch { throw Self.error(from: error) }
        return WireSlice(WireSlice.Answer(answer.message), answer.outline)["result"] ?? .null
    }

    /// The server's error as EventKit's: by the EventKit code it names (`data.reason`), else by
    /// what its JSON-RPC code means.
    static func error(from error: ResponseError) -> EKError {
        if let reason = error.reason.flatMap(EventKitErrorCode.init(rawValue:)), let known = EKError.Code(rawValue: reason.code) {
            return EKError(known, message: error.message, serverCode: error.code)
        }
        let code: EKError.Code = error.code == ResponseError.notAuthorizedCode ? .eventStoreNotAuthorized : .internalFailure
        return EKError(code, message: error.message, serverCode: error.code)
    }

}
