import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersStore
import Synchronization

/// Serves one client on a connection until `exit` or end of input: the connection loop.
///
/// Requests are answered in order. Writes that arrive together (a pipelining client) share
/// one durable transaction — group commit — and are answered only after it is on disk. What each
/// request does is the dispatcher's business.
public final class Server {
    let connection: Connection
    let session: Session
    private let dispatcher: Dispatcher
    private var exitCode: Int32?
    /// Requests answered in the current run, marked finished for cancellation together.
    private var answeredIDs: [RequestID] = []
    /// What a signal handler calls to stop it (`stop()`), from any thread.
    public let stopRequest: StopRequest

    public init(connection: Connection, options: ServerOptions) {
        self.connection = connection
        self.session = Session(options: options, connection: connection)
        self.dispatcher = Dispatcher(session: session)
        self.stopRequest = StopRequest(connection: connection)
    }

    /// Asks the server to stop after the request in hand (SIGTERM, SIGINT): that request is answered,
    /// whatever else is queued is not, staged changes are discarded, and `run` returns 0.
    public func stop() { stopRequest() }

    private var isStopping: Bool { stopRequest.isRequested }

    /// Runs until the client sends `exit` or closes its input; returns the process exit code.
    public func run() -> Int32 {
        connection.start()
        while exitCode == nil {
            let items = connection.receive(limit: 1024).map(Arrival.init)
            session.beginMessagesInHand()
            for run in Self.runs(items) {
                process(run)
                if exitCode != nil { break }
            }
            if isStopping {
                session.log.info("stopping on a signal; staged changes discarded")
                exitCode = 0
            }
        }
        session.stopWatching()
        return exitCode ?? 0
    }

    /// Splits what arrived so `requestAccess` (which may wait a minute for the owner) and `sync`
    /// (which talks to a CalDAV server) never run inside a group transaction that would hold the
    /// store's write lock meanwhile.
    static func runs(_ items: [Arrival]) -> [[Arrival]] {
        var runs: [[Arrival]] = [[]]
        for item in items {
            if item.runsAlone {
                runs.append([item])
                runs.append([])
            } else {
                runs[runs.count - 1].append(item)
            }
        }
        return runs.filter { !$0.isEmpty }
    }

    /// The transaction a run of messages is answered in.
    private enum RunTransaction {
        /// One transaction for the group, durable all together (group commit). Whatever it staged
        /// or committed is the store's to keep or to put back as it was.
        case group(EventStore)
        /// Changes staged with commit:false write nothing: tried together in one transaction
        /// (their reads share it, as a group's do), which is then rolled back.
        case stagingOnly(EventStore)
        /// Reads and lifecycle messages: each in the transactions of its own.
        case none
    }

    private func transaction(for run: [Arrival]) -> RunTransaction {
        guard session.lifecycle == .running, let eventStore = session.openedStore else { return .none }
        if run.contains(where: \.hasWrite) { return .group(eventStore) }
        if run.contains(where: \.stagesChanges) { return .stagingOnly(eventStore) }
        return .none
    }

    private func process(_ run: [Arrival]) {
        var replies: [OutgoingMessage] = []
        func answerEach() {
            for item in run where exitCode == nil && !isStopping { if let reply = handle(item) { replies.append(reply) } }
        }
        var failure: StoreError?
        switch transaction(for: run) {
        case .group(let eventStore):
            if case .rolledBack(let error) = eventStore.durably({ () throws(StoreError) in answerEach() }) { failure = error }
        case .stagingOnly(let eventStore):
            do throws(StoreError) { try eventStore.stagingOnly(answerEach) } catch { failure = error }
        case .none:
            answerEach()
        }
        if let failure {
            // Nothing in it is durable, so no request in it succeeded: the group's failure is each
            // request's answer, each in its own shape (a batch with one array, invalid messages
            // with their own error).
            let error = ResponseError.from(failure, prefix: nil, zone: session.timeZone)
            replies = run.compactMap { $0.replyWhenTheGroupFailed(error).map(OutgoingMessage.init) }
        }
        connection.send(replies)
        connection.finished(answeredIDs)
        answeredIDs.removeAll(keepingCapacity: true)
    }

    private func handle(_ item: Arrival) -> OutgoingMessage? {
        switch item.item {
        case .single(let message):
            return reply(to: message)
        case .batch(let messages):
            let replies = messages.compactMap { exitCode == nil ? reply(to: $0) : nil }
            return replies.isEmpty ? nil : OutgoingMessage(Envelope.batch(replies.map(\.joined)))
        case .unreadable(let error):
            return OutgoingMessage(Envelope.error(id: nil, error))
        case .endOfInput:
            if session.openedStore?.hasUncommittedChanges == true { session.log.info("end of input: uncommitted changes discarded") }
            exitCode = 0
            return nil
        }
    }

    private func reply(to message: Received) -> OutgoingMessage? {
        switch message {
        case .request(let request, let call):
            defer { answeredIDs.append(request.id) }
            return dispatcher.answer(call, id: request.id, isCancelled: { [connection] in connection.isCancelled(request.id) })
        case .notification(let notification):
            notify(notification)
            return nil
        case .response(let id):
            session.log.debug("ignored a response (id \(id.map(String.init(describing:)) ?? "null")) from the client")
            return nil
        case .invalid(let id, let error):
            return OutgoingMessage(Envelope.error(id: id, error))
        }
    }

    private func notify(_ notification: RemindersJSONRPC.Notification) {
        switch session.lifecycle.admitNotification(notification.method) {
        case .exit(let code): exitCode = code
        case .drop, .reject: break
        case .handle:
            if !NotificationRegistry.fromClient.contains(where: { $0.name == notification.method }) {
                session.log.debug("ignored notification \(notification.method)")
            }
        }
    }
}

/// A stop asked for from another thread — a signal handler — than the one the server runs on:
/// noted, and the connection's wait for input interrupted so that the loop sees it.
public final class StopRequest: Sendable {
    private let requested = Mutex(false)
    private let connection: Connection

    init(connection: Connection) { self.connection = connection }

    public func callAsFunction() {
        requested.withLock { $0 = true }
        connection.interrupt()
    }

    var isRequested: Bool { requested.withLock { $0 } }
}
