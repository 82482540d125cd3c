// bench/run's workload 14: the EventKit library against the raw protocol it speaks, in one
// process, on one store of N reminders (default 1,000): `EKEventStore.fetchReminders` (its
// reminders are read when first looked at: also timed with every reminder's title read) against a
// `fetchReminders` JSON-RPC request written to and read from a pipe to `remindersd serve` — the
// answer read whole and not decoded, and read and decoded with Foundation's JSONSerialization, as a
// Swift program speaking the protocol itself would — each repeated; and a store object's start — `EKEventStore()`
// to the first fetch's result. Prints one line of JSON with the milliseconds of every repetition.
import EventKit
import Foundation

let arguments = CommandLine.arguments
let count = arguments.count > 1 ? Int(arguments[1]) ?? 1000 : 1000
let repetitions = arguments.count > 2 ? Int(arguments[2]) ?? 20 : 20
let binary = ProcessInfo.processInfo.environment["REMINDERSD_BIN"] ?? "remindersd"

/// `remindersd serve` on pipes, spoken to in NDJSON by hand.
final class RawSession {
    let process = Process()
    let input: FileHandle
    let output: FileHandle
    var pending: [UInt8] = []
    var scanned = 0

    init() throws {
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve", "--log-level", "warning"]
        let toServer = Pipe(), fromServer = Pipe()
        process.standardInput = toServer
        process.standardOutput = fromServer
        try process.run()
        input = toServer.fileHandleForWriting
        output = fromServer.fileHandleForReading
        _ = request(
            #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"clientInfo":{"name":"\#(ProcessInfo.processInfo.environment["REMINDERSD_CLIENT"] ?? "bench")"}}}"#
        )
    }

    /// Writes one line and reads the one answering it, whole. The server's notifications
    /// (`storeChanged` after a commit, to every session) come between answers: a line that starts
    /// as one is passed over, as any client must, or each request would read the answer before it.
    func request(_ line: String) -> [UInt8] {
        input.write(Data((line + "\n").utf8))
        while true {
            let answer = readLine()
            if answer.isEmpty || !answer.starts(with: Self.notification) { return answer }
        }
    }

    static let notification = Array(#"{"jsonrpc":"2.0","method":"#.utf8)

    /// The next line, read with read(2) into one buffer, each byte looked at once.
    func readLine() -> [UInt8] {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let newline = pending[scanned...].firstIndex(of: 0x0A) {
                let line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                scanned = 0
                return line
            }
            scanned = pending.count
            let got = chunk.withUnsafeMutableBytes { read(output.fileDescriptor, $0.baseAddress, $0.count) }
            if got <= 0 { return [] }
            pending += chunk[0..<got]
        }
    }
}

func milliseconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func fetch(_ store: EKEventStore) -> [EKReminder] {
    let done = DispatchSemaphore(value: 0)
    var found: [EKReminder] = []
    store.fetchReminders(matching: store.predicateForReminders(in: nil)) { reminders in
        found = reminders ?? []
        done.signal()
    }
    done.wait()
    return found
}

let raw = try RawSession()
// The store's reminders, made through the raw session: pipelined, one commit at the end.
var requests = ""
for index in 0..<count {
    let due = #","dueDateComponents":{"year":2027,"month":\#(index % 12 + 1),"day":\#(index % 28 + 1),"hour":9}"#
    requests +=
        #"{"jsonrpc":"2.0","id":\#(index + 1),"method":"saveReminder","params":{"reminder":{"title":"Reminder \#(index)","notes":"Notes for \#(index)"\#(due),"priority":\#(index % 10)},"commit":false}}"#
        + "\n"
}
raw.input.write(Data(requests.utf8))
for _ in 0..<count { _ = raw.readLine() }
_ = raw.request(#"{"jsonrpc":"2.0","id":-1,"method":"commit","params":{}}"#)

var startToFirst: [Double] = []
var startAlone: [Double] = []
var eventKit: [Double] = []
var eventKitRead: [Double] = []
var protocolFetch: [Double] = []
var decodedFetch: [Double] = []
var fetched = 0
var started: [EKEventStore] = []  // kept until the end: a store's teardown is not its start
for _ in 0..<repetitions {
    var store: EKEventStore!
    let began = DispatchTime.now().uptimeNanoseconds
    startAlone.append(milliseconds { store = EKEventStore() })
    fetched = fetch(store).count
    startToFirst.append(Double(DispatchTime.now().uptimeNanoseconds - began) / 1e6)
    started.append(store)
}
let store = EKEventStore()
_ = fetch(store)
for _ in 0..<repetitions {
    // Back to back in each repetition, so both meet the same machine.
    eventKit.append(milliseconds { fetched = fetch(store).count })
    // Every reminder looked at (its title: the first look reads the whole reminder).
    eventKitRead.append(milliseconds { fetched = fetch(store).reduce(0) { count, reminder in count + (reminder.title.isEmpty ? 0 : 1) } })
    protocolFetch.append(
        milliseconds { _ = raw.request(#"{"jsonrpc":"2.0","id":1,"method":"fetchReminders","params":{"predicate":{"kind":"all"}}}"#) })
    // What a Swift program speaking the protocol itself would do with the answer: decode it.
    decodedFetch.append(
        milliseconds {
            let line = raw.request(#"{"jsonrpc":"2.0","id":1,"method":"fetchReminders","params":{"predicate":{"kind":"all"}}}"#)
            _ = try? JSONSerialization.jsonObject(with: Data(line))
        })
}
let report: [String: Any] = [
    "count": fetched, "start_to_first_fetch_ms": startToFirst, "start_ms": startAlone, "eventkit_fetch_ms": eventKit,
    "eventkit_read_ms": eventKitRead, "raw_fetch_ms": protocolFetch, "raw_decoded_fetch_ms": decodedFetch,
]
print(String(decoding: try JSONSerialization.data(withJSONObject: report), as: UTF8.self))
