import Foundation
import RemindersICalendarFormat
import RemindersModel

/// Alarm state in iCalendar, as calendar clients carry it between devices:
///
/// - RFC 9074: `ACKNOWLEDGED` (UTC) on the VALARM, and a snooze as a VALARM of its own,
///   `RELATED-TO;RELTYPE=SNOOZE:` the snoozed alarm's UID, at an absolute `TRIGGER`. Apple's
///   clients write `ACKNOWLEDGED` too, naming alarms by `X-WR-ALARMUID` where they have no `UID`.
/// - Thunderbird: `X-MOZ-LASTACK` on the item (every alarm that fired by then was seen) and
///   `X-MOZ-SNOOZE-TIME` (the alarm that fired last comes again then) — on a series,
///   `X-MOZ-SNOOZE-TIME-<the occurrence's start in µs>` for the one occurrence snoozed.
///
/// This is state, not an alarm: a snooze VALARM is not read as one of the reminder's alarms.
extension AlarmState {
    /// What the item says of its alarms. `alarms` are the reminder's (or event's) alarms as read
    /// from it, with `fireDate` telling when each fires now: Thunderbird's item-wide forms apply
    /// to those that fired by the time they name.
    public static func read(_ item: Component, alarms: [Alarm], fireDate: (Alarm) -> Timestamp?) -> [String: AlarmState] {
        let uid = item.value("UID").map(TextValue.unescape) ?? ""
        var states: [String: AlarmState] = [:]
        func update(_ identifier: String, _ change: (inout AlarmState) -> Void) {
            var state = states[identifier] ?? AlarmState(alarmIdentifier: identifier)
            change(&state)
            states[identifier] = state
        }
        var byUID: [String: String] = [:]  // a VALARM's UID → the alarm identifier it was read as
        for alarm in item.components where alarm.name == "VALARM" {
            let identifier = AlarmMapping.identifier(of: alarm, todoUID: uid)
            for name in ["UID", "X-WR-ALARMUID"] { if let value = alarm.value(name) { byUID[value] = identifier } }
            if let acknowledged = instant(alarm.property("ACKNOWLEDGED")) {
                update(identifier) { $0.acknowledged = max($0.acknowledged ?? acknowledged, acknowledged) }
            }
        }
        for snooze in item.components where snooze.name == "VALARM" {
            guard let snoozed = snoozedAlarm(snooze), let until = instant(snooze.property("TRIGGER")) else { continue }
            let identifier = byUID[snoozed] ?? snoozed
            // A snooze that was itself dismissed brings nothing back.
            if let seen = instant(snooze.property("ACKNOWLEDGED")), seen >= until { continue }
            update(identifier) { $0.snoozedUntil = max($0.snoozedUntil ?? until, until) }
        }
        if let lastAck = instant(item.property("X-MOZ-LASTACK")) {
            for alarm in alarms {
                guard let fires = fireDate(alarm), fires <= lastAck else { continue }
                update(alarm.alarmIdentifier) { $0.acknowledged = max($0.acknowledged ?? lastAck, lastAck) }
            }
        }
        if let until = instant(item.property("X-MOZ-SNOOZE-TIME")) {
            // Snoozing sets LASTACK to the moment it was done: the alarm snoozed is the last one that fired by then.
            let snoozedAt = instant(item.property("X-MOZ-LASTACK")) ?? until
            let fired = alarms.compactMap { alarm in fireDate(alarm).map { (alarm, $0) } }.filter { $0.1 <= snoozedAt }
            if let last = fired.max(by: { $0.1 < $1.1 }) { update(last.0.alarmIdentifier) { $0.snoozedUntil = until } }
        }
        return states
    }

    /// Thunderbird's snoozes of single occurrences of a series: `X-MOZ-SNOOZE-TIME-<µs>` on it.
    public static func occurrenceSnoozes(of item: Component) -> [OccurrenceSnooze] {
        item.properties.compactMap { property in
            let name = property.name.uppercased()
            guard name.hasPrefix(occurrenceSnoozePrefix), let microseconds = Int64(name.dropFirst(occurrenceSnoozePrefix.count)),
                let until = instant(property)
            else { return nil }
            return OccurrenceSnooze(occurrenceStart: Timestamp(milliseconds: microseconds / 1000), until: until)
        }
    }

    private static let occurrenceSnoozePrefix = "X-MOZ-SNOOZE-TIME-"

    /// Thunderbird's X-MOZ-LASTACK: when the item's alarms were last seen (a snooze's time made).
    public static func lastAcknowledged(of item: Component) -> Timestamp? { instant(item.property("X-MOZ-LASTACK")) }

    /// `item` with the states written in, both ways other clients read them: ACKNOWLEDGED on the
    /// alarm's VALARM (the snooze alarms it had replaced by the new one, or gone when it was
    /// dismissed) and Thunderbird's properties — item-wide, or for a series (`occurrenceStart`
    /// given: a snoozed occurrence's start) `X-MOZ-SNOOZE-TIME-<µs>` for the occurrence snoozed,
    /// as Thunderbird writes them. Every other VALARM stays as it came.
    public static func write(
        _ states: [AlarmState], into item: inout Component, title: String, occurrenceStart: ((Int64) -> Timestamp)? = nil
    ) {
        let uid = item.value("UID").map(TextValue.unescape) ?? ""
        var acknowledgedLast: Timestamp?
        var snoozeLast: Timestamp?
        for state in states {
            var alarmUID: String?
            for index in item.components.indices where item.components[index].name == "VALARM" {
                let alarm = item.components[index]
                guard snoozedAlarm(alarm) == nil else { continue }
                let identifier = AlarmMapping.identifier(of: alarm, todoUID: uid)
                guard identifier == state.alarmIdentifier else { continue }
                if let acknowledged = state.acknowledged {
                    item.components[index].set(Property("ACKNOWLEDGED", DateMapping.utc(acknowledged).text))
                }
                // A snooze alarm must name its alarm by UID: one without gets its identifier as one.
                if alarm.value("UID") == nil { item.components[index].set(Property("UID", identifier)) }
                alarmUID = identifier
            }
            guard let alarmUID else { continue }
            item.components.removeAll { $0.name == "VALARM" && snoozedAlarm($0) == alarmUID }
            if let until = state.snoozedUntil {
                item.components.append(
                    Component(
                        "VALARM",
                        properties: [
                            Property("UID", "\(alarmUID)-snooze"), Property("RELATED-TO", alarmUID, [Parameter("RELTYPE", "SNOOZE")]),
                            Property("ACTION", "DISPLAY"), Property("DESCRIPTION", TextValue.escape(title.isEmpty ? "Reminder" : title)),
                            Property("TRIGGER", DateMapping.utc(until).text, [Parameter("VALUE", "DATE-TIME")]),
                        ]))
                snoozeLast = max(snoozeLast ?? until, until)
            }
            if let acknowledged = state.acknowledged { acknowledgedLast = max(acknowledgedLast ?? acknowledged, acknowledged) }
        }
        if let acknowledgedLast { item.set(Property("X-MOZ-LASTACK", DateMapping.utc(acknowledgedLast).text)) }
        guard states.contains(where: { $0.acknowledged != nil || $0.snoozedUntil != nil }) else { return }
        item.removeProperties("X-MOZ-SNOOZE-TIME")
        guard let occurrenceStart else {
            if let snoozeLast { item.set(Property("X-MOZ-SNOOZE-TIME", DateMapping.utc(snoozeLast).text)) }
            return
        }
        // A series: the snooze of an occurrence decided here goes (replaced, when snoozed again),
        // as does one that ended before the last acknowledgement.
        let decided = Set(states.compactMap { $0.occurrence.map(occurrenceStart) })
        let snoozed = states.compactMap { state in
            state.snoozedUntil.flatMap { until in state.occurrence.map { OccurrenceSnooze(occurrenceStart: occurrenceStart($0), until: until) } }
        }
        item.properties.removeAll { property in
            guard let kept = occurrenceSnoozes(of: Component("VEVENT", properties: [property])).first else { return false }
            return decided.contains(kept.occurrenceStart) || kept.until <= (acknowledgedLast ?? Timestamp(milliseconds: Int64.min))
        }
        for snooze in snoozed {
            item.properties.append(
                Property(occurrenceSnoozePrefix + String(snooze.occurrenceStart.milliseconds * 1000), DateMapping.utc(snooze.until).text))
        }
    }

    /// The UID of the alarm a snooze VALARM snoozes; nil for any other VALARM.
    static func snoozedAlarm(_ alarm: Component) -> String? {
        alarm.properties("RELATED-TO").first { $0.parameter("RELTYPE")?.uppercased() == "SNOOZE" }.map { TextValue.unescape($0.value) }
    }

    private static func instant(_ property: Property?) -> Timestamp? {
        DateMapping.instant(of: property, resolver: TimeZoneResolver(timeZones: []))
    }
}
