import Foundation
import RemindersJSONRPC
import RemindersLogging
import RemindersJSON
import RemindersModel
import RemindersStore

/// How a server is set up: everything the command line and environment can say.
public struct ServerOptions: Sendable {
    public var storePath: String
    /// The program on the other end (see `RequestingProgram`): grants are for its name and this.
    public var clientIdentity = RequestingProgram.ofParent()
    public var clientProgram: String { clientIdentity.program }
    /// `PROGRAM CLIENT ENTITY LEVEL USAGE`, exit 0 = allow: the owner's, named on the command line
    /// for this run. Heeded only when it is the agent the owner recorded in the store
    /// (`remindersd permissions consent-agent`): whoever starts remindersd chooses its arguments.
    public var consentAgent: String?
    /// Whether to ask on /dev/tty when there is no agent.
    public var consentOnTerminal: Bool = true
    public var consentTimeout: TimeInterval = 60
    /// What the server takes for now — the wall clock, or a test's — for every date it reads or
    /// decides relative to now ("tomorrow", a snooze, the history).
    public var clock: @Sendable () -> Timestamp = { Timestamp.now() }
    public var limits = Limits()
    public var rules = CalendarItemRules()
    public var busyTimeoutMilliseconds = CalendarStore.defaultBusyTimeout
    public var log = Log()
    /// Whether to watch the store and send storeChanged/authorizationChanged (a one-shot call has nobody to tell).
    public var sendsChangeNotifications = true
    /// The zone of a client that names none at `initialize`: the process's own, as `TZ` or
    /// /etc/localtime say (see `SystemTimeZone`).
    public var timeZone = SystemTimeZone.Resolution(zone: .current, name: TimeZone.current.identifier)

    public init(storePath: String) { self.storePath = storePath }
}
