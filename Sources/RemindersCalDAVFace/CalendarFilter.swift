import RemindersICalendar
import RemindersICalendarFormat
import RemindersModel
import RemindersWebDAV

/// A `calendar-query`'s filter (RFC 4791 §9.7): nested component filters, each with a time range,
/// property filters (defined or not, text that is or is not in the value) and the component
/// filters of its subcomponents. A member matches when its calendar object does; whether a
/// component meets a time range is the caller's to say (`meets`): the store knows an item's
/// occurrences, recurrences and overrides included (§9.9).
struct CalendarFilter {
    struct ComponentTest {
        var name: String
        var isNotDefined = false
        var timeRange: TimeRange?
        var properties: [PropertyTest] = []
        var components: [ComponentTest] = []
    }

    struct PropertyTest {
        var name: String
        var isNotDefined = false
        var text: (value: String, negated: Bool, caseless: Bool)?
    }

    var root: ComponentTest

    /// The `CALDAV:filter` element; a filter that names what this server cannot test (a time range
    /// on a property or an alarm, a parameter filter) is refused with `CALDAV:supported-filter`.
    init(_ filter: XMLNode?) throws(FaceError) {
        guard let top = filter?.child(DAVNamespace.calDAV, "comp-filter") else {
            throw .forbidden("a calendar-query names a comp-filter for VCALENDAR", Self.supported)
        }
        root = try Self.component(top, depth: 0)
        guard root.name == "VCALENDAR" else { throw .forbidden("the outer comp-filter is VCALENDAR's", Self.supported) }
    }

    /// Whether the object (its VCALENDAR) matches; `meets` answers whether a VEVENT or VTODO of it
    /// meets a time range.
    func matches(_ calendar: Component, meets: (TimeRange, Component) -> Bool) -> Bool {
        Self.matches(root, calendar, meets: meets)
    }

    static let supported = PropertyName(DAVNamespace.calDAV, "supported-filter")

    private static func matches(_ test: ComponentTest, _ component: Component, meets: (TimeRange, Component) -> Bool) -> Bool {
        if let range = test.timeRange, !meets(range, component) { return false }
        for property in test.properties where !matches(property, component) { return false }
        for child in test.components {
            let candidates = component.components.filter { $0.name == child.name }
            if child.isNotDefined {
                guard candidates.isEmpty else { return false }
            } else if !candidates.contains(where: { matches(child, $0, meets: meets) }) {
                return false
            }
        }
        return true
    }

    private static func matches(_ test: PropertyTest, _ component: Component) -> Bool {
        let found = component.properties(test.name)
        if test.isNotDefined { return found.isEmpty }
        guard !found.isEmpty else { return false }
        guard let text = test.text else { return true }
        let contains = found.contains { property in
            let value = TextValue.unescape(property.value)
            return text.caseless ? value.range(of: text.value, options: .caseInsensitive) != nil : value.contains(text.value)
        }
        return contains != text.negated
    }

    private static func component(_ node: XMLNode, depth: Int) throws(FaceError) -> ComponentTest {
        guard depth < 4 else { throw .forbidden("comp-filters nest three deep at most (VCALENDAR, a component, an alarm)", supported) }
        var test = ComponentTest(name: node.attributes["name"]?.uppercased() ?? "")
        for child in node.children where child.namespace == DAVNamespace.calDAV {
            switch child.name {
            case "is-not-defined": test.isNotDefined = true
            case "time-range":
                guard test.name == "VEVENT" || test.name == "VTODO" else {
                    throw .forbidden("a time range is tested on events and to-dos here, not on \(test.name.prefix(20))", supported)
                }
                do throws(ICalendarError) {
                    test.timeRange = try TimeRange(start: child.attributes["start"], end: child.attributes["end"])
                } catch { throw .badRequest(error.message) }
            case "prop-filter": test.properties.append(try property(child))
            case "comp-filter": test.components.append(try component(child, depth: depth + 1))
            default: throw .forbidden("\(child.name.prefix(30)) is not a filter this server tests", supported)
            }
        }
        return test
    }

    private static func property(_ node: XMLNode) throws(FaceError) -> PropertyTest {
        var test = PropertyTest(name: node.attributes["name"]?.uppercased() ?? "")
        for child in node.children where child.namespace == DAVNamespace.calDAV {
            switch child.name {
            case "is-not-defined": test.isNotDefined = true
            case "text-match":
                let collation = child.attributes["collation"] ?? "i;ascii-casemap"
                test.text = (child.text, child.attributes["negate-condition"] == "yes", collation != "i;octet")
            default: throw .forbidden("\(child.name.prefix(30)) in a prop-filter is not tested by this server", supported)
            }
        }
        return test
    }
}
