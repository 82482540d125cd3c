import Foundation
import RemindersJSONRPC
import RemindersLogging
import RemindersJSON
import RemindersModel
import RemindersStore

/// One client's state: who it is, where it is (time zone), what it staged, what it created.
final class Session {
    let options: ServerOptions
    /// Where notifications go; nil for a session driven from this process (`LocalSession`).
    let connection: Connection?
    private var watcher: ChangeWatcher?
    /// Opened by `initialize`; nil until then, or when it could not be opened (`initialize` reports why,
    /// and a retried `initialize` tries again).
    private(set) var openedStore: EventStore?
    private(set) var storeFailure: StoreError?
    var log: Log { options.log }
    /// The time as the server's clock says (`ServerOptions.clock`).
    var now: Timestamp { options.clock() }

    var lifecycle = Lifecycle.awaitingInitialize
    var clientName = "" {
        didSet { openedStore?.author = author }
    }
    /// Who the history says made this client's changes.
    var author: ChangeAuthor { ChangeAuthor(client: clientName, program: options.clientProgram) }
    /// Asked at initialize for `alarmFired` (capabilities.alarms).
    var wantsAlarms = false
    var clientVersion: String?
    var timeZone: TimeZone {
        didSet { openedStore?.timeZone = timeZone }
    }
    /// The zone's name as the client gave it (Foundation answers "GMT" for a TimeZone made from "UTC").
    var timeZoneName: String
    /// Reminders this session created: write-only clients may add alarms to these.
    var createdIdentifiers = Set<String>()
    /// Whether changes staged now include some made with full access, which a client demoted to
    /// write-only must not commit (it could not have made them).
    var hasChangesStagedWithFullAccess = false

    func noteStagedChanges(after method: RegisteredMethod, status: AuthorizationStatus) {
        guard method.effect.changesWhatIsStaged, let openedStore else { return }
        if !openedStore.hasUncommittedChanges {
            hasChangesStagedWithFullAccess = false
        } else if status == .fullAccess {
            hasChangesStagedWithFullAccess = true
        }
    }

    init(options: ServerOptions, connection: Connection?) {
        self.options = options
        self.connection = connection
        timeZone = options.timeZone.zone
        timeZoneName = options.timeZone.name
    }

    /// Who is asked when a client requests access: the owner's consent agent, recorded in the store
    /// (`remindersd permissions consent-agent`), else the owner's terminal — never a channel the
    /// client chose: an agent named on the command line is heeded only when it is the owner's.
    func consent() throws(ResponseError) -> ConsentAsking {
        let owners = try? eventStore().read { store throws(StoreError) in try store.consentAgent() }
        if let given = options.consentAgent, !given.isEmpty, owners.map({ !RequestingProgram.sameFile($0, given) }) ?? true {
            log.warning(
                """
                --consent-agent \(given) is not the owner's consent agent, so it is not asked \
                (the owner records theirs with: remindersd permissions consent-agent PROGRAM)
                """)
        }
        if let owners {
            return ConsentAgentProgram(program: owners, timeout: options.consentTimeout, log: log, evidence: options.clientIdentity.evidence)
        }
        return ConsentChain(
            askers: options.consentOnTerminal
                ? [TerminalConsent(timeout: options.consentTimeout, log: log, identity: options.clientIdentity)] : [])
    }

    private func openStore() {
        do {
            let opened = try EventStore(
                path: options.storePath, busyTimeoutMilliseconds: options.busyTimeoutMilliseconds, rules: options.rules, timeZone: timeZone,
                clock: options.clock)
            opened.author = author
            openedStore = opened
            storeFailure = nil
        } catch {
            options.log.error("cannot open the store: \(error)")
            openedStore = nil
            storeFailure = error
        }
    }

    /// From `initialize` on, the client hears of every commit to the store and of changes to its access.
    func startWatching() {
        guard options.sendsChangeNotifications, watcher == nil, let connection, let store = openedStore else { return }
        do {
            watcher = try ChangeWatcher(
                storePath: store.path, connection: connection, client: clientName, program: options.clientProgram, alarms: wantsAlarms,
                log: log)
            watcher?.start()
        } catch {
            log.warning("cannot watch the store for changes: \(error)")
        }
    }

    func stopWatching() { watcher?.stop() }

    /// The store, or the reason there is none as a -32013 error.
    func eventStore() throws(ResponseError) -> EventStore {
        // Opened on first use (initialize); after a failure, what kept it shut may have passed
        // (another program's lock, a mount), so a retried initialize tries again.
        if openedStore == nil { openStore() }
        guard let openedStore else { throw .storeUnavailable(storeFailure?.description ?? "the store is not open") }
        return openedStore
    }

    /// The status as read for the messages in hand; see `authorizationStatus`.
    private var statusForMessagesInHand: [EntityType: AuthorizationStatus] = [:]

    /// Whether the client's scopes (the lists it was granted, if chosen ones) were read for the
    /// messages in hand.
    private var scopesReadForMessagesInHand = false

    /// Called whenever new messages have been taken from the connection.
    func beginMessagesInHand() {
        statusForMessagesInHand.removeAll(keepingCapacity: true)
        scopesReadForMessagesInHand = false
    }

    /// This client's status, read from the store once for the messages taken from the connection
    /// together. Every one of them was sent before the read, so a `permissions set` that finished
    /// before a call was sent always applies to that call; pipelined calls do not each pay a query.
    func authorizationStatus(_ entityType: EntityType = .reminder) throws -> AuthorizationStatus {
        if let status = statusForMessagesInHand[entityType] { return status }
        let eventStore = try eventStore()
        let (client, program, readScopes) = (clientName, options.clientProgram, !scopesReadForMessagesInHand)
        // The grant and its scope from one snapshot: a `permissions set` landing between the reads
        // cannot pair one grant's status with another's lists.
        let (status, scopes) = try eventStore.read { store throws(StoreError) in
            var scopes: [EntityType: CalendarScope?]?
            if readScopes {
                // Every kind's at once: a call checked for one kind may read the other (calendarItem).
                let scoped = try store.hasScopedGrant(client: client)
                scopes = [:]
                for kind in EntityType.allCases {
                    scopes?[kind] = scoped ? try store.authorizationScope(client: client, program: program, entityType: kind) : nil
                }
            }
            return (try store.authorizationStatus(client: client, program: program, entityType: entityType), scopes)
        }
        if let scopes {
            for (kind, scope) in scopes { eventStore.scopes[kind] = scope }
            scopesReadForMessagesInHand = true
        }
        statusForMessagesInHand[entityType] = status
        return status
    }

    /// Records a decision (requestAccess) so the calls in hand after it obey it — its scope too:
    /// a grant for chosen lists holds for the very next call pipelined after it.
    func authorizationDidChange(to status: AuthorizationStatus, for entityType: EntityType = .reminder, scope: CalendarScope? = nil) {
        statusForMessagesInHand[entityType] = status
        openedStore?.scopes[entityType] = scope
    }
}
