import RemindersICalendarFormat

/// One calendar object resource (RFC 4791 §4.1): a VCALENDAR holding one VTODO — with, for a
/// series, its overridden occurrences (same UID, with a RECURRENCE-ID) — and the VTIMEZONEs they use.
/// This is the unit a CalDAV server stores at one href, and what remindersd keeps beside a
/// reminder so that what it does not map goes back unchanged.
public struct CalendarObject: Equatable, Sendable {
    public var calendar: Component

    public init(calendar: Component) { self.calendar = calendar }

    public var uid: String? { todo?.value("UID") }

    /// The VTODO that is the reminder: the one without a RECURRENCE-ID.
    public var todo: Component? { masterIndex.map { calendar.components[$0] } }

    /// Where the master VTODO is among the VCALENDAR's components: the first without a
    /// RECURRENCE-ID, else (occurrences without their series) the first.
    var masterIndex: Int? {
        calendar.components.firstIndex { $0.name == "VTODO" && $0.property("RECURRENCE-ID") == nil }
            ?? calendar.components.firstIndex { $0.name == "VTODO" }
    }

    public var timeZones: [Component] { calendar.components.filter { $0.name == "VTIMEZONE" } }

    public var text: String { calendar.text }

    /// Reads one object from a server's response body or a kept text.
    public init(parsing text: String) throws(ICalendarError) {
        let top = try Component.parse(text)
        guard let calendar = top.first(where: { $0.name == "VCALENDAR" }) else {
            throw ICalendarError("no VCALENDAR in the calendar object")
        }
        self.calendar = calendar
        guard todo != nil else { throw ICalendarError(line: calendar.lineNumber, "the calendar object holds no VTODO") }
    }

    /// The master VTODO replaced by `todo`, the overrides and other components kept, and the
    /// VTIMEZONEs made to be exactly those the VTODOs use: the ones kept that still name a used
    /// TZID, plus one written for every other zone of the system's database.
    mutating func replaceTodo(with todo: Component, zonesFor years: ClosedRange<Int>?) {
        if let index = masterIndex {
            calendar.components[index] = todo
        } else {
            calendar.components.append(todo)
        }
        let used = Set(calendar.components.filter { $0.name == "VTODO" }.flatMap(Self.tzids))
        var kept = calendar.components.filter { $0.name == "VTIMEZONE" && used.contains($0.value("TZID") ?? "") }
        let defined = Set(kept.compactMap { $0.value("TZID") })
        if let years { kept += Self.definitions(of: used.subtracting(defined), years: years) }
        calendar.components = kept + calendar.components.filter { $0.name != "VTIMEZONE" }
    }

    /// VTIMEZONEs for the TZIDs that name zones of the system's database.
    static func definitions(of tzids: Set<String>, years: ClosedRange<Int>) -> [Component] {
        tzids.sorted().compactMap { tzid in
            guard let zone = TimeZoneResolver(timeZones: []).timeZone(for: tzid) else { return nil }
            var component = TimeZoneWriter.component(for: zone, years: years)
            component.set(Property("TZID", tzid))
            return component
        }
    }

    static func tzids(_ component: Component) -> [String] {
        component.properties.compactMap { $0.parameter("TZID") } + component.components.flatMap(tzids)
    }

    /// A new, empty VCALENDAR as remindersd writes them.
    static func emptyCalendar() -> Component {
        Component("VCALENDAR", properties: [Property("VERSION", "2.0"), Property("PRODID", ICalendarDocument.productIdentifier)])
    }
}
