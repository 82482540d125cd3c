import RemindersICalendarFormat
import RemindersICalendar
import RemindersModel
import RemindersStore

/// Reads .ics text into a list: an item whose UID is already a reminder's updates that reminder
/// (in whatever list it is), the others become new reminders. Importing the same text twice
/// changes nothing the second time. Items that cannot be reminders are named and skipped; the
/// rest are imported.
public struct Importer {
    let eventStore: EventStore
    let now: Timestamp

    public init(eventStore: EventStore, now: Timestamp) {
        self.eventStore = eventStore
        self.now = now
    }

    /// `calendarIdentifier`: where new reminders go (nil: the default list) — or, an event
    /// calendar, where the text's events go.
    public func run(_ text: String, into calendarIdentifier: String?, report: inout ImportReport) throws(StoreError) {
        // An event calendar the client sees takes events; one it does not see is no calendar, refused
        // below as a list that does not exist is — before a line of the text is read.
        if let calendarIdentifier,
            let calendar = try eventStore.read({ store throws(StoreError) in try store.calendar(identifier: calendarIdentifier) }),
            calendar.entityType == .event, eventStore.sees(calendarIdentifier, .event)
        {
            let writable = try eventStore.writableCalendar(calendarIdentifier, for: .event)
            return try EventImporter(eventStore: eventStore, now: now).run(text, into: writable.calendarIdentifier, report: &report)
        }
        let list: String
        if let calendarIdentifier {
            list = try eventStore.writableCalendar(calendarIdentifier).calendarIdentifier
        } else {
            guard let defaultList = try eventStore.defaultCalendarForNewReminders() else {
                throw .invalid(
                    ValidationError(field: "calendarIdentifier", reason: .noCalendar, "every list is read-only; name a list to import into"))
            }
            list = defaultList.calendarIdentifier
        }
        let items: [ICalendarDocument.Item]
        do {
            items = try ICalendarDocument.items(text)
        } catch {
            report.skipped.append(.init(uid: nil, line: error.line, message: error.message))
            return
        }
        var readings: [(TodoReading, CalendarObject, Int?)] = []
        for item in items {
            switch item {
            case .problem(let uid, let line, let message):
                report.skipped.append(.init(uid: uid, line: line, message: message))
            case .object(let object, let line):
                do {
                    let reading = try TodoReader.read(object, now: now)
                    report.notes += reading.notes.map { .init(uid: reading.uid, line: line, message: $0) }
                    readings.append((reading, object, line))
                } catch {
                    report.skipped.append(.init(uid: object.uid, line: error.line ?? line, message: error.message))
                }
            }
        }
        // Parents before their subtasks, so that a subtask finds its parent already there.
        let parentsInFile = Set(readings.compactMap { $0.0.parentUID })
        readings.sort { lhs, rhs in parentsInFile.contains(lhs.0.uid) && !parentsInFile.contains(rhs.0.uid) }
        for (reading, object, line) in readings {
            do {
                try importOne(reading, object, list: list, report: &report)
            } catch {
                report.skipped.append(.init(uid: reading.uid, line: line, message: Self.message(error)))
            }
        }
    }

    private func importOne(_ reading: TodoReading, _ object: CalendarObject, list: String, report: inout ImportReport) throws(StoreError) {
        // A subscribed list's copy is its feed's: the file's goes where it is asked to, as a new one there.
        var matches: [Reminder] = []
        for item in try eventStore.calendarItems(externalIdentifier: reading.uid) {
            let calendar = try eventStore.read { store throws(StoreError) in try store.calendar(identifier: item.calendarIdentifier) }
            if calendar?.type != .subscription { matches.append(item) }
        }
        let existing = matches.first { $0.calendarIdentifier == list } ?? matches.first
        var reminder = reading.reminder
        reminder.calendarIdentifier = existing?.calendarIdentifier ?? list
        if let parentUID = reading.parentUID {
            let parents = try eventStore.read { store throws(StoreError) in try store.reminders(externalIdentifier: parentUID) }
            reminder.parentIdentifier =
                (parents.first { $0.calendarIdentifier == reminder.calendarIdentifier } ?? parents.first)?
                .calendarItemIdentifier
        }
        let text = object.text
        if let existing {
            if !reading.statesCreationDate { reminder.creationDate = existing.creationDate }
            if !reading.statesCompletionDate, reminder.isCompleted, existing.isCompleted { reminder.completionDate = existing.completionDate }
            let kept = try eventStore.read { store throws(StoreError) in try store.calendarObject(reminder: existing.calendarItemIdentifier) }
            if existing.sameContent(as: reminder), kept == text || writesAs(existing, parentUID: reading.parentUID, kept: kept, object) {
                report.unchanged += 1
                return
            }
            reminder.timeZone = existing.timeZone
            _ = try eventStore.writeInterchanged(reminder, calendarObject: text, over: ItemVersion(of: existing))
            report.updated += 1
        } else {
            _ = try eventStore.writeInterchanged(reminder, calendarObject: text, over: nil)
            report.imported += 1
        }
    }

    /// Whether the reminder, written out as it is, is the object read (but for DTSTAMP, which is
    /// always the time of writing): an export of this store imported back changes nothing.
    private func writesAs(_ reminder: Reminder, parentUID: String?, kept: String?, _ object: CalendarObject) -> Bool {
        let original = kept.flatMap { try? CalendarObject(parsing: $0) }
        let written = TodoWriter.object(for: reminder, parentUID: parentUID, original: original, now: now)
        func lines(_ object: CalendarObject) -> [String] {
            (object.todo?.properties ?? []).filter { $0.name != "DTSTAMP" }.map(\.line)
                + (object.todo?.components ?? []).map(\.text)
        }
        return lines(written) == lines(object)
    }

    static func message(_ error: StoreError) -> String {
        switch error {
        case .invalid(let validation): return "\(validation.field): \(validation.message)"
        default: return "\(error)"
        }
    }
}
