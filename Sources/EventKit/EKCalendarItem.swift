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
        var snapshot: JSONValue = .null
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
    /// What the store said when this was read (or saved): what a save compares against.
    var snapshot: JSONValue {
        get { loaded(); return fields.snapshot }
        set { loaded(); fields.snapshot = newValue }
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
        read(unread.value)
    }

    /// The store's identifier for it, once saved ("" before).
    public var calendarItemIdentifier: String { identifier ?? "" }

    /// EventKit's older name for `calendarItemIdentifier`.
    @available(*, deprecated, renamed: "calendarItemIdentifier")
    public var UUID: String { calendarItemIdentifier }

    public var hasAlarms: Bool { !(alarms ?? []).isEmpty }
    public var hasNotes: Bool { !(notes ?? "").isEmpty }
    public var hasRecurrenceRules: Bool { !(recurrenceRules ?? []).isEmpty }
    /// Who the invitation it came in names, read-only (nil when none, as Apple's; a reminder has none).
    public var attendees: [EKParticipant]? { EKParticipant.list(snapshot["attendees"]) }
    public var hasAttendees: Bool { !(snapshot["attendees"]?.arrayValue ?? []).isEmpty }

    public override var isNew: Bool { identifier == nil }
    public override var hasChanges: Bool { isNew || !changes.isEmpty }

    open func addAlarm(_ alarm: EKAlarm) { alarms = (alarms ?? []) + [alarm] }
    open func removeAlarm(_ alarm: EKAlarm) { alarms = alarms?.filter { $0 !== alarm }.nilWhenEmpty }
    open func addRecurrenceRule(_ rule: EKRecurrenceRule) { recurrenceRules = (recurrenceRules ?? []) + [rule] }
    open func removeRecurrenceRule(_ rule: EKRecurrenceRule) { recurrenceRules = recurrenceRules?.filter { $0 !== rule }.nilWhenEmpty }

    /// Every member, as the protocol takes it (for a new item, and to compare against `snapshot`).
    var wire: JSONObject {
        var object: JSONObject = [
            "title": Wire.string(title), "notes": Wire.string(notes), "url": Wire.string(url?.absoluteString),
            "alarms": .array((alarms ?? []).map(\.wire)), "recurrenceRules": .array((recurrenceRules ?? []).map(\.wire)),
        ]
        if let calendar, !calendar.calendarIdentifier.isEmpty { object["calendarIdentifier"] = .string(calendar.calendarIdentifier) }
        return object
    }

    /// The members that differ from what was read (all of them, for a new item).
    var changes: JSONObject {
        let now = wire
        guard let before = snapshot.objectValue, !isNew else { return now }
        var changed = JSONObject()
        for member in now.members where Self.differs(member.value, before[member.key], key: member.key) { changed[member.key] = member.value }
        return changed
    }

    /// Alarms and rules compare by what they say (the store adds identifiers and the RRULE text);
    /// numbers by their value, however they were written.
    private static func differs(_ value: JSONValue, _ before: JSONValue?, key: String) -> Bool {
        let value = numbers(value), before = numbers(before ?? .null)
        switch key {
        case "alarms":
            func shape(_ alarms: JSONValue) -> [JSONValue] {
                (alarms.arrayValue ?? []).map { alarm in
                    var object = alarm.objectValue ?? JSONObject()
                    object["alarmIdentifier"] = nil
                    if object["proximity"] == "none" { object["proximity"] = nil }
                    return .object(object)
                }
            }
            return shape(value) != shape(before)
        case "recurrenceRules":
            func shape(_ rules: JSONValue) -> [JSONValue] {
                (rules.arrayValue ?? []).compactMap { EKRecurrenceRule.from(wire: $0)?.wire }
            }
            return shape(value) != shape(before)
        default:
            return value != before && !(value.isNull && before == .null)
        }
    }

    private static func numbers(_ value: JSONValue) -> JSONValue {
        switch value {
        case .integer(let number): return .double(Double(number))
        case .array(let elements): return .array(elements.map(numbers))
        case .object(let object): return .object(JSONObject(object.members.map { JSONObject.Member(key: $0.key, value: numbers($0.value)) }))
        default: return value
        }
    }

    /// Takes what the store says of the item, every member in one pass: a fetch makes thousands
    /// of these, and looking each member up by name would scan the object once per member.
    func read(_ value: JSONValue) {
        snapshot = value
        clear()
        for member in value.objectValue?.members ?? [] { take(member.key, member.value) }
    }

    /// What an item the store says nothing of holds: the state a read starts from.
    func clear() {
        (identifier, title, notes, url, location, timeZone) = (nil, "", nil, nil, nil, nil)
        (creationDate, lastModifiedDate, calendarItemExternalIdentifier) = (nil, nil, nil)
        (alarms, recurrenceRules) = (nil, nil)
    }

    /// One member as the store sent it. Each kind takes its own and hands the rest here.
    func take(_ key: String, _ value: JSONValue) {
        switch key {
        case "calendarItemIdentifier": identifier = value.stringValue
        case "title": title = value.stringValue ?? ""
        case "notes": notes = value.stringValue
        case "url": url = value.stringValue.flatMap(URL.init(string:))
        case "location": location = value.stringValue
        case "creationDate": creationDate = Wire.date(value)
        case "lastModifiedDate": lastModifiedDate = Wire.date(value)
        case "calendarItemExternalIdentifier": calendarItemExternalIdentifier = value.stringValue
        case "timeZone": timeZone = value.stringValue.flatMap(TimeZoneCache.zone)
        // nil when there are none, as Apple's are ("nil if the calendar item has no alarms").
        case "alarms": alarms = (value.arrayValue ?? []).map(EKAlarm.init(wire:)).nilWhenEmpty
        case "recurrenceRules": recurrenceRules = (value.arrayValue ?? []).compactMap(EKRecurrenceRule.from(wire:)).nilWhenEmpty
        case "calendarIdentifier": if let identifier = value.stringValue { calendar = store.calendar(withIdentifier: identifier) }
        default: break
        }
    }

    open override func rollback() { if snapshot != .null { read(snapshot) } }

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
