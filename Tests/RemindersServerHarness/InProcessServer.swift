import RemindersConcurrency
import Foundation
import RemindersJSONRPC
import RemindersModel
import RemindersServer
import RemindersStore
import RemindersTestSupport

/// A served session run in the test's own process: the real `Server` on a real `Connection` over
/// a pair of pipes — all a client meets of the binary except the process itself (its command
/// line, signals, exit status and stdout hygiene, which `EndToEndTests` spawn it for). For
/// behaviour the binary need not be spawned for: no process start per test, and a failure's
/// stack is the server's.
public final class InProcessServer {
    public let channel: TestChannel
    public let storePath: String
    /// Its input's write end, for closing it (end of input ends the session).
    private let clientOutput: Int32
    /// `Server.run`'s result once it returned.
    private let exitStatus = ConditionLock<Int32?>(nil)

    /// `configure`: what the command line would have set (limits, a consent agent).
    public init(store: String, framing: Framing = .ndjson, configure: (inout ServerOptions) -> Void = { _ in }) {
        RemindersdProcess.ignoreBrokenPipes()
        storePath = store
        var toServer: [Int32] = [0, 0], fromServer: [Int32] = [0, 0]
        _ = pipe(&toServer)
        _ = pipe(&fromServer)
        var options = ServerOptions(storePath: store)
        options.consentOnTerminal = false
        options.log.level = .error
        options.timeZone = SystemTimeZone.resolve(environment: ProcessInfo.processInfo.environment)  // as the binary reads TZ
        configure(&options)
        let connection = Connection(input: toServer[0], output: fromServer[1], limits: options.limits)
        let served = HandOff(Server(connection: connection, options: options))
        let (input, output) = (toServer[0], fromServer[1])
        let thread = Thread { [exitStatus] in
            let status = served.take()?.run() ?? 1
            close(input)
            close(output)  // the client reads end of output, as from an exited process
            exitStatus.withLock { $0 = status }
        }
        thread.stackSize = 1 << 23
        thread.start()
        clientOutput = toServer[1]
        channel = TestChannel(writeFD: toServer[1], readFD: fromServer[0], framing: framing)
    }

    deinit {
        close(clientOutput)
        _ = exitStatus.withLock(when: { $0 != nil }, before: Date().addingTimeInterval(20)) { _, _ in }
    }

    /// A session whose `client` the owner granted full access to reminders (as `permissions set
    /// --any-program CLIENT fullAccess` does), initialized.
    public static func granted(_ client: String, store: String, framing: Framing = .ndjson, timeZone: String? = nil) throws -> InProcessServer {
        let eventStore = try EventStore(path: store)
        try eventStore.write { store throws(StoreError) in
            try store.setAuthorizationStatus(.fullAccess, client: client, program: nil, entityType: .reminder, scope: nil)
        }
        let server = InProcessServer(store: store, framing: framing)
        server.initialize(client: client, timeZone: timeZone)
        return server
    }

    /// initialize + initialized as `client`; the initialize response.
    @discardableResult
    public func initialize(client: String, timeZone: String? = nil) -> JSONValue {
        channel.initialize(client: client, timeZone: timeZone)
    }

    /// shutdown + exit; what the served session returned (the binary's exit status), nil when it did not end.
    @discardableResult
    public func shutDown(timeout: TimeInterval = 20) -> Int32? {
        channel.request("shutdown")
        channel.notify("exit")
        return exitStatus.withLock(when: { $0 != nil }, before: Date().addingTimeInterval(timeout)) { status, _ in status }
    }
}
