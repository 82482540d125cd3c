import RemindersCLibdbus
import Foundation

/// The notification connection's thread: it alone touches the bus connection, sends what callers
/// queued, matches replies to the calls that asked and hands the server's signals on.
struct BusLoop {
    let shared: NotificationServer.Shared
    private var connection: BusConnection?
    /// The unique name of the server that owns org.freedesktop.Notifications, once known: only its
    /// signals are heard (another program on the bus could send a look-alike).
    private var owner: String?
    private var waiting: [UInt32: Waiting] = [:]

    /// A call sent whose reply has not come: what to do with it, and until when to wait.
    private struct Waiting {
        enum Purpose {
            case notify(@Sendable (Result<UInt32, BusFailure>) -> Void)
            case nameOwner
            case other
        }
        let purpose: Purpose
        let deadline: ContinuousClock.Instant
    }

    /// As long as libdbus waits for a reply by default.
    static let patience: Duration = .seconds(25)

    static let rules = [
        "type='signal',interface='\(NotificationServer.name)',path='\(NotificationServer.path)'",
        "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(NotificationServer.name)'",
    ]

    init(shared: NotificationServer.Shared) { self.shared = shared }

    private func events(_ event: NotificationEvent) { shared.tell(event) }

    mutating func run() {
        while true {
            let (calls, stopped) = shared.take()
            if stopped {
                for call in calls {
                    switch call {
                    case .notify(_, let answered): answered(.failure(.stopped))
                    case .close: perform(call)  // taken off the screen before the connection goes
                    }
                }
                fail(everyWaiting: .stopped)
                connection = nil
                return
            }
            for call in calls { perform(call) }
            takeMessages()
            expire()
            waitForInput()
            if let connection, !connection.readAvailable() { lost() }
        }
    }

    private mutating func perform(_ call: NotificationServer.Call) {
        switch call {
        case .notify(let notification, let answered):
            do {
                let connection = try connected()
                let message = Self.notifyMessage(notification)
                defer { message?.release() }
                guard let message, let serial = connection.send(message) else {
                    answered(.failure(.unavailable("the session bus connection could not take the notification")))
                    return
                }
                waiting[serial] = Waiting(purpose: .notify(answered), deadline: .now + Self.patience)
            } catch {
                answered(.failure(error))
            }
        case .close(let id):
            guard let connection, case .success(let api) = LibDBus.loaded else { return }
            guard
                let message = BusMessage.call(
                    api, destination: NotificationServer.name, path: NotificationServer.path, interface: NotificationServer.name,
                    method: "CloseNotification", write: { $0.uint32(id) })
            else { return }
            defer { message.release() }
            if let serial = connection.send(message) { waiting[serial] = Waiting(purpose: .other, deadline: .now + Self.patience) }
        }
    }

    /// The connection, made now if there is none.
    private mutating func connected() throws(BusFailure) -> BusConnection {
        if let connection, connection.isConnected { return connection }
        if connection != nil { lost() }
        let api: CDBusAPI
        switch LibDBus.loaded {
        case .success(let loaded): api = loaded
        case .failure(let failure): throw failure
        }
        let made = try BusConnection(api: api, matching: Self.rules)
        connection = made
        owner = nil
        if let message = BusMessage.call(
            api, destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            method: "GetNameOwner", write: { $0.string(NotificationServer.name) })
        {
            defer { message.release() }
            if let serial = made.send(message) { waiting[serial] = Waiting(purpose: .nameOwner, deadline: .now + Self.patience) }
        }
        return made
    }

    /// `Notify(app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout)`.
    private static func notifyMessage(_ notification: DesktopNotification) -> BusMessage? {
        guard case .success(let api) = LibDBus.loaded else { return nil }
        return BusMessage.call(
            api, destination: NotificationServer.name, path: NotificationServer.path, interface: NotificationServer.name, method: "Notify"
        ) { writer in
            writer.string(notification.appName) && writer.uint32(notification.replacesID) && writer.string("")
                && writer.string(notification.summary) && writer.string(notification.body)
                && writer.strings(notification.actions.flatMap { [$0.key, $0.label] })
                && writer.container(Int32(CDBUS_TYPE_ARRAY), "{sv}") { hints in
                    hints.container(Int32(CDBUS_TYPE_DICT_ENTRY), nil) { entry in
                        entry.string("urgency")
                            && entry.container(Int32(CDBUS_TYPE_VARIANT), "y") { $0.byte(notification.urgency.rawValue) }
                    }
                }
                && writer.int32(notification.expireTimeout)
        }
    }

    /// Every message read so far: replies to what was asked, and the signals of the server.
    private mutating func takeMessages() {
        guard let connection else { return }
        while let message = connection.nextMessage() {
            defer { message.release() }
            switch message.type {
            case Int32(CDBUS_MESSAGE_TYPE_METHOD_RETURN), Int32(CDBUS_MESSAGE_TYPE_ERROR):
                answer(message)
            case Int32(CDBUS_MESSAGE_TYPE_SIGNAL):
                hear(message)
            default:
                continue  // a method call to this connection: it serves none
            }
        }
    }

    private mutating func answer(_ message: BusMessage) {
        guard let asked = waiting.removeValue(forKey: message.replySerial) else { return }
        let arguments = message.arguments
        let isError = message.type == Int32(CDBUS_MESSAGE_TYPE_ERROR)
        switch asked.purpose {
        case .notify(let answered):
            if isError {
                let text = arguments.first.flatMap { if case .string(let text) = $0 { text } else { nil } }
                answered(.failure(.refused([message.errorName, text].compactMap { $0 }.joined(separator: ": "))))
            } else if case .uint32(let id)? = arguments.first {
                // The reply comes from the server itself: its unique name is whose signals count.
                if let sender = message.sender, sender != owner { owner = sender }
                answered(.success(id))
            } else {
                answered(.failure(.refused("Notify answered without an id")))
            }
        case .nameOwner:
            if !isError, case .string(let name)? = arguments.first { owner = name }
        case .other:
            break
        }
    }

    private mutating func hear(_ message: BusMessage) {
        let arguments = message.arguments
        switch (message.interface, message.member) {
        case ("org.freedesktop.DBus", "NameOwnerChanged"):
            guard message.sender == "org.freedesktop.DBus", arguments.count == 3, case .string(let name) = arguments[0],
                name == NotificationServer.name, case .string(let old) = arguments[1], case .string(let new) = arguments[2]
            else { return }
            owner = new.isEmpty ? nil : new
            if !old.isEmpty { events(.serverChanged) }
        case (NotificationServer.name?, let member?):
            guard let sender = message.sender, sender == owner else { return }
            switch (member, arguments.first, arguments.dropFirst().first) {
            case ("ActionInvoked", .uint32(let id)?, .string(let key)?): events(.action(id: id, key: key))
            case ("NotificationClosed", .uint32(let id)?, .uint32(let reason)?): events(.closed(id: id, reason: reason))
            case ("ActivationToken", .uint32(let id)?, .string(let token)?): events(.activationToken(id: id, token: token))
            default: return
            }
        default:
            return
        }
    }

    /// Calls whose reply is overdue are answered `noAnswer`.
    private mutating func expire() {
        let now = ContinuousClock.now
        for (serial, asked) in waiting where asked.deadline <= now {
            waiting[serial] = nil
            if case .notify(let answered) = asked.purpose { answered(.failure(.noAnswer)) }
        }
    }

    /// Sleeps in poll(2) until the bus socket or the wake pipe has something, or the next reply is overdue.
    private func waitForInput() {
        var descriptors = [pollfd(fd: shared.wakeRead, events: Int16(POLLIN), revents: 0)]
        if let connection { descriptors.append(pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0)) }
        var timeout: Int32 = shared.wakeRead < 0 ? 1000 : -1
        if let soonest = waiting.values.map(\.deadline).min() {
            let left = ContinuousClock.now.duration(to: soonest)
            let milliseconds = max(0, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            timeout = timeout < 0 ? Int32(min(milliseconds, 60_000)) : min(timeout, Int32(min(milliseconds, 60_000)))
        }
        _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
    }

    /// The bus went away: what waited for it is answered, and the next call connects again.
    private mutating func lost() {
        connection = nil
        owner = nil
        fail(everyWaiting: .unavailable("the session bus went away"))
        events(.serverChanged)
    }

    private mutating func fail(everyWaiting failure: BusFailure) {
        let asked = waiting
        waiting.removeAll()
        for (_, call) in asked { if case .notify(let answered) = call.purpose { answered(.failure(failure)) } }
    }
}
