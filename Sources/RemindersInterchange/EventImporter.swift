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

    func run(_ text: String, into calendar: String, report: inout ImportReport) throws(StoreError) {
        let items: [ICalendarDocument.Item]
        do { items = try ICalendarDocument.items(text, of: "VEVENT") } catch {
            report.skipped.append(.init(uid: nil, line: error.line, message: error.message))
            return
        }
        for item in items {
            switch item {
            case .problem(let uid, let line, let message):
                report.skipped.append(.init(uid: uid, line: line, message: message))
            case .object(let object, let line):
                let reading: EventReader.Reading
                do { reading = try EventReader.read(object.calendar, now: now, zone: eventStore.timeZone) } catch {
                    report.skipped.append(
                        .init(
                            uid: object.calendar.components.first { $0.name == "VEVENT" }?.value("UID").map(TextValue.unescape),
                            line: error.line ?? line, message: error.message))
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
                for piece in pieces { write(piece, line: line, into: calendar, report: &report) }
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
            switch try eventStore.writeInterchangedEvent(
                piece.series, detached: piece.detached, calendarObject: piece.calendarObject,
                statesCreationDate: piece.statesCreationDate,
                statesLastModified: piece.statesLastModified, into: calendar,
                isUnchanged: isUnchanged)
            {
            case .imported: report.imported += 1
            case .updated: report.updated += 1
            case .unchanged: report.unchanged += 1
            }
        } catch {
            report.skipped.append(.init(uid: piece.uid, line: line, message: Importer.message(error)))
        }
    }
}
