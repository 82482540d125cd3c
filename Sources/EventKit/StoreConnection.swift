import RemindersConcurrency
import Foundation
import Synchronization
import RemindersJSONRPC
import RemindersLauncher
import RemindersProtocol

/// The remindersd process behind one `EKEventStore`, as calaccessd is behind a Mac's: started as
/// `remindersd serve` (the binary `REMINDERSD_BIN` names, else `remindersd` on `PATH`; its store
/// the one it reads — `REMINDERSD_STORE` or its default), spoken to in NDJSON, ended with the store.
///
/// Calls wait for their answer; notifications go to `onNotification` from the reader thread. When
/// the process goes away, every call waiting and every later one fails with an error: nothing
/// hangs and nothing traps.
final class StoreConnection: Sendable {
    private let process = Process()
    private let writer: DescriptorWriter
    private let input: FileHandle
    /// The calls waiting for their answer, by id, and why the session ended (nil while it runs).
    /// Messages are written under the same lock, so that two calls' lines never interleave.
    private let state = Mutex(State())
    /// A notification's method and params; called on the reader thread.
    private let notificationHandler = Mutex<(@Sendable (String, JSONValue?) -> Void)?>(nil)

    private struct State {
        var waiting: [Int64: Answer] = [:]
        var nextID: Int64 = 1
        var ended: String?
    }

    /// A call's answer, given once by the reader thread (or by the end of the session) to the
    /// thread that waits for it.
    typealias Answer = ConditionLock<Result<WireSlice, EKError>?>

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
        writer = DescriptorWriter(descriptor: input.fileDescriptor)
        let output = fromServer.fileHandleForReading.fileDescriptor
        // The reader holds the connection weakly: the store going away ends it.
        let reader = Thread {
            Self.read(
                from: output, deliver: { [weak self] message in self?.deliver(message) },
                ended: { [weak self] in self?.finish("remindersd went away") })
        }
        reader.name = "EventKit.remindersd"
        reader.start()
    }

    deinit { close() }

    /// Where notifications go from now on (called on the reader thread).
    func onNotification(_ handler: @escaping @Sendable (String, JSONValue?) -> Void) {
        notificationHandler.withLock { $0 = handler }
    }

    /// Ends the session — the end of its input ends the server, discarding what was staged and not
    /// committed, as a Mac's store forgets it with the app — and waits a moment for it to go.
    func close() {
        guard state.withLock({ $0.ended == nil }) else { return }
        finish("the event store was closed")
        try? input.close()
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning, Date() < deadline { usleep(5_000) }
        if process.isRunning { process.terminate() }
    }

    /// Sends a request and waits for its answer: the result, or the error mapped to EventKit's.
    @discardableResult
    func call(_ method: String, _ params: JSONValue, timeout: TimeInterval = 300) throws(EKError) -> JSONValue {
        try answer(method, params, timeout: timeout).value
    }

    /// The same, with the result left unread: a fetch takes it apart into its items (`WireSlice`).
    func answer(_ method: String, _ params: JSONValue, timeout: TimeInterval = 300) throws(EKError) -> WireSlice {
        let answer = Answer(nil)
        let id: Int64? = state.withLock { state in
            guard state.ended == nil else { return nil }
            defer { state.nextID += 1 }
            state.waiting[state.nextID] = answer
            return state.nextID
        }
        guard let id else { throw EKError(.internalFailure, message: state.withLock { $0.ended } ?? "remindersd went away") }
        guard send(["jsonrpc": "2.0", "id": .integer(id), "method": .string(method), "params": params]) else {
            finish("remindersd stopped reading its input")
            throw EKError(.internalFailure, message: "remindersd went away")
        }
        let value = answer.withLock(when: { $0 != nil }, before: Date().addingTimeInterval(timeout)) { value, _ in value }
        guard let value else {
            _ = state.withLock { $0.waiting.removeValue(forKey: id) }
            throw EKError(.internalFailure, message: "remindersd did not answer \(method) within \(Int(timeout)) s")
        }
        return try value.get()
    }

    @discardableResult
    private func send(_ message: JSONValue) -> Bool {
        var json = JSONWriter()
        json.value(message)
        var bytes = json.bytes
        bytes.append(0x0A)
        // The program's SIGPIPE is its own: a server gone away must not kill it.
        return state.withLock { _ in writer.writeHoldingSIGPIPE(bytes) } == .written
    }

    /// Every call waiting, and every later one, fails with `reason`.
    private func finish(_ reason: String) {
        let failed: [Answer] = state.withLock { state in
            if state.ended == nil { state.ended = reason }
            defer { state.waiting.removeAll() }
            return Array(state.waiting.values)
        }
        for answer in failed { answer.withLock { $0 = .failure(EKError(.internalFailure, message: reason)) } }
    }

    /// One message from the server, taken apart without reading its result (the caller does, or
    /// takes it apart further): a notification, or the answer to a call waiting.
    private func deliver(_ frame: [UInt8]) {
        // Down to the arrays of a result (a fetch's items), in the one pass that finds the id.
        guard let message = WireSlice(message: frame, levels: 3) else { return }
        var id: Int64?, method: String?, params: JSONValue?, error: JSONValue?, result: WireSlice?
        for member in message.members {
            switch member.key {
            case "id": id = member.value.value.integerValue
            case "method": method = member.value.value.stringValue
            case "params": params = member.value.value
            case "error": error = member.value.value
            case "result": result = member.value
            default: continue
            }
        }
        if let method, id == nil {
            notificationHandler.withLock { $0 }?(method, params)
            return
        }
        guard let id, let answer = state.withLock({ $0.waiting.removeValue(forKey: id) }) else { return }
        let value: Result<WireSlice, EKError> = if let error { .failure(Self.error(from: error)) } else { .success(result ?? .null) }
        answer.withLock { $0 = value }
    }

    /// The server's error as EventKit's: by the EventKit code it names (`data.reason`), else by
    /// what its JSON-RPC code means.
    static func error(from error: JSONValue) -> EKError {
        let code = Int(error["code"]?.integerValue ?? 0)
        let message = error["message"]?.stringValue ?? ""
        if let reason = error["data"]?["reason"]?.stringValue, let known = EKError.Code(reason: reason) {
            return EKError(known, message: message, serverCode: code)
        }
        return EKError(code == ResponseError.notAuthorizedCode ? .eventStoreNotAuthorized : .internalFailure, message: message, serverCode: code)
    }

    private static func read(from descriptor: Int32, deliver: ([UInt8]) -> Void, ended: () -> Void) {
        FrameReader.read(descriptor, framing: .ndjson) { frame in
            if case .message(let bytes) = frame { deliver(bytes) }
        }
        Glibc.close(descriptor)
        ended()
    }
}
