import RemindersCivilTime
import Foundation
import RemindersJSONRPC
import RemindersModel

/// What reminders and events share (EventKit's superclass of both): the calendar, the title, the
/// notes, alarms, recurrence. An object read from the store is a snapshot; `refresh()` reads it
/// again, and a save sends what changed since.
open class EKCalendarItem: EKObject {  // not Sendable, as Apple's is not
    let store: EKEventStore
    /// What a fetch gave of it and nothing has looked at yet: read whole at the first look at any
    /// member (`loaded()`). A fetch makes thousands of items, most looked at in part or not at all.
    private var unread: WireSlice?
    private var fields = Fields()

    /// What every calendar item holds, behind the members that read what a fetch left unread first.
    private struct Fields {
        var identifier: String?
        var calendar: EKCalendar?
        var title: String!
        var location: String?
        var notes: String?
        var url: URL?
        var timeZone: TimeZone?
        var alarms: [EKAlarm]?
        var recurrenceRules: [EKRecurrenceRule]?
        var creationDate: Date?
        var lastModifiedDate: Date?
        var calendarItemExternalIdentifier: String!
    }

    var identifier: String? {
        get { loaded(); return fields.identifier }
        set { loaded(); fields.identifier = newValue }
    }

    open var calendar: EKCalendar! {
        get { loaded(); return fields.calendar }
        set { loaded(); fields.calendar = newValue }
    }
    open var title: String! {
        get { loaded(); return fields.title }
        set { loaded(); fields.title = newValue }
    }
    open var location: String? {
        get { loaded(); return fields.location }
        set { loaded(); fields.location = newValue }
    }
    open var notes: String? {
        get { loaded(); return fields.notes }
        set { loaded(); fields.notes = newValue }
    }
    open var url: URL? {
        get { loaded(); return fields.url }
        set { loaded(); fields.url = newValue }
    }
    open var timeZone: TimeZone? {
        get { loaded(); return fields.timeZone }
        set { loaded(); fields.timeZone = newValue }
    }
    open var alarms: [EKAlarm]? {
        get { loaded(); return fields.alarms }
        set { loaded(); fields.alarms = newValue }
    }
    open var recurrenceRules: [EKRecurrenceRule]? {
        get { loaded(); return fields.recurrenceRules }
        set { loaded(); fields.recurrenceRules = newValue }
    }
    public internal(set) var creationDate: Date? {
        get { loaded(); return fields.creationDate }
        set { loaded(); fields.creationDate = newValue }
    }
    public internal(set) var lastModifiedDate: Date? {
        get { loaded(); return fields.lastModifiedDate }
        set { loaded(); fields.lastModifiedDate = newValue }
    }
    public internal(set) var calendarItemExternalIdentifier: String! {
        get { loaded(); return fields.calendarItemExternalIdentifier }
        set { loaded(); fields.calendarItemExternalIdentifier = newValue }
    }

    init(store: EKEventStore) {
        self.store = store
        super.init()
    }

    /// An item a fetch gave, read when first looked at.
    init(unread: WireSlice, store: EKEventStore) {
        self.store = store
        self.unread = unread
        super.init()
    }

    /// Reads what a fetch left unread, once; every member's accessor asks first.
    @inline(__always) final func loaded() {
        guard let unread else { return }
        self.unread = nil
        read(unread: unread.value)
    }

    /// What a fetch gave, read as the kind's model value (each kind reads its own).
    func read(unread value: JSONValue) {}

    /// What the store said of it when it was read (or saved): what a save compares against; nil
    /// for an item made here.
    var storedItem: (any CalendarItem)? { nil }

    /// The store's identifier for it, once saved ("" before).
    public var calendarItemIdentifier: String { identifier ?? "" }

    /// EventKit's older name for `calendarItemIdentifier`.
    @available(*, deprecated, renamed: "calendarItemIdentifier")
    public var UUID: String { calendarItemIdentifier }

    public var hasAlarms: Bool { !(alarms ?? []).isEmpty }
    public var hasNotes: Bool { !(notes ?? "").isEmpty }
    public var hasRecurrenceRules: Bool { !(recurrenceRules ?? []).isEmpty }
    /// Who the invitation it came in names, read-only (nil when none, as Apple's; a reminder has none).
    public var attendees: [EKParticipant]? { EKParticipant.list(storedAttendees) }
    public var hasAttendees: Bool { !storedAttendees.isEmpty }
    var storedAttendees: [Participant] { [] }

    public override var isNew: Bool { identifier == nil }

    open func addAlarm(_ alarm: EKAlarm) { alarms = (alarms ?? []) + [alarm] }
    open func removeAlarm(_ alarm: EKAlarm) { alarms = alarms?.filter { $0 !== alarm }.nilWhenEmpty }
    open func addRecurrenceRule(_ rule: EKRecurrenceRule) { recurrenceRules = (recurrenceRules ?? []) + [rule] }
    open func removeRecurrenceRule(_ rule: EKRecurrenceRule) { recurrenceRules = recurrenceRules?.filter { $0 !== rule }.nilWhenEmpty }

    /// What every item's save changes, into `changes`: for a new item every member, else those
    /// that differ from what the store said (alarms and rules by what they say, not by identity).
    func fillCommonChanges(into changes: inout some CalendarItemChanges) throws(EKError) {
        let stored = isNew ? nil : storedItem
        changes.title = Self.change(title, was: stored?.title, isNew: stored == nil)
        changes.notes = Self.change(notes, was: stored?.notes, isNew: stored == nil)
        changes.url = Self.change(url?.absoluteString, was: stored?.url, isNew: stored == nil)
        if let calendar, !calendar.calendarIdentifier.isEmpty {
            changes.calendarIdentifier = Self.change(calendar.calendarIdentifier, was: stored?.calendarIdentifier, isNew: stored == nil)
        }
        var drafts: [AlarmDraft] = []
        for alarm in alarms ?? [] { drafts.append(try alarm.draft()) }
        let shape = { (drafts: [AlarmDraft]) in drafts.map { AlarmDraft(trigger: $0.trigger, followsEnd: $0.followsEnd) } }
        if stored == nil || shape(drafts) != shape(stored?.alarms.map { AlarmDraft(trigger: $0.trigger, followsEnd: $0.followsEnd) } ?? []) {
            changes.alarms = .set(drafts)
        }
        // A rule as EventKit holds it (a calendar's rule may say more than EventKit can): what was
        // read compares with what is held only after the same trip.
        let rules = (recurrenceRules ?? []).map(\.model)
        if stored == nil || rules != (stored?.recurrenceRules ?? []).map({ EKRecurrenceRule($0).model }) { changes.recurrenceRules = .set(rules) }
    }

    /// A member's change: every one for a new item; else nothing when it is what was stored.
    static func change<Value: Equatable>(_ value: Value?, was stored: Value?, isNew: Bool) -> FieldChange<Value> {
        if !isNew, value == stored { return .keep }
        return value.map(FieldChange.set) ?? .clear
    }

    /// What every item holds, as the store said it (each kind reads the rest).
    func readCommon(_ item: any CalendarItem) {
        identifier = item.calendarItemIdentifier
        title = item.title
        notes = item.notes
        url = item.url.flatMap(URL.init(string:))
        location = item.location
        creationDate = FoundationValues.date(item.creationDate)
        lastModifiedDate = FoundationValues.date(item.lastModifiedDate)
        calendarItemExternalIdentifier = item.calendarItemExternalIdentifier
        timeZone = item.timeZone.flatMap(TimeZoneCache.zone)
        // nil when there are none, as Apple's are ("nil if the calendar item has no alarms").
        alarms = item.alarms.map(EKAlarm.init).nilWhenEmpty
        recurrenceRules = item.recurrenceRules.map(EKRecurrenceRule.init).nilWhenEmpty
        calendar = store.calendar(withIdentifier: item.calendarIdentifier)
    }

    /// Reads again what the store said when it was read (each kind its own).
    func readStored() {}

    open override func rollback() { readStored() }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? EKCalendarItem, let identifier else { return self === object as AnyObject }
        return other.identifier == identifier
    }

    open override var hash: Int { identifier?.hashValue ?? ObjectIdentifier(self).hashValue }
}

extension Array {
    /// nil for none, as Apple's optional collections are.
    fileprivate var nilWhenEmpty: [Element]? { isEmpty ? nil : self }
}
