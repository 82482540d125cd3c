import RemindersICalendarFormat
import RemindersICalendar
import RemindersModel
import RemindersStore

/// Reads .ics text's VEVENTs into an event calendar: a UID already an event's replaces that event
/// (keeping its identifier), the others become new events; importing the same text twice changes
/// nothing the second time. What is not an event, or cannot be one, is named and skipped. The
/// calendar object is kept beside the event, so that an export writes back what remindersd does
/// not map (attendees, the organizer, categories, X- properties, EMAIL alarms, RDATEs).
struct EventImporter {
    let eventStore: EventStore
    let now: Timestamp
    /// Into a subscribed calendar, which only its refresh writes (and where a UID is looked up).
    var subscribed = false
    /// In a subscribed calendar whose publisher's alarms are left out: the alarms its events have are the owner's, and stay.
    var keepsOwnersAlarms = false
    /// Events that do not repeat and ended before this are left out (a feed's years of history);
    /// how many is `leftOut`.
    var endedBefore: Timestamp?

    func run(_ text: String, into calendar: String, report: inout ImportReport) throws(StoreError) {
        var seen = Set<String>()
        let items: [ICalendarDocument.Item]
        do { items = try ICalendarDocument.items(text, of: "VEVENT") } catch {
            report.skipped.append(.init(uid: nil, line: error.line, message: error.message))
            return
        }
        try run(items, into: calendar, report: &report, seen: &seen)
    }

    /// `seen`: every UID the items have, written or not (one that could not be read is still the feed's).
    func run(_ items: [ICalendarDocument.Item], into calendar: String, report: inout ImportReport, seen: inout Set<String>) throws(StoreError) {
        var leftOut = 0
        defer {
            if leftOut > 0 {
                report.notes.append(.init(uid: nil, line: nil, message: "\(leftOut) events that ended more than a year ago were left out"))
            }
        }
        for item in items {
            switch item {
            case .problem(let uid, let line, let message):
                if let uid { seen.insert(uid) }
                report.skipped.append(.init(uid: uid, line: line, message: message))
            case .object(let object, let line):
                let reading: EventReader.Reading
                do { reading = try EventReader.read(object.calendar, now: now, zone: eventStore.timeZone) } catch {
                    let uid = object.calendar.components.first { $0.name == "VEVENT" }?.value("UID").map(TextValue.unescape)
                    if let uid { seen.insert(uid) }
                    report.skipped.append(.init(uid: uid, line: error.line ?? line, message: error.message))
                    continue
                }
                report.notes += reading.notes.map { .init(uid: reading.uid, line: line, message: $0) }
                let pieces = reading.splitAtFutureRanges(of: object.calendar, text: object.text, zone: eventStore.timeZone)
                if !reading.futureRanges.isEmpty {
                    report.notes.append(
                        .init(
                            uid: reading.uid, line: line,
                            message: "\(reading.uid): overrides of this and later occurrences "
                                + "(RANGE=THISANDFUTURE) were read as the series split there, as futureEvents splits one: "
                                + pieces.map(\.uid).joined(separator: ", ")))
                }
                for piece in pieces {
                    if let endedBefore, piece.series.recurrenceRules.isEmpty,
                        piece.series.start.instant(in: eventStore.timeZone).advanced(by: piece.series.duration) < endedBefore
                    {
                        leftOut += 1
                        continue
                    }
                    seen.insert(piece.uid)
                    write(piece, line: line, into: calendar, report: &report)
                }
            }
        }
    }

    private func write(_ piece: EventReader.Reading.Piece, line: Int?, into calendar: String, report: inout ImportReport) {
        do {
            let unmapped = (try? Component.parse(piece.calendarObject).first { $0.name == "VCALENDAR" }).map(EventWriter.unmappedParts(of:))
            let isUnchanged = { (stored: InterchangedSeries, incoming: InterchangedSeries) -> Bool in
                guard stored.series.sameContent(as: incoming.series), stored.detached.count == incoming.detached.count else { return false }
                let byOccurrence = Dictionary(stored.detached.map { ($0.originalOccurrence ?? 0, $0) }, uniquingKeysWith: { first, _ in first })
                guard incoming.detached.allSatisfy({ byOccurrence[$0.originalOccurrence ?? 0]?.sameContent(as: $0) ?? false }) else { return false }
                return stored.calendarObject == piece.calendarObject
                    || stored.calendarObject.flatMap { try? Component.parse($0).first { $0.name == "VCALENDAR" } }
                        .map { EventWriter.unmappedParts(of: $0) == unmapped } ?? false
            }
            let outcome =
                subscribed
                ? try eventStore.writeSubscribedEvent(
                    piece.series, detached: piece.detached, calendarObject: piece.calendarObject,
                    statesCreationDate: piece.statesCreationDate, statesLastModified: piece.statesLastModified, into: calendar,
                    keepingOwnersAlarms: keepsOwnersAlarms, isUnchanged: isUnchanged)
                : try eventStore.writeInterchangedEvent(
                    piece.series, detached: piece.detached, calendarObject: piece.calendarObject,
                    statesCreationDate: piece.statesCreationDate, statesLastModified: piece.statesLastModified, into: calendar,
                    isUnchanged: isUnchanged)
            switch outcome {
            case .imported: report.imported += 1
            case .updated: report.updated += 1
            case .unchanged: report.unchanged += 1
            }
        } catch {
            report.skipped.append(.init(uid: piece.uid, line: line, message: Importer.message(error)))
        }
    }
}
