import Foundation
import RemindersJSONRPC
import RemindersLauncher
import RemindersModel
import RemindersProtocol

/// A program's way into the person's reminders and events, under their permission — on a Mac a
/// client of calaccessd over XPC, here a client of `remindersd serve` over a pipe: one server
/// process per store object, ended when the object goes away.
///
/// The program is known to remindersd (for its permissions) as `REMINDERSD_CLIENT`, else its
/// bundle identifier, else its executable's name. Whatever the server answers with an error comes
/// back as `EKError`; a server that cannot start or goes away is `EKError.internalFailure`, never
/// a hang. `EKEventStoreChanged` is posted on the main queue when anything in the store changes.
open class EKEventStore: NSObject, @unchecked Sendable {  // its state is the connection's, which locks
    private let link: Result<StoreConnection, EKError>
    /// The identity the program has in remindersd's permissions.
    public let clientName: String
    private let calendarsLock = NSLock()
    private var calendarCache: [String: EKCalendar] = [:]
    /// For a store made with `init(sources:)`: the identifiers of the sources it holds.
    let sourceFilter: Set<String>?

    public override convenience init() {
        self.init(link: Self.connect(), sourceFilter: nil)
    }

    private init(link: Result<StoreConnection, EKError>, sourceFilter: Set<String>?) {
        clientName = Self.clientName()
        self.link = link
        self.sourceFilter = sourceFilter
        super.init()
        if case .success(let connection) = link {
            connection.onNotification { [weak self] method, _ in
                guard method == NotificationRegistry.storeChanged.name || method == NotificationRegistry.authorizationChanged.name else {
                    return
                }
                // Through the main operation queue, not a plain main-queue block: an observer added
                // with `queue: .main` then runs at once, where Foundation would otherwise wait for the
                // very queue that posts.
                OperationQueue.main.addOperation { [weak self] in
                    guard let self else { return }
                    self.forgetCalendars()
                    NotificationCenter.default.post(name: .EKEventStoreChanged, object: self)
                }
            }
        }
    }

    /// A session of its own with remindersd, initialized as this program.
    private static func connect() -> Result<StoreConnection, EKError> {
        do throws(EKError) {
            let connection = try StoreConnection()
            try connection.initialize(Initialize.Params(clientName: clientName(), clientVersion: "EventKit", timeZone: TimeZone.current.identifier))
            return .success(connection)
        } catch {
            return .failure(error)
        }
    }

    /// A store holding only the calendars (and their items) of `sources`, as Apple's: a fetch
    /// without calendars, the default calendars and `sources` are limited to them.
    public convenience init(sources: [EKSource]) {
        self.init(link: Self.connect(), sourceFilter: Set(sources.map(\.sourceIdentifier)))
    }

    deinit { if case .success(let connection) = link { connection.close() } }

    /// `REMINDERSD_CLIENT`, else the bundle's identifier, else the executable's name.
    static func clientName() -> String { RemindersdProgram.clientName() }

    func connection() throws(EKError) -> StoreConnection { try link.get() }

    /// The session's zone: the one events' dates are read in.
    var zone: TimeZone { (try? connection().zone) ?? .current }

    /// A stable name for the store remindersd keeps: the path it uses, as every process of this user sees it.
    public var eventStoreIdentifier: String {
        let environment = ProcessInfo.processInfo.environment
        let path =
            environment["REMINDERSD_STORE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory() + "/.local/share")
                + "/remindersd/reminders.sqlite")
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in resolved.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return String(hash, radix: 16, uppercase: true)
    }

    /// Does nothing: remindersd's calendars are always those of the store (a sync brings the server's).
    open func refreshSourcesIfNecessary() {}

    // MARK: Calendars

    /// The reminder lists, or the event calendars, oldest first (none without access).
    open func calendars(for entityType: EKEntityType) -> [EKCalendar] {
        guard let found = try? connection().call(Calendars.self, EntityTypeParams(entityType: entityType.model)) else { return [] }
        return found.calendars.map(calendar(from:)).filter(isHeld)
    }

    /// Whether the calendar is one this store holds (every one, but for a store of chosen sources).
    func isHeld(_ calendar: EKCalendar) -> Bool {
        guard let sourceFilter else { return true }
        return calendar.source.map { sourceFilter.contains($0.sourceIdentifier) } ?? false
    }

    /// The calendars a predicate with `calendars` nil covers: every one, or this store's sources'.
    func heldCalendars(_ calendars: [EKCalendar]?, _ entityType: EKEntityType) -> [EKCalendar]? {
        calendars ?? (sourceFilter == nil ? nil : self.calendars(for: entityType))
    }

    open func calendar(withIdentifier identifier: String) -> EKCalendar? {
        if let cached = calendarsLock.withLock({ calendarCache[identifier] }) { return cached }
        for entityType in [EKEntityType.reminder, .event] {
            if let found = calendars(for: entityType).first(where: { $0.calendarIdentifier == identifier }) { return found }
        }
        return nil
    }

    /// The list new reminders go to; nil when there is none the program may write.
    open func defaultCalendarForNewReminders() -> EKCalendar? {
        (try? connection().call(DefaultCalendarForNewReminders.self, NoParams()))?.calendar.map(calendar(from:)).flatMap { isHeld($0) ? $0 : nil }
    }

    /// The calendar new events go to; nil when there is none the program may write.
    open var defaultCalendarForNewEvents: EKCalendar? {
        (try? connection().call(DefaultCalendarForNewEvents.self, NoParams()))?.calendar.map(calendar(from:)).flatMap { isHeld($0) ? $0 : nil }
    }

    /// Creates or changes a calendar. Calendars are saved at once, whatever `commit` says.
    open func saveCalendar(_ calendar: EKCalendar, commit: Bool) throws {
        calendar.read(try connection().call(SaveCalendar.self, SaveCalendar.Params(calendar: calendar.changes)).calendar)
        remember(calendar)
    }

    /// Removes a calendar and every item in it.
    open func removeCalendar(_ calendar: EKCalendar, commit: Bool) throws {
        try connection().call(RemoveCalendar.self, RemoveCalendar.Params(calendarIdentifier: calendar.calendarIdentifier))
        calendarsLock.withLock { _ = calendarCache.removeValue(forKey: calendar.calendarIdentifier) }
    }

    /// Where calendars come from: this computer, and each CalDAV account the store syncs.
    open var sources: [EKSource] {
        var seen: [String: EKSource] = ["local": localSource]
        for calendar in calendars(for: .reminder) + calendars(for: .event) {
            if let source = calendar.source { seen[source.sourceIdentifier] = source }
        }
        return seen.values.filter { sourceFilter?.contains($0.sourceIdentifier) ?? true }.sorted { $0.sourceIdentifier < $1.sourceIdentifier }
    }

    /// The source with `identifier` among `sources`; nil when there is none.
    open func source(withIdentifier identifier: String) -> EKSource? {
        sources.first { $0.sourceIdentifier == identifier }
    }

    /// Sources another account delegated to this one (an Exchange delegate's, on a Mac): remindersd
    /// syncs no delegated accounts, so there are none, as on a Mac without any.
    open var delegateSources: [EKSource] { [] }

    lazy var localSource = EKSource(identifier: "local", title: "On My Computer", type: .local, account: nil, store: self)

    /// Where subscribed calendars belong, as on a Mac.
    lazy var subscribedSource = EKSource(identifier: "subscribed", title: "Subscribed Calendars", type: .subscribed, account: nil, store: self)

    func source(for calendar: ItemCalendar) -> EKSource {
        calendar.type == .subscription ? subscribedSource : source(for: calendar.source)
    }

    func source(for source: CalendarSource?) -> EKSource {
        guard let account = source?.account else { return localSource }
        return EKSource(identifier: "caldav:" + account, title: account, type: .calDAV, account: account, store: self)
    }

    private func calendar(from stored: ItemCalendar) -> EKCalendar {
        if let cached = calendarsLock.withLock({ calendarCache[stored.calendarIdentifier] }) {
            cached.read(stored)
            return cached
        }
        let calendar = EKCalendar(stored, store: self)
        remember(calendar)
        return calendar
    }

    private func remember(_ calendar: EKCalendar) {
        guard !calendar.calendarIdentifier.isEmpty else { return }
        calendarsLock.withLock { calendarCache[calendar.calendarIdentifier] = calendar }
    }

    /// Calendars are read afresh after a change (one may be gone, renamed, read-only now).
    func forgetCalendars() { calendarsLock.withLock { calendarCache.removeAll() } }

    // MARK: Staging

    /// Writes every change saved with `commit: false`, in one transaction.
    open func commit() throws { try connection().call(Commit.self, NoParams()) }

    /// Forgets every change saved with `commit: false`; what was fetched is read afresh next time.
    open func reset() {
        _ = try? connection().call(Reset.self, NoParams())
        forgetCalendars()
    }
}
