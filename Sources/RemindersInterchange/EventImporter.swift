import ICalendar
import RemindersICalendar
import RemindersModel
import RemindersStore

/// Reads .ics text's VEVENTs into an event calendar: a UID already an event's replaces that event
/// (keeping its identifier), the others become new events; importing the same text twice changes
/// nothing the second time. What is not an event, or cannot be one, is named and skipped.
struct EventImporter {
    let events: EventStore
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
                do { reading = try EventReader.read(object.calendar, now: now) } catch {
                    report.skipped.append(.init(uid: nil, line: error.line ?? line, message: error.message))
                    continue
                }
                do {
                    switch try events.writeInterchangedEvent(reading.series, detached: reading.detached, into: calendar) {
                    case .imported: report.imported += 1
                    case .updated: report.updated += 1
                    case .unchanged: report.unchanged += 1
                    }
                } catch {
                    report.skipped.append(.init(uid: reading.uid, line: line, message: Importer.message(error)))
                }
            }
        }
    }
}
