import Foundation
import RemindersICalendarFormat
import RemindersModel

/// What completing or moving a series here writes into an object of the override form
/// (Thunderbird, jtx Board, eM Client), as those clients write it themselves: an occurrence done
/// is an override of it marked completed — the one already there, or a new one made from the
/// master — and a series moved takes its removed, added and overridden occurrences along
/// (Thunderbird's `onStartDateChange`), so each stays with the occurrence it named.
enum SeriesWriter {
    /// Marks the occurrences `done` (by key, with when) completed: their overrides where the object
    /// has them, else new ones, which say what the master says of the occurrence.
    static func complete(_ done: [Int64: Timestamp], in object: inout CalendarObject, reading: TodoReading, now: Timestamp) {
        guard let masterIndex = object.masterIndex, let anchor = reading.masterAnchor else { return }
        let master = object.calendar.components[masterIndex]
        let resolver = TimeZoneResolver(timeZones: object.timeZones)
        var seriesMaster = reading.reminder
        (seriesMaster.startDateComponents, seriesMaster.dueDateComponents) = (reading.masterStart, reading.masterDue)
        let series = SeriesReader(object: object, master: seriesMaster, uid: reading.uid, resolver: resolver, zone: .utc)
        let existing = series.overrides
        for (key, at) in done.sorted(by: { $0.key < $1.key }) {
            if let index = existing.last(where: { $0.key == key })?.index {
                markCompleted(&object.calendar.components[index], at: at, now: now)
                continue
            }
            var occurrence = Component(
                "VTODO",
                properties: master.properties.filter {
                    ![
                        "RRULE", "RDATE", "EXDATE", "DTSTART", "DUE", "STATUS",
                        "COMPLETED", "PERCENT-COMPLETE", "DTSTAMP", "X-MOZ-LASTACK", "X-MOZ-SNOOZE-TIME",
                    ].contains($0.name.uppercased())
                })
            let place = anchor.withOccurrenceKey(key)
            let shift = place.wallClockSeconds - anchor.wallClockSeconds
            occurrence.set(recurrenceID(place, like: master.property(reading.masterStart != nil ? "DTSTART" : "DUE")))
            if let start = reading.masterStart { occurrence.set(DateMapping.value(start.shifted(byWallClockSeconds: shift)).property("DTSTART")) }
            if let due = reading.masterDue { occurrence.set(DateMapping.value(due.shifted(byWallClockSeconds: shift)).property("DUE")) }
            markCompleted(&occurrence, at: at, now: now)
            object.calendar.components.append(occurrence)
        }
    }

    /// RECURRENCE-ID names the occurrence as the master's DTSTART (else DUE) is written: the same
    /// value type and zone (RFC 5545 §3.8.4.4).
    private static func recurrenceID(_ place: ItemDateComponents, like anchor: Property?) -> Property {
        var value = DateMapping.value(place)
        if let written = anchor.flatMap({ try? DateTimeValue($0) }), case .named(let tzid) = written.zone, place.hour != nil {
            value.zone = .named(tzid)
        }
        return value.property("RECURRENCE-ID")
    }

    private static func markCompleted(_ occurrence: inout Component, at: Timestamp, now: Timestamp) {
        occurrence.set(Property("STATUS", "COMPLETED"))
        occurrence.set(DateMapping.utc(at).property("COMPLETED"))
        occurrence.set(Property("PERCENT-COMPLETE", "100"))
        occurrence.set(DateMapping.utc(now).property("DTSTAMP"))
        occurrence.set(DateMapping.utc(now).property("LAST-MODIFIED"))
    }

    /// Moves every date that names an occurrence — EXDATE and RDATE of the master, the
    /// RECURRENCE-ID of each override — by `seconds` of wall-clock time, as the series' start moved.
    static func moveOccurrences(of object: inout CalendarObject, by seconds: Int64) {
        guard seconds != 0 else { return }
        for index in object.calendar.components.indices where object.calendar.components[index].name == "VTODO" {
            for name in ["EXDATE", "RDATE", "RECURRENCE-ID"] {
                object.calendar.components[index].properties = object.calendar.components[index].properties.map { property in
                    guard property.name == name, property.parameter("VALUE")?.uppercased() != "PERIOD" else { return property }
                    let moved = property.value.split(separator: ",").map { text -> String in
                        guard let value = try? DateTimeValue(Property(name, String(text), property.parameters)) else { return String(text) }
                        return shifted(value, by: seconds).text
                    }
                    return Property(name, moved.joined(separator: ","), property.parameters)
                }
            }
        }
    }

    private static func shifted(_ value: DateTimeValue, by seconds: Int64) -> DateTimeValue {
        let components = ItemDateComponents(
            year: value.year, month: value.month, day: value.day, hour: value.time?.hour,
            minute: value.time?.minute, second: value.time?.second)
        let moved = components.shifted(byWallClockSeconds: seconds)
        var result = value
        (result.year, result.month, result.day) = (moved.year, moved.month, moved.day)
        if let hour = moved.hour { result.time = DateTimeValue.Time(hour: hour, minute: moved.minute ?? 0, second: moved.second ?? 0) }
        return result
    }
}

extension TodoReading {
    /// The master's own dates, where its series begins: kept in the override form, the shown ones otherwise.
    var masterStart: ItemDateComponents? { reminder.series.form == .override ? reminder.series.start : reminder.startDateComponents }
    var masterDue: ItemDateComponents? { reminder.series.form == .override ? reminder.series.due : reminder.dueDateComponents }
    var masterAnchor: ItemDateComponents? { masterStart ?? masterDue }
}

extension Alarm {
    /// An absolute alarm moved by `milliseconds` (the others count from the item's dates).
    func shifted(by milliseconds: Int64) -> Alarm {
        guard milliseconds != 0, case .absolute(let date) = trigger else { return self }
        return Alarm(alarmIdentifier: alarmIdentifier, trigger: .absolute(date.advanced(by: milliseconds)))
    }
}
