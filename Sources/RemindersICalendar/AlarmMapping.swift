import Foundation
import RemindersICalendarFormat
import RemindersModel

/// VALARM ↔ alarm. Relative alarms are measured from the due date (`TRIGGER;RELATED=END`, END of a
/// VTODO being its DUE) or, as written, from the start; location alarms take Apple's form, which
/// Reminders on iOS and macOS read.
enum AlarmMapping {
    /// The trigger Apple writes on location alarms, which have no time; ignored when reading.
    static let applePlaceholderTrigger = "19760401T005545Z"

    /// The alarm a VALARM stands for, or nil when it is one remindersd does not map (an EMAIL
    /// alarm; one relative to a date the item lacks), which is then kept as it is. A relative
    /// trigger counts from DUE with `RELATED=END`, else from DTSTART (RFC 5545's default), and keeps
    /// that meaning (`relativeToStart`) so it rings when other clients ring it whatever dates change.
    static func alarm(
        _ component: Component, todoUID: String, start: ItemDateComponents?,
        due: ItemDateComponents?, resolver: TimeZoneResolver
    ) -> Alarm? {
        let action = component.value("ACTION")?.uppercased() ?? "DISPLAY"
        guard action == "DISPLAY" || action == "AUDIO" else { return nil }
        // A snooze (RFC 9074) is what became of another alarm, not one of its own: see `AlarmState`.
        guard AlarmState.snoozedAlarm(component) == nil else { return nil }
        let identifier = self.identifier(of: component, todoUID: todoUID)
        // A location alarm whose place cannot be read is kept as it came, not taken for an alarm at
        // Apple's placeholder time.
        if let proximity = self.proximity(component), let place = component.property("X-APPLE-STRUCTURED-LOCATION") {
            return location(place, proximity).map { Alarm(alarmIdentifier: identifier, trigger: $0) }
        }
        guard let trigger = component.property("TRIGGER") else { return nil }
        if trigger.parameter("VALUE")?.uppercased() == "DATE-TIME" || (trigger.value.first?.isNumber ?? false) {
            guard let value = try? DateTimeValue(trigger), !value.isDate else { return nil }
            return Alarm(alarmIdentifier: identifier, trigger: .absolute(DateMapping.instant(value, resolver: resolver)))
        }
        guard let seconds = DurationValue.seconds(trigger.value) else { return nil }
        if trigger.parameter("RELATED")?.uppercased() == "END" {
            return due == nil ? nil : Alarm(alarmIdentifier: identifier, trigger: .relative(offset: Double(seconds)))
        }
        return start == nil ? nil : Alarm(alarmIdentifier: identifier, trigger: .relativeToStart(offset: Double(seconds)))
    }

    /// The identifier of the alarm a VALARM is: its UID (Apple's `X-WR-ALARMUID` where it has none),
    /// else what it says.
    static func identifier(of component: Component, todoUID: String) -> String {
        component.value("UID") ?? component.value("X-WR-ALARMUID") ?? contentIdentifier(component, todoUID: todoUID)
    }

    /// An alarm without a UID of its own is known by what it says — its action and its trigger
    /// (or place) — never by its position: tasks.org rebuilds its VALARMs at every upload, and a
    /// dismissal must stay with the alarm that was dismissed when another one goes.
    static func contentIdentifier(_ component: Component, todoUID: String) -> String {
        var said = (component.value("ACTION")?.uppercased() ?? "DISPLAY")
        for name in ["TRIGGER", "X-APPLE-PROXIMITY", "PROXIMITY", "X-APPLE-STRUCTURED-LOCATION"] {
            guard let property = component.property(name) else { continue }
            let parameters = property.parameters.filter { ["RELATED", "VALUE"].contains($0.name.uppercased()) }
                .map { "\($0.name.uppercased())=\($0.values.joined(separator: ",").uppercased())" }.sorted()
            said += "|\(name)|\(parameters.joined(separator: ";"))|\(property.value.uppercased())"
        }
        // FNV-1a: stable across runs and builds, unlike Hasher.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in said.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return "\(todoUID)-alarm-" + String(hash, radix: 16)
    }

    private static func proximity(_ component: Component) -> AlarmProximity? {
        switch (component.value("X-APPLE-PROXIMITY") ?? component.value("PROXIMITY"))?.uppercased() {
        case "ARRIVE": .enter
        case "DEPART": .leave
        default: nil
        }
    }

    /// Without a place to watch it is no alarm remindersd can keep (a server may have cut the
    /// coordinates off): left as it came.
    private static func location(_ place: Property, _ proximity: AlarmProximity) -> Alarm.Trigger? {
        AppleStructuredLocation.read(place).map { .location($0, proximity) }
    }

    /// The VALARMs of `item` kept as they came, made to keep their alarms' identifiers: one that
    /// has no UID of its own and says what another alarm said when it was read (so is known here by
    /// that alarm's identifier) is given its identifier as `X-WR-ALARMUID` (the only change made to
    /// it). `identifiers`: the alarm each kept component was read as, by its place in `item`.
    static func keepingIdentities(of item: inout Component, uid: String, identifiers: [Int: String]) {
        for (index, identifier) in identifiers where item.components.indices.contains(index) {
            let component = item.components[index]
            if component.value("UID") == nil, component.value("X-WR-ALARMUID") == nil, identifier != contentIdentifier(component, todoUID: uid) {
                item.components[index].properties.append(Property("X-WR-ALARMUID", identifier))
            }
        }
    }

    /// What says when an alarm rings: the trigger and, for a place, Apple's proximity and place.
    private static let triggerProperties: Set<String> = ["TRIGGER", "X-APPLE-PROXIMITY", "PROXIMITY", "X-APPLE-STRUCTURED-LOCATION"]

    /// `kept` ringing when `fresh` says, everything else about it (its identity, action, sound,
    /// acknowledgement) as it came.
    static func retriggered(_ kept: Component, as fresh: Component) -> Component {
        var component = kept
        component.properties.removeAll { triggerProperties.contains($0.name.uppercased()) }
        component.properties += fresh.properties.filter { triggerProperties.contains($0.name.uppercased()) }
        return component
    }

    /// `related`: what a relative alarm counts from — END (a VTODO's DUE) for reminders, START for events.
    static func component(_ alarm: Alarm, title: String, related: String = "END") -> Component {
        var properties = [
            Property("UID", alarm.alarmIdentifier), Property("X-WR-ALARMUID", alarm.alarmIdentifier),
            Property("ACTION", "DISPLAY"), Property("DESCRIPTION", TextValue.escape(title.isEmpty ? "Reminder" : title)),
        ]
        switch alarm.trigger {
        case .relative(let offset):
            properties.append(Property("TRIGGER", DurationValue.text(Int(offset.rounded())), related == "END" ? [Parameter("RELATED", "END")] : []))
        case .relativeToStart(let offset):
            properties.append(Property("TRIGGER", DurationValue.text(Int(offset.rounded())), [Parameter("RELATED", "START")]))
        case .absolute(let date):
            properties.append(Property("TRIGGER", DateMapping.utc(date).text, [Parameter("VALUE", "DATE-TIME")]))
        case .location(let location, let proximity):
            properties.append(Property("TRIGGER", applePlaceholderTrigger, [Parameter("VALUE", "DATE-TIME")]))
            properties.append(Property("X-APPLE-PROXIMITY", proximity == .leave ? "DEPART" : "ARRIVE"))
            // A location alarm always has coordinates (the rules refuse one without).
            if let place = AppleStructuredLocation.property(location) { properties.append(place) }
        }
        return Component("VALARM", properties: properties)
    }

    /// `52.52`, `100` — no exponent, no trailing `.0`.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
