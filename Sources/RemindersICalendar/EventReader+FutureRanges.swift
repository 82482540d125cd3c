import Foundation
import RemindersICalendarFormat
import RemindersModel

/// `RECURRENCE-ID;RANGE=THISANDFUTURE`: an override of one occurrence and every later one (RFC
/// 5545 §3.8.4.4). EventKit has no such thing in one series; what it does with "this and future
/// events" is split the series (`futureEvents`), and that is what such a file is read as: the
/// series ends before the occurrence, and a series of its own starts there with the override's
/// properties, the rest of the rule, and the later removed and detached occurrences — moved as far
/// as the override moved its occurrence, as the RFC says later ones are.
extension EventReader.Reading {
    public struct Piece: Sendable {
        public var uid: String
        public var series: Event
        public var detached: [Event]
        /// The calendar object it keeps: the file's for the series as it began; for a later piece,
        /// one made of the override alone (its VEVENT as that series' master, and the file's zones).
        public var calendarObject: String
        public var statesCreationDate: Bool
        public var statesLastModified: Bool
    }

    /// The series as the file means it: one piece without future ranges, one more for each range
    /// that begins at an occurrence the series has (the first piece is gone when a range begins
    /// at its first occurrence). `calendar` and `text` are the object it was read from.
    public func splitAtFutureRanges(of calendar: Component, text: String, zone: TimeZone) -> [Piece] {
        let whole = Piece(
            uid: uid, series: series, detached: detached, calendarObject: text,
            statesCreationDate: statesCreationDate, statesLastModified: statesLastModified)
        guard let rule = series.recurrenceRules.first, !futureRanges.isEmpty else { return [whole] }
        var pieces = [whole]
        for range in futureRanges.sorted(by: { $0.key < $1.key }) {
            var last = pieces.removeLast()
            guard let override = last.detached.first(where: { $0.originalOccurrence == range.key }),
                let rest = Self.rule(rule, after: last.series, before: range.key, zone: zone)
            else {
                pieces.append(last)
                continue
            }
            let shift = Event.occurrenceKey(override.start) - range.key
            let begins = last.series.occurrenceCount(before: range.key, in: zone)
            let futureUID = begins == 0 ? last.uid : "\(uid)-from-\(range.vevent.value("RECURRENCE-ID") ?? String(range.key))"
            var future = override
            future.originalOccurrence = nil
            future.calendarItemExternalIdentifier = futureUID
            future.recurrenceRules = [Self.shifted(rest, by: shift)]
            future.exceptionDates = last.series.exceptionDates.filter { $0 > range.key }.map { $0 + shift }
            let later = last.detached.filter { ($0.originalOccurrence ?? 0) > range.key }.map { occurrence -> Event in
                var moved = occurrence
                moved.originalOccurrence = occurrence.originalOccurrence.map { $0 + shift }
                moved.calendarItemExternalIdentifier = futureUID
                return moved
            }
            if begins > 0 {
                var ended = rule
                ended.recurrenceEnd = .occurrenceCount(begins)
                last.series.recurrenceRules = [ended]
                last.series.exceptionDates = last.series.exceptionDates.filter { $0 < range.key }
                last.detached = last.detached.filter { ($0.originalOccurrence ?? 0) < range.key }
                pieces.append(last)
            }
            let object = begins == 0 ? last.calendarObject : Self.object(of: range.vevent, uid: futureUID, in: calendar)
            pieces.append(
                Piece(
                    uid: futureUID, series: future, detached: later, calendarObject: object,
                    statesCreationDate: range.vevent.property("CREATED") != nil,
                    statesLastModified: range.vevent.property("LAST-MODIFIED") != nil))
        }
        return pieces
    }

    /// The rule of what is left of `series` from the occurrence `key` on (a count takes what is
    /// left of it); nil when the series has no occurrence there.
    private static func rule(_ rule: RecurrenceRule, after series: Event, before key: Int64, zone: TimeZone) -> RecurrenceRule? {
        let begins = series.occurrenceCount(before: key, in: zone)
        var rest = rule
        if case .occurrenceCount(let count) = rule.recurrenceEnd {
            guard count > begins else { return nil }
            rest.recurrenceEnd = .occurrenceCount(count - begins)
        }
        return rest
    }

    /// A rule whose end moved with its occurrences.
    private static func shifted(_ rule: RecurrenceRule, by milliseconds: Int64) -> RecurrenceRule {
        var moved = rule
        switch rule.recurrenceEnd {
        case .endDate(let end)?: moved.recurrenceEnd = .endDate(end.advanced(by: milliseconds))
        case .endDateComponents(let end)?:
            moved.recurrenceEnd = .endDateComponents(end.shifted(byWallClockSeconds: milliseconds.floorDivided(by: 1000)))
        default: break
        }
        return moved
    }

    /// A calendar object of the override alone, as the master of a series of its own: what a
    /// writer over it keeps of the override (attendees, X- properties) survives an export.
    private static func object(of vevent: Component, uid: String, in calendar: Component) -> String {
        var master = vevent
        master.removeProperties("RECURRENCE-ID")
        master.set(Property("UID", TextValue.escape(uid)))
        var object = calendar
        object.components = calendar.components.filter { $0.name == "VTIMEZONE" } + [master]
        return object.text
    }
}
