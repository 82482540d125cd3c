import CoreGraphics
import Foundation
import RemindersModel
import RemindersProtocol

/// A reminder list or an event calendar (a calendar here holds one kind, as EventKit makes them).
open class EKCalendar: EKObject {  // not Sendable, as Apple's is not
    private(set) var identifier: String?
    open var title: String = ""
    public private(set) var type: EKCalendarType = .local
    open var allowsContentModifications: Bool { writable }
    private var writable = true
    /// Whether it may be changed at all (renamed, removed): every calendar of remindersd may be.
    public let isImmutable = false
    /// Whether its items come from a feed it is subscribed to (`remindersd subscriptions add`).
    public var isSubscribed: Bool { type == .subscription }
    public private(set) var allowedEntityTypes: EKEntityMask
    /// An event calendar's events may be busy, free, tentative or unavailable (all four travel
    /// through CalDAV); a reminder list has no events.
    open var supportedEventAvailabilities: EKCalendarEventAvailabilityMask {
        allowedEntityTypes.contains(.event) ? [.busy, .free, .tentative, .unavailable] : []
    }
    /// `#RRGGBB`, as remindersd keeps a calendar's colour (`cgColor` reads and writes it).
    open var colorHex: String?

    /// The calendar's colour, in sRGB; set, it becomes `colorHex` (converted to sRGB first: a grey
    /// as its three equal components; alpha is not kept, as CalDAV's colours have none worth keeping).
    open var cgColor: CGColor! {
        get {
            guard let hex = colorHex, hex.count == 7, hex.hasPrefix("#"), let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
            func component(_ shift: UInt32) -> CGFloat { CGFloat((value >> shift) & 0xFF) / 255 }
            return CGColor(red: component(16), green: component(8), blue: component(0), alpha: 1)
        }
        set {
            // In sRGB first, as a calendar's colour is written (a linear or grey colour converted).
            let inSRGB = newValue?.converted(to: CGColorSpace(name: CGColorSpace.sRGB)!, intent: .defaultIntent, options: nil)
            guard let components = inSRGB?.components, components.count == 4 else { return colorHex = nil }
            let rgb = Array(components.prefix(3))
            colorHex = "#" + rgb.map { String(format: "%02X", Int(($0 * 255).rounded())) }.joined()
        }
    }
    open var source: EKSource!
    weak var store: EKEventStore?
    /// What the store said when it was read (or saved).
    private(set) var stored: ItemCalendar?

    /// A new calendar of `entityType` for `eventStore`, saved with `saveCalendar(_:commit:)`.
    public init(for entityType: EKEntityType, eventStore: EKEventStore) {
        allowedEntityTypes = entityType == .event ? .event : .reminder
        store = eventStore
        super.init()
        source = eventStore.localSource
    }

    /// A new event calendar, as Apple's older initializer makes one.
    @available(*, deprecated, renamed: "init(for:eventStore:)")
    public convenience init(eventStore: EKEventStore) {
        self.init(for: .event, eventStore: eventStore)
    }

    init(_ calendar: ItemCalendar, store: EKEventStore) {
        allowedEntityTypes = calendar.entityType == .event ? .event : .reminder
        self.store = store
        super.init()
        read(calendar)
    }

    /// The calendar's identifier: the store's, once saved ("" before).
    public var calendarIdentifier: String { identifier ?? "" }

    public override var isNew: Bool { identifier == nil }
    public override var hasChanges: Bool {
        guard let stored, !isNew else { return true }
        return title != stored.title || colorHex != stored.color || source?.account != stored.source?.account
    }

    func read(_ calendar: ItemCalendar) {
        identifier = calendar.calendarIdentifier
        title = calendar.title
        type = EKCalendarType(calendar.type)
        writable = calendar.allowsContentModifications
        colorHex = calendar.color
        if let store { source = store.source(for: calendar) }
        stored = calendar
    }

    var entityType: EKEntityType { allowedEntityTypes.contains(.event) ? .event : .reminder }

    /// What `saveCalendar` takes: the calendar as it is now.
    var changes: CalendarChanges {
        CalendarChanges(calendarIdentifier: identifier, title: title, color: colorHex, account: source?.account, entityType: entityType.model)
    }

    @discardableResult
    open override func refresh() -> Bool {
        guard let identifier, let store, let found = store.calendar(withIdentifier: identifier)?.stored else { return false }
        read(found)
        return true
    }

    open override func rollback() { if let stored { read(stored) } }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? EKCalendar, let identifier else { return self === object as AnyObject }
        return other.identifier == identifier
    }

    open override var hash: Int { identifier?.hashValue ?? ObjectIdentifier(self).hashValue }
}

/// Where calendars come from: this computer, or a CalDAV account.
open class EKSource: EKObject {  // not Sendable, as Apple's is not
    public let sourceIdentifier: String
    public let title: String
    public let sourceType: EKSourceType
    /// The CalDAV account's name, for a source of synced calendars.
    let account: String?
    weak var store: EKEventStore?

    init(identifier: String, title: String, type: EKSourceType, account: String?, store: EKEventStore) {
        sourceIdentifier = identifier
        self.title = title
        sourceType = type
        self.account = account
        self.store = store
        super.init()
    }

    /// Its calendars of `entityType`.
    open func calendars(for entityType: EKEntityType) -> Set<EKCalendar> {
        Set(store?.calendars(for: entityType).filter { $0.source?.sourceIdentifier == sourceIdentifier } ?? [])
    }

    /// Its event calendars, as Apple's older property gives them.
    @available(*, deprecated, renamed: "calendars(for:)")
    public var calendars: Set<EKCalendar> { calendars(for: .event) }

    public var isDelegate: Bool { false }
    open override var isNew: Bool { false }
}
