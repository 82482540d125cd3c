import Foundation
import JSONRPC
import RemindersLauncher
import RemindersProtocol

/// The remindersd process behind one `EKEventStore`, as calaccessd is behind a Mac's: started as
/// `remindersd serve` (the binary `REMINDERSD_BIN` names, else `remindersd` on `PATH`; its store
/// the one it reads — `REMINDERSD_STORE` or its default), spoken to in NDJSON, ended with the store.
///
/// Calls wait for their answer; notifications go to `onNotification` from the reader thread. When
/// the process goes away, every call waiting and every later one fails with an error: nothing
/// hangs and nothing traps.
final class StoreConnection: @unchecked Sendable {  // `waiting`, `nextID` and `ended` are guarded by `lock`
    private let process = Process()
    private let writer: DescriptorWriter
    private let input: FileHandle
    private let lock = NSLock()
    private var waiting: [Int64: Answer] = [:]
    private var nextID: Int64 = 1
    private var ended: String?
    /// A notification's method and params; called on the reader thread.
    var onNotification: @Sendable (String, JSONValue?) -> Void = { _, _ in }

    final class Answer: @unchecked Sendable {  // written once, before `done` is signalled
        let done = DispatchSemaphore(value: 0)
        var value: Result<WireSlice, EKError> = .failure(EKError(.internalFailure))
    }

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

    /// Ends the session — the end of its input ends the server, discarding what was staged and not
    /// committed, as a Mac's store forgets it with the app — and waits a moment for it to go.
    func close() {
        guard lock.withLock({ ended == nil }) else { return }
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
        let answer = Answer()
        let id: Int64? = lock.withLock {
            guard ended == nil else { return nil }
            defer { nextID += 1 }
            waiting[nextID] = answer
            return nextID
        }
        guard let id else { throw EKError(.internalFailure, message: lock.withLock { ended } ?? "remindersd went away") }
        guard send(["jsonrpc": "2.0", "id": .integer(id), "method": .string(method), "params": params]) else {
            finish("remindersd stopped reading its input")
            throw EKError(.internalFailure, message: "remindersd went away")
        }
        guard answer.done.wait(timeout: .now() + timeout) == .success else {
            _ = lock.withLock { waiting.removeValue(forKey: id) }
            throw EKError(.internalFailure, message: "remindersd did not answer \(method) within \(Int(timeout)) s")
        }
        return try answer.value.get()
    }

    @discardableResult
    private func send(_ message: JSONValue) -> Bool {
        var json = JSONWriter()
        json.value(message)
        var bytes = json.bytes
        bytes.append(0x0A)
        // The program's SIGPIPE is its own: a server gone away must not kill it.
        return lock.withLock { writer.writeHoldingSIGPIPE(bytes) } == .written
    }

    /// Every call waiting, and every later one, fails with `reason`.
    private func finish(_ reason: String) {
        let failed: [Answer] = lock.withLock {
            if ended == nil { ended = reason }
            defer { waiting.removeAll() }
            return Array(waiting.values)
        }
        for answer in failed {
            answer.value = .failure(EKError(.internalFailure, message: reason))
            answer.done.signal()
        }
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
            onNotification(method, params)
            return
        }
        guard let id, let answer = lock.withLock({ waiting.removeValue(forKey: id) }) else { return }
        if let error {
            answer.value = .failure(Self.error(from: error))
        } else {
            answer.value = .success(result ?? .null)
        }
        answer.done.signal()
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
