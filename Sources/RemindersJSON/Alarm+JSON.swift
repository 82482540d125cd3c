import RemindersJSONRPC
import RemindersModel

extension Alarm {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("alarmIdentifier", alarmIdentifier)
        Self.write(trigger, followsEnd: followsEnd, to: &writer)
        writer.endObject()
    }

    /// A trigger's members, as `AlarmDraft.decode` reads them.
    static func write(_ trigger: Trigger, followsEnd: Bool, to writer: inout JSONWriter) {
        switch trigger {
        case .relative(let offset):
            writer.key(static: "relativeOffset"); writer.double(offset)
            // An event's alarm its calendar counts from the end: the offset is from the start all the same.
            if followsEnd { writer.field("relativeTo", "end") }
        case .relativeToStart(let offset):
            writer.key(static: "relativeOffset"); writer.double(offset)
            writer.field("relativeTo", "start")
        case .absolute(let date):
            writer.field("absoluteDate", date)
        case .location(let location, _):
            writer.key(static: "structuredLocation")
            location.write(to: &writer)
        }
        let proximity: AlarmProximity = if case .location(_, let proximity) = trigger { proximity } else { .none }
        writer.field("proximity", proximity.rawValue)
    }

    /// An alarm as `write` wrote it (the store's: it has its identifier).
    public static func read(_ value: JSONValue, path: String) throws(ResponseError) -> Alarm {
        let draft = try AlarmDraft.decode(value, path: path)
        guard let identifier = draft.alarmIdentifier else {
            throw .invalidParams("\(path).alarmIdentifier: required string is missing", field: path + ".alarmIdentifier")
        }
        return Alarm(alarmIdentifier: identifier, trigger: draft.trigger, followsEnd: draft.followsEnd)
    }
}

extension AlarmDraft {
    /// As a client sends it: the identifier only when it chose one.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        if let alarmIdentifier { writer.field("alarmIdentifier", alarmIdentifier) }
        Alarm.write(trigger, followsEnd: followsEnd, to: &writer)
        writer.endObject()
    }
}

extension StructuredLocation {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("title", title)
        if let geoLocation {
            writer.key(static: "geoLocation")
            writer.beginObject()
            geoLocation.writeMembers(to: &writer)
            writer.endObject()
        }
        if let radius { writer.key(static: "radius"); writer.double(radius) }
        writer.endObject()
    }

    public static func decode(_ fields: Fields) throws(ResponseError) -> StructuredLocation {
        var location = StructuredLocation(title: try fields.optionalString("title") ?? "", radius: try fields.optionalDouble("radius"))
        if let geo = try fields.optionalObject("geoLocation") {
            location.geoLocation = try GeoLocation(members: geo)
        }
        return location
    }
}

extension AlarmDraft {
    /// An alarm as sent: exactly one trigger. Email and URL alarms exist in EventKit but not for reminders.
    public static func decode(_ value: JSONValue, path: String) throws(ResponseError) -> AlarmDraft {
        let fields = try Fields.object(value, path: path)
        let relative = try fields.optionalDouble("relativeOffset")
        let relativeTo = try fields.optionalEnum("relativeTo", RelativeAnchor.self)
        if relativeTo != nil, relative == nil {
            throw fields.invalid("relativeTo", "relativeTo goes with relativeOffset")
        }
        let absolute = try fields.optionalTimestamp("absoluteDate")
        let location = try fields.optionalObject("structuredLocation").map { (nested) throws(ResponseError) in try StructuredLocation.decode(nested) }
        let proximity = try fields.optionalEnum("proximity", AlarmProximity.self) ?? .none
        let triggers = [relative != nil, absolute != nil, location != nil].filter { $0 }.count
        guard triggers == 1 else {
            throw .invalidParams(
                "\(path): an alarm needs exactly one trigger: relativeOffset, absoluteDate, or structuredLocation with proximity",
                field: triggers == 0 ? path : fields.pathOf(absolute != nil ? "absoluteDate" : "structuredLocation"))
        }
        if proximity != .none && location == nil {
            throw fields.invalid(
                "proximity", "proximity \(proximity.rawValue) needs a structuredLocation with a geoLocation",
                reason: .alarmProximityNotSupported)
        }
        let trigger: Alarm.Trigger
        if let relative {
            trigger = relativeTo == .start ? .relativeToStart(offset: relative) : .relative(offset: relative)
        } else if let absolute {
            trigger = .absolute(absolute)
        } else {
            trigger = .location(location!, proximity)
        }
        return AlarmDraft(alarmIdentifier: try fields.optionalString("alarmIdentifier"), trigger: trigger, followsEnd: relativeTo == .end)
    }
}

/// What a relative alarm counts from: a reminder's due date (the default) or its start date; `end`
/// marks an event's alarm that moves with its end (its offset still counts from the start).
enum RelativeAnchor: String, CaseIterable {
    case due, start, end
}

extension AlarmDraft {
    public static func decodeList(_ value: JSONValue, path: String) throws(ResponseError) -> [AlarmDraft] {
        var drafts: [AlarmDraft] = []
        for (index, element) in try Fields.array(value, path: path).enumerated() { drafts.append(try decode(element, path: "\(path)[\(index)]")) }
        return drafts
    }
}
