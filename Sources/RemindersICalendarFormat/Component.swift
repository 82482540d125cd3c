/// A component (`VCALENDAR`, `VTODO`, `VALARM`, `VTIMEZONE`, …): its properties in the order
/// written, and the components inside it.
public struct Component: Equatable, Sendable {
    /// Upper case.
    public var name: String
    public var properties: [Property]
    public var components: [Component]
    /// The line its BEGIN was read from (for messages), nil when built here.
    public internal(set) var lineNumber: Int?

    public init(_ name: String, properties: [Property] = [], components: [Component] = []) {
        self.name = name.uppercased()
        self.properties = properties
        self.components = components
    }

    /// Same name, properties and components, wherever each was read.
    public static func == (lhs: Component, rhs: Component) -> Bool {
        lhs.name == rhs.name && lhs.properties == rhs.properties && lhs.components == rhs.components
    }

    // MARK: Properties

    public func property(_ name: String) -> Property? {
        let wanted = name.uppercased()
        return properties.first { $0.name == wanted }
    }

    public func properties(_ name: String) -> [Property] {
        let wanted = name.uppercased()
        return properties.filter { $0.name == wanted }
    }

    public func value(_ name: String) -> String? { property(name)?.value }

    public mutating func removeProperties(_ name: String) {
        let wanted = name.uppercased()
        properties.removeAll { $0.name == wanted }
    }

    /// Replaces every `property.name` property with this one, where the first of them stood (at
    /// the end when there was none), keeping the parameters of the old one that `keeping` names.
    public mutating func set(_ property: Property, keeping kept: Set<String> = []) {
        var property = property
        if let position = properties.firstIndex(where: { $0.name == property.name }) {
            let old = properties[position]
            for parameter in old.parameters where kept.contains(parameter.name) && property.parameter(parameter.name) == nil {
                property.parameters.append(parameter)
            }
            if old == property { property = old }  // unchanged: keep the original spelling
            removeProperties(property.name)
            properties.insert(property, at: min(position, properties.count))
        } else {
            properties.append(property)
        }
    }

    // MARK: Text

    /// Every component of `text` at the top level (usually one VCALENDAR). What stands outside
    /// every component — a mail signature after END:VCALENDAR, a line of junk between two of them —
    /// is no part of the calendar and is passed over, as real readers do.
    public static func parse(_ text: String) throws(ICalendarError) -> [Component] {
        var stack: [(component: Component, line: Int)] = []
        var top: [Component] = []
        for (line, content) in ContentLines.unfold(text) {
            if content.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            var property: Property
            do { property = try Property(parsing: content) } catch {
                if stack.isEmpty { continue }
                throw ICalendarError(line: line, error.message)
            }
            property.lineNumber = line
            switch property.name {
            case "BEGIN":
                let name = property.value.trimmingTrailingSpaces().uppercased()
                guard !name.isEmpty else { throw ICalendarError(line: line, "BEGIN names no component") }
                guard stack.count < 16 else { throw ICalendarError(line: line, "components nested more than 16 deep") }
                var component = Component(name)
                component.lineNumber = line
                stack.append((component, line))
            case "END":
                let name = property.value.trimmingTrailingSpaces().uppercased()
                guard let open = stack.popLast() else { throw ICalendarError(line: line, "END:\(name) without a BEGIN") }
                guard open.component.name == name else {
                    throw ICalendarError(line: line, "END:\(name) closes BEGIN:\(open.component.name) of line \(open.line)")
                }
                if stack.isEmpty { top.append(open.component) } else { stack[stack.count - 1].component.components.append(open.component) }
            default:
                guard !stack.isEmpty else { continue }
                stack[stack.count - 1].component.properties.append(property)
            }
        }
        if let open = stack.last { throw ICalendarError(line: open.line, "BEGIN:\(open.component.name) is never ended") }
        return top
    }

    /// The component as iCalendar text: CRLF line ends, folded lines.
    public var text: String {
        var output = ""
        write(into: &output)
        return output
    }

    public func write(into output: inout String) {
        ContentLines.fold("BEGIN:" + name, into: &output)
        for property in properties { ContentLines.fold(property.line, into: &output) }
        for component in components { component.write(into: &output) }
        ContentLines.fold("END:" + name, into: &output)
    }
}
