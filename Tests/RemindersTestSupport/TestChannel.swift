import RemindersConcurrency
import Foundation
import RemindersJSONRPC
import Synchronization

/// The client end of a JSON-RPC conversation over a pair of file descriptors, for tests.
///
/// The transport's `Connection` reads what the server writes (as an observer of every frame, so
/// that tests see its output byte for byte, a malformed frame as malformed) and this parses it, so
/// tests can wait for the next message with a timeout, and see notifications and responses in the
/// order they came. Requests are written by hand: tests send what no client would.
public final class TestChannel: Sendable {
    public let framing: Framing
    private let writeFD: Int32
    private let connection: Connection
    /// What the reader thread received, for the test's thread to wait on.
    private let received = ConditionLock(Received())
    private let nextID = Mutex<Int64>(1000)
    private let recording = Recording.open()

    private struct Received {
        var messages: [JSONValue] = []
        var rawOutput: [UInt8] = []
        var closed = false
    }

    public init(writeFD: Int32, readFD: Int32, framing: Framing) {
        self.writeFD = writeFD
        self.framing = framing
        let (received, recording) = (received, recording)
        let observer = FrameObserver(
            received: { bytes in received.withLock { $0.rawOutput += bytes } },
            frame: { frame in
                let value: JSONValue
                switch frame {
                case .message(let bytes):
                    value = (try? JSONParser.parse(bytes, maxDepth: 512)) ?? ["unparseable": .string(String(decoding: bytes, as: UTF8.self))]
                    recording?.note("received", String(decoding: bytes, as: UTF8.self))
                case .error(let error): value = ["framingError": .string(error.description)]
                }
                received.withLock { $0.messages.append(value) }
            },
            ended: { received.withLock { $0.closed = true } })
        // Its output is the test's to write, byte for byte: the connection only reads.
        connection = Connection(
            input: readFD, output: -1, limits: Limits(maxMessageSize: 1 << 30), framing: framing, cancelMethod: nil, observer: observer)
        connection.start()
    }

    // MARK: Sending

    public func sendRaw(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(writeFD, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }

    public func sendRaw(_ text: String) { sendRaw(Array(text.utf8)) }

    /// Frames and sends one message given as JSON text.
    public func send(json text: String) {
        recording?.note("sent", text)
        var bytes: [UInt8] = []
        framing.frame(Array(text.utf8), into: &bytes)
        sendRaw(bytes)
    }

    public func send(_ value: JSONValue) { send(json: value.serialized) }

    public func notify(_ method: String, _ params: JSONValue? = nil) {
        var object: JSONObject = ["jsonrpc": "2.0", "method": .string(method)]
        if let params { object["params"] = params }
        send(.object(object))
    }

    /// Sends a request and waits for the response with its id (notifications before it are kept).
    @discardableResult
    public func request(_ method: String, _ params: JSONValue? = nil, timeout: TimeInterval = 20) -> JSONValue {
        let id = makeID()
        var object: JSONObject = ["jsonrpc": "2.0", "id": .integer(id), "method": .string(method)]
        if let params { object["params"] = params }
        send(.object(object))
        return response(id: .integer(id), timeout: timeout) ?? ["timeout": true]
    }

    /// initialize + initialized as `client`; the initialize response.
    @discardableResult
    public func initialize(client: String, timeZone: String? = nil) -> JSONValue {
        var params: JSONObject = ["clientInfo": ["name": .string(client), "version": "test"]]
        if let timeZone { params["timeZone"] = .string(timeZone) }
        let response = request("initialize", .object(params))
        notify("initialized", [:])
        return response
    }

    public func makeID() -> Int64 {
        nextID.withLock { id in
            id += 1
            return id
        }
    }

    public func closeInput() { close(writeFD) }

    // MARK: Receiving

    /// The next message of any kind, in arrival order.
    public func next(timeout: TimeInterval = 20) -> JSONValue? {
        take(timeout: timeout) { _ in true }
    }

    /// The response with `id`, leaving other messages queued.
    public func response(id: JSONValue, timeout: TimeInterval = 20) -> JSONValue? {
        take(timeout: timeout) { $0["id"] == id && $0["method"] == nil }
    }

    /// The next notification named `method`, leaving other messages queued.
    public func notification(_ method: String, timeout: TimeInterval = 5) -> JSONValue? {
        take(timeout: timeout) { $0["method"] == .string(method) && $0["id"] == nil }
    }

    /// Every notification named `method` received so far (removed from the queue).
    public func drainNotifications(_ method: String) -> [JSONValue] {
        received.withLock { received in
            let matching = received.messages.filter { $0["method"] == .string(method) && $0["id"] == nil }
            received.messages.removeAll { $0["method"] == .string(method) && $0["id"] == nil }
            return matching
        }
    }

    /// True once the server closed its output.
    public func waitForEndOfOutput(timeout: TimeInterval = 20) -> Bool {
        received.withLock(when: \.closed, before: Date().addingTimeInterval(timeout)) { _, closed in closed }
    }

    /// Every byte the server wrote so far, for checking that nothing but frames appeared.
    public var outputBytes: [UInt8] { received.peek(\.rawOutput) }

    /// The first message that `matches`, waiting for it until the server closed its output or the timeout.
    private func take(timeout: TimeInterval, where matches: (JSONValue) -> Bool) -> JSONValue? {
        received.withLock(when: { $0.closed || $0.messages.contains(where: matches) }, before: Date().addingTimeInterval(timeout)) {
            received, _ in
            received.messages.firstIndex(where: matches).map { received.messages.remove(at: $0) }
        }
    }
}

/// What a channel sent and received, one JSON line each, when REMINDERSD_RECORD_DIR names a folder:
/// `scripts/check-openrpc` checks the recorded requests and responses against the OpenRPC document.
final class Recording: Sendable {
    private let handle: Mutex<FileHandle>
    /// Larger messages (a 100,000-reminder fetch) are left out: checking them says nothing new.
    private static let largest = 256 << 10

    static func open() -> Recording? {
        guard let folder = ProcessInfo.processInfo.environment["REMINDERSD_RECORD_DIR"], !folder.isEmpty else { return nil }
        let path = folder + "/" + UUID().uuidString + ".jsonl"
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else { return nil }
        return Recording(handle: handle)
    }

    private init(handle: FileHandle) { self.handle = Mutex(handle) }

    func note(_ direction: String, _ json: String) {
        guard let value = try? JSONParser.parse(json, maxDepth: 512) else { return }
        // A message left out still leaves its id, so that a later answer with the same id is not
        // taken for this one's.
        let recorded = json.utf8.count <= Self.largest ? value : Self.idsOnly(value)
        let line = "{\"\(direction)\":" + recorded.serialized + "}\n"
        handle.withLock { try? $0.write(contentsOf: Data(line.utf8)) }
    }

    private static func idsOnly(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let elements): return .array(elements.map(idsOnly))
        case .object(let object):
            var stub: JSONObject = ["left out": true]
            if let id = object["id"] { stub["id"] = id }
            if let method = object["method"] { stub["method"] = method }
            if object["result"] != nil { stub["result"] = .null }
            return .object(stub)
        default: return .null
        }
    }
}

extension JSONValue {
    /// `result` of a response, or nil when it was an error.
    public var result: JSONValue? { self["result"] }
    public var errorCode: Int64? { self["error"]?["code"]?.integerValue }
    public var errorField: String? { self["error"]?["data"]?["field"]?.stringValue }
    public var errorReason: String? { self["error"]?["data"]?["reason"]?.stringValue }

    /// Follows a path of keys and array indexes: `value.at("result", "reminders", 0, "title")`.
    public func at(_ path: Any...) -> JSONValue? {
        var current: JSONValue? = self
        for step in path {
            if let key = step as? String {
                current = current?[key]
            } else if let index = step as? Int, case .array(let elements)? = current, elements.indices.contains(index) {
                current = elements[index]
            } else {
                return nil
            }
        }
        return current
    }
}
