import RemindersICalendarFormat
import RemindersICalendar
import RemindersModel
import RemindersStore

/// A subscription's feed: .ics text read once, with what its VCALENDAR says of itself (its name,
/// how often it asks to be fetched) and what it holds (events, or to-dos for a list).
public struct SubscribedFeed: Sendable {
    /// The text's top-level components, the publisher's alarms taken out unless kept.
    let components: [Component]
    /// `X-WR-CALNAME`, the name Apple's, Google's and Thunderbird's feeds give themselves.
    public let title: String?
    /// Seconds between fetches the feed asks for: RFC 7986's `REFRESH-INTERVAL`, else Microsoft's `X-PUBLISHED-TTL`.
    public let refreshInterval: Int?
    /// Events, or reminders for a feed of VTODOs alone.
    public let entityType: EntityType
    /// How many alarms of the publisher were taken out.
    public let droppedAlarms: Int
    /// Whether the publisher's alarms are kept; when not, the alarms an event has here are the owner's.
    public let keepsAlarms: Bool

    /// Reads `text`; a text that is no iCalendar at all is an error (the last good copy stays).
    public init(_ text: String, keepsAlarms: Bool) throws(ICalendarError) {
        var top = try Component.parse(text)
        guard let calendar = top.first(where: { $0.name == "VCALENDAR" }) else { throw ICalendarError("no VCALENDAR in the feed") }
        title = calendar.value("X-WR-CALNAME").map(TextValue.unescape).flatMap { $0.isEmpty ? nil : $0 }
        refreshInterval = (calendar.value("REFRESH-INTERVAL") ?? calendar.value("X-PUBLISHED-TTL")).flatMap(DurationValue.seconds)
        let kinds = Set(top.flatMap { $0.components.map(\.name) })
        entityType = kinds.contains("VTODO") && !kinds.contains("VEVENT") ? .reminder : .event
        var dropped = 0
        if !keepsAlarms {
            for index in top.indices { dropped += Self.removeAlarms(from: &top[index]) }
        }
        droppedAlarms = dropped
        self.keepsAlarms = keepsAlarms
        components = top
    }

    /// Takes the VALARMs out of `component`'s items (at any depth); returns how many went.
    private static func removeAlarms(from component: inout Component) -> Int {
        let before = component.components.count
        component.components.removeAll { $0.name == "VALARM" }
        var removed = before - component.components.count
        for index in component.components.indices { removed += removeAlarms(from: &component.components[index]) }
        return removed
    }
}

/// What a refresh changed in the subscribed calendar.
public struct FeedChanges: Equatable, Sendable {
    public var added = 0
    public var changed = 0
    public var removed = 0
    public var unchanged = 0
    /// Items of the feed that could not be read (named, with why); their copies here stay.
    public var skipped: [ImportReport.Skipped] = []
    /// What was read but not quite as the feed has it, and items left out by the bounds.
    public var notes: [ImportReport.Skipped] = []

    public init() {}

    public var changesAnything: Bool { added + changed + removed > 0 }
}

/// Puts a feed into its subscribed calendar as a whole, in one transaction: an item whose UID is
/// there replaces it (keeping its identifier) unless it is the same, new ones are added, and the
/// ones the feed no longer has go. An item the feed has but that cannot be read keeps its copy.
public struct FeedReplacement {
    let eventStore: EventStore
    let now: Timestamp
    /// At most this many items are taken; the rest are named in a note, never silently dropped.
    public var maximumItems = 20_000
    /// Events that do not repeat and ended longer ago than this are left out (and counted in a note):
    /// a feed's years of past fixtures are not kept.
    public var keptPast: Int64 = 366 * 86_400_000

    public init(eventStore: EventStore, now: Timestamp) {
        self.eventStore = eventStore
        self.now = now
    }

    public func apply(_ feed: SubscribedFeed, into calendar: String) throws(StoreError) -> FeedChanges {
        let kind = feed.entityType == .event ? "VEVENT" : "VTODO"
        var items: [ICalendarDocument.Item]
        do { items = try ICalendarDocument.items(feed.components, of: kind) } catch {
            throw .invalid(ValidationError(field: "feed", error.message))
        }
        var changes = FeedChanges()
        var seen = Set<String>()
        if items.count > maximumItems {
            let cut = items.count - maximumItems
            for case .object(let object, _) in items[maximumItems...] { if let uid = object.uid { seen.insert(uid) } }
            items.removeLast(cut)
            changes.notes.append(
                .init(uid: nil, line: nil, message: "the feed has \(cut) item\(cut == 1 ? "" : "s") more than the \(maximumItems) taken; left out"))
        }
        return try eventStore.write { _ throws(StoreError) in
            var report = ImportReport()
            if feed.entityType == .event {
                let importer = EventImporter(
                    eventStore: eventStore, now: now, subscribed: true, keepsOwnersAlarms: !feed.keepsAlarms, endedBefore: now.advanced(by: -keptPast)
                )
                try importer.run(items, into: calendar, report: &report, seen: &seen)
            } else {
                try writeReminders(items, into: calendar, report: &report, seen: &seen)
            }
            changes.added = report.imported
            changes.changed = report.updated
            changes.unchanged = report.unchanged
            changes.skipped = report.skipped
            changes.notes += report.notes
            changes.removed = try eventStore.removeSubscribedItems(in: calendar, keeping: seen)
            return changes
        }
    }

    /// A feed of to-dos into its list: each over the one of its UID there.
    private func writeReminders(
        _ items: [ICalendarDocument.Item], into calendar: String, report: inout ImportReport, seen: inout Set<String>
    ) throws(StoreError) {
        for item in items {
            switch item {
            case .problem(let uid, let line, let message):
                if let uid { seen.insert(uid) }
                report.skipped.append(.init(uid: uid, line: line, message: message))
            case .object(let object, let line):
                if let uid = object.uid { seen.insert(uid) }
                do {
                    let reading = try TodoReader.read(object, now: now, zone: eventStore.timeZone)
                    var reminder = reading.reminder
                    reminder.parentIdentifier = nil
                    let text = object.text
                    let outcome = try eventStore.writeSubscribedReminder(reminder, calendarObject: text, into: calendar) { stored, kept in
                        // When it was made (a feed without CREATED says its DTSTAMP), or done when the feed does
                        // not say, is no change: as the copy here has it.
                        var compared = reminder
                        compared.creationDate = stored.creationDate
                        if !reading.statesCompletionDate, compared.isCompleted { compared.completionDate = stored.completionDate }
                        return stored.sameContent(as: compared) && kept.map(Self.withoutStamp) == Self.withoutStamp(text)
                    }
                    switch outcome {
                    case .imported: report.imported += 1
                    case .updated: report.updated += 1
                    case .unchanged: report.unchanged += 1
                    }
                } catch let error as ICalendarError {
                    report.skipped.append(.init(uid: object.uid, line: error.line ?? line, message: error.message))
                } catch let error as StoreError {
                    report.skipped.append(.init(uid: object.uid, line: line, message: Importer.message(error)))
                } catch {
                    report.skipped.append(.init(uid: object.uid, line: line, message: "\(error)"))
                }
            }
        }
    }

    /// The object but for its DTSTAMP lines, which a feed made on request writes anew each time.
    static func withoutStamp(_ text: String) -> String {
        // By line, whatever ends them ("\r\n" is one Character to Swift, never split at "\n").
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).filter { !$0.hasPrefix("DTSTAMP") }.joined(separator: "\n")
    }
}
