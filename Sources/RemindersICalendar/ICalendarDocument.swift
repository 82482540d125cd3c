import RemindersICalendarFormat

/// A .ics file: split into calendar objects for import, joined from them for export.
public enum ICalendarDocument {
    public static let productIdentifier = "-//remindersd//remindersd//EN"

    /// What a file holds, item by item: an object to import, or why an item cannot be.
    public enum Item: Sendable {
        case object(CalendarObject, line: Int?)
        case problem(uid: String?, line: Int?, message: String)
    }

    /// The file's VTODOs grouped by UID into calendar objects (overrides with their series), each
    /// with the VTIMEZONEs and calendar properties of the VCALENDAR it came from. Components that
    /// are not VTODOs (events, journal entries) are named as problems; the rest still import.
    public static func items(_ text: String) throws(ICalendarError) -> [Item] { try items(text, of: "VTODO") }

    /// The same for one kind of component: "VTODO" for reminders, "VEVENT" for events.
    public static func items(_ text: String, of kind: String) throws(ICalendarError) -> [Item] {
        try items(try Component.parse(text), of: kind)
    }

    /// The same, of a text already parsed into its top-level components.
    public static func items(_ top: [Component], of kind: String) throws(ICalendarError) -> [Item] {
        guard !top.isEmpty else { throw ICalendarError("no VCALENDAR in the text") }
        var items: [Item] = []
        // A bare VEVENT or VTODO (as vdir items and mail clients write them), with the VTIMEZONEs
        // beside it, is read as if a VCALENDAR held them.
        let bare = top.filter { $0.name != "VCALENDAR" }
        var calendars = top.filter { $0.name == "VCALENDAR" }
        if bare.contains(where: { ["VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY"].contains($0.name) }) {
            var wrapper = CalendarObject.emptyCalendar()
            wrapper.components = bare.filter { ["VEVENT", "VTODO", "VTIMEZONE", "VJOURNAL", "VFREEBUSY"].contains($0.name) }
            calendars.insert(wrapper, at: 0)
        }
        for component in bare where !["VEVENT", "VTODO", "VTIMEZONE", "VJOURNAL", "VFREEBUSY"].contains(component.name) {
            items.append(.problem(uid: component.value("UID"), line: component.lineNumber, message: "\(component.name) outside a VCALENDAR"))
        }
        for component in calendars {
            let zones = component.components.filter { $0.name == "VTIMEZONE" }
            var groups: [(uid: String, todos: [Component])] = []
            var groupOfUID: [String: Int] = [:]
            for child in component.components where child.name != "VTIMEZONE" {
                guard child.name == kind else {
                    let into = kind == "VTODO" ? "a list takes reminders (import events into an event calendar)" : "an event calendar takes events"
                    items.append(.problem(uid: child.value("UID"), line: child.lineNumber, message: "a \(child.name), not a \(kind): \(into)"))
                    continue
                }
                guard let uid = child.value("UID").map(TextValue.unescape), !uid.isEmpty else {
                    items.append(.problem(uid: nil, line: child.lineNumber, message: "a \(kind) without a UID"))
                    continue
                }
                if let index = groupOfUID[uid] {
                    groups[index].todos.append(child)
                } else {
                    groupOfUID[uid] = groups.count
                    groups.append((uid, [child]))
                }
            }
            for group in groups {
                let used = Set(group.todos.flatMap(CalendarObject.tzids))
                var calendar = Component("VCALENDAR", properties: component.properties)
                calendar.components = zones.filter { used.contains($0.value("TZID") ?? "") } + group.todos
                items.append(.object(CalendarObject(calendar: calendar), line: group.todos[0].lineNumber))
            }
        }
        return items
    }

    /// One VCALENDAR holding every object's VTODOs, each VTIMEZONE once: the objects' own, and one
    /// for each other zone their VTODOs name, covering `years`.
    public static func joined(_ objects: [CalendarObject], years: ClosedRange<Int>? = nil) -> String {
        var joiner = Joiner()
        for object in objects { joiner.add(object) }
        return joiner.text(years: years)
    }

    /// `joined` one object at a time: each VTODO is written out as it comes (an export holds the
    /// text, not a hundred thousand components), the zones kept aside to go first.
    public struct Joiner {
        private var zoneIDs = Set<String>()
        private var zones: [Component] = []
        private var used = Set<String>()
        private var body = ""

        public init() {}

        public mutating func add(_ object: CalendarObject) {
            for component in object.calendar.components {
                if component.name == "VTIMEZONE" {
                    if zoneIDs.insert(component.value("TZID") ?? "").inserted { zones.append(component) }
                } else {
                    if component.name == "VTODO" || component.name == "VEVENT" { used.formUnion(CalendarObject.tzids(component)) }
                    component.write(into: &body)
                }
            }
        }

        public func text(years: ClosedRange<Int>?) -> String {
            var calendar = CalendarObject.emptyCalendar()
            calendar.components = zones
            if let years { calendar.components += CalendarObject.definitions(of: used.subtracting(zoneIDs), years: years) }
            var text = calendar.text
            // The VTODOs go before the calendar's END line.
            text.removeLast("END:VCALENDAR\r\n".count)  // characters: CRLF is one
            text.reserveCapacity(text.utf8.count + body.utf8.count + 16)
            text += body
            text += "END:VCALENDAR\r\n"
            return text
        }
    }
}
