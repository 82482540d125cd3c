import RemindersCalDAV
import Foundation
import RemindersICalendarFormat
import RemindersICalendar
import RemindersModel
import RemindersStore
import XCTest
@testable import RemindersSync

/// The sync's property test for events, as `SyncHistoryTests` is for reminders: random histories
/// of creates (single events and weekly series), edits of one field or another, occurrences of a
/// series changed on their own (detached) and deletes — here through the store, there by
/// another client writing the collection — interleaved with syncs whose requests fail at random.
/// The production sync runs on a real store against a collection in memory. After the last syncs,
/// with nothing failing, the calendar holds the same events on both sides; no edit is lost unless
/// the report named a conflict for the event (events are not merged: the server's version wins,
/// whole); an event is gone only if it was deleted after its last edit.
///
/// `REMINDERSD_SYNC_HISTORIES` sets how many (default 300); `REMINDERSD_SYNC_SEED` the first seed.
final class EventSyncHistoryTests: XCTestCase {
    func testRandomEventHistoriesConvergeAndLoseNoEditUnnamed() throws {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["REMINDERSD_SYNC_HISTORIES"].flatMap(Int.init).map { max(1, $0 * 3 / 5) } ?? 300
        let firstSeed = environment["REMINDERSD_SYNC_SEED"].flatMap(UInt64.init) ?? 36_000
        let folder = NSTemporaryDirectory() + "event-sync-histories-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var failed = 0
        var conflicts = 0
        for seed in firstSeed..<firstSeed + UInt64(count) {
            let history = try EventHistory(seed: seed, path: "\(folder)/\(seed).sqlite")
            do {
                try history.run()
                conflicts += history.conflicts.count
            } catch {
                failed += 1
                XCTFail(
                    "event history \(seed) (REMINDERSD_SYNC_SEED=\(seed) REMINDERSD_SYNC_HISTORIES=1): \(error)\n"
                        + history.log.joined(separator: "\n"))
                if failed >= 3 { break }
            }
            try? FileManager.default.removeItem(atPath: "\(folder)/\(seed).sqlite")
        }
        print("event sync histories: \(count) run, \(conflicts) conflicts named")
    }
}

/// One random history of one event calendar.
final class EventHistory {
    typealias Side = History.Side
    typealias Field = History.Field
    typealias Failure = History.Failure

    /// What an edit changed: a field of the series, or the title of one of its occurrences (by
    /// its place: 1 is the second occurrence).
    enum Part: Hashable, CustomStringConvertible {
        case field(Field)
        case occurrence(Int)

        var description: String {
            switch self {
            case .field(let field): return field.rawValue
            case .occurrence(let place): return "occurrence \(place)"
            }
        }
    }

    struct Edit {
        var index: Int
        var side: Side
        var uid: String
        var part: Part
        var value: String
    }

    private var random: SplitMix64
    private let eventStore: EventStore
    private let calendar = Identifiers.make()
    private let collection = MemoryCollection(href: "/events/")
    private var index = 0
    private var made = 0
    private var edits: [Edit] = []
    private var deletes: [(index: Int, side: Side, uid: String)] = []
    private(set) var conflicts = Set<String>()
    private var rank: [String: Int] = [:]
    private var forceDelete = false
    private(set) var log: [String] = []
    private static let utc = TimeZone(identifier: "UTC")!
    private static let week: Int64 = 7 * 86_400_000
    /// Each series' first start, to name its occurrences by place.
    private var firstStart: [String: Timestamp] = [:]

    init(seed: UInt64, path: String) throws {
        random = SplitMix64(seed: seed)
        eventStore = try EventStore(path: path, timeZone: Self.utc)
        try eventStore.write({ store throws(StoreError) in
            try store.addAccount(SyncAccount(name: "home", url: "http://127.0.0.1:1/", timeout: 5), now: Timestamp.now())
        })
        try eventStore.write({ store throws(StoreError) in
            try store.addSyncedCollection(
                SyncedCollection(calendarIdentifier: calendar, account: "home", entityType: .event, href: collection.href),
                list: ItemCalendar(calendarIdentifier: calendar, title: "Events", entityType: .event), now: Timestamp.now())
        })
    }

    func run() throws {
        for _ in 0..<random.int(in: 6...24) {
            index += 1
            switch random.int(in: 0...11) {
            case 0, 1: try createHere()
            case 2: try editHere()
            case 3: try detachHere()
            case 4: try deleteHere()
            case 5, 6: createThere()
            case 7, 8: try editThere()
            case 9: deleteThere()
            case 10: try detachThere()
            default: try sync(flaky: random.int(in: 0...2) > 0)
            }
        }
        for _ in 0..<4 { index += 1; try sync(flaky: false) }
        try check()
    }

    // MARK: Here

    private func localEvents() throws -> [Event] {
        try eventStore.read({ store throws(StoreError) in try store.series(inCalendars: [calendar]) }).sorted {
            rank[$0.calendarItemExternalIdentifier, default: 0] < rank[$1.calendarItemExternalIdentifier, default: 0]
        }
    }

    private func createHere() throws {
        made += 1
        var changes = EventChanges()
        changes.calendarIdentifier = .set(calendar)
        changes.title = .set("here \(made)")
        let start = Timestamp(milliseconds: 1_799_053_200_000 + Int64(made) * 86_400_000)
        changes.startDate = .set(start)
        changes.endDate = .set(start.advanced(by: 3_600_000))
        changes.timeZone = .set("UTC")
        let weekly = random.int(in: 0...2) == 0
        if weekly { changes.recurrenceRules = .set([try RecurrenceRule(rrule: "FREQ=WEEKLY;COUNT=4")]) }
        let saved = try eventStore.saveEvent(identifier: nil, occurrenceDate: nil, span: nil, changes: changes, lastModifiedDate: nil)
        let uid = saved.event.calendarItemExternalIdentifier
        rank[uid] = made
        if weekly { firstStart[uid] = start }
        edits.append(Edit(index: index, side: .here, uid: uid, part: .field(.title), value: "here \(made)"))
        log.append("\(index) here: create \(uid.prefix(8)) \"here \(made)\"")
    }

    private func editHere() throws {
        guard let event = random.element(of: try localEvents()) else { return }
        let uid = event.calendarItemExternalIdentifier
        let field = random.element(of: Field.allCases)!
        let value = "\(field) \(index)"
        var changes = EventChanges()
        switch field {
        case .title: changes.title = .set(value)
        case .notes: changes.notes = .set(value)
        case .location: changes.location = .set(value)
        }
        let span: EventSpan? = event.recurrenceRules.isEmpty ? nil : .futureEvents  // from the first occurrence: the whole series
        let first = event.recurrenceRules.isEmpty ? nil : event.start.instant(in: Self.utc)
        _ = try eventStore.saveEvent(identifier: event.eventIdentifier, occurrenceDate: first, span: span, changes: changes, lastModifiedDate: nil)
        edits.append(Edit(index: index, side: .here, uid: uid, part: .field(field), value: value))
        log.append("\(index) here: \(uid.prefix(8)) \(field) = \(value)")
    }

    /// One later occurrence of a series retitled on its own (`thisEvent`).
    private func detachHere() throws {
        guard let event = random.element(of: try localEvents().filter { !$0.recurrenceRules.isEmpty }) else { return }
        let uid = event.calendarItemExternalIdentifier
        let place = random.int(in: 1...3)
        let value = "occurrence \(index)"
        var changes = EventChanges()
        changes.title = .set(value)
        let occurrence = event.start.instant(in: Self.utc).advanced(by: Self.week * Int64(place))
        _ = try eventStore.saveEvent(
            identifier: event.eventIdentifier, occurrenceDate: occurrence, span: .thisEvent, changes: changes, lastModifiedDate: nil)
        edits.append(Edit(index: index, side: .here, uid: uid, part: .occurrence(place), value: value))
        log.append("\(index) here: \(uid.prefix(8)) occurrence \(place) title = \(value)")
    }

    private func deleteHere() throws {
        guard let event = random.element(of: try localEvents()) else { return }
        try eventStore.removeEvent(identifier: event.eventIdentifier, occurrenceDate: nil, span: nil)
        deletes.append((index, .here, event.calendarItemExternalIdentifier))
        log.append("\(index) here: delete \(event.calendarItemExternalIdentifier.prefix(8))")
    }

    // MARK: There

    private func members() -> [(href: String, uid: String)] {
        collection.members.sorted { $0.key < $1.key }.compactMap { href, member in
            Self.calendar(member.text)?.components.first { $0.name == "VEVENT" }?.value("UID").map { (href, $0) }
        }.sorted { rank[$0.uid, default: 0] < rank[$1.uid, default: 0] }
    }

    private func createThere() {
        made += 1
        let uid = "there-\(made)"
        rank[uid] = made
        let now = History.stamp(Timestamp.now())
        let day = 5 + made % 20
        collection.store(
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//history//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:\(now)\r\nLAST-MODIFIED:\(now)\r\n"
                + "DTSTART:202701\(String(format: "%02d", day))T100000Z\r\nDTEND:202701\(String(format: "%02d", day))T110000Z\r\n"
                + "SUMMARY:there \(made)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", at: "\(collection.href)\(uid).ics")
        edits.append(Edit(index: index, side: .there, uid: uid, part: .field(.title), value: "there \(made)"))
        log.append("\(index) there: create \(uid)")
    }

    private func editThere() throws {
        guard let (href, uid) = random.element(of: members()), let member = collection.members[href] else { return }
        guard var object = Self.calendar(member.text), let position = object.components.firstIndex(where: { $0.name == "VEVENT" }) else { return }
        let field = random.element(of: Field.allCases)!
        let value = "\(field) \(index)"
        let name = ["title": "SUMMARY", "notes": "DESCRIPTION", "location": "LOCATION"][field.rawValue]!
        object.components[position].set(Property(name, value))
        object.components[position].set(Property("LAST-MODIFIED", History.stamp(Timestamp.now())))
        collection.store(object.text, at: href)
        edits.append(Edit(index: index, side: .there, uid: uid, part: .field(field), value: value))
        log.append("\(index) there: \(uid.prefix(8)) \(field) = \(value)")
    }

    /// As a phone retitling one occurrence: a VEVENT with its RECURRENCE-ID added (or changed).
    private func detachThere() throws {
        let series = members().filter { collection.members[$0.href]?.text.contains("RRULE") ?? false }
        guard let (href, uid) = random.element(of: series), let member = collection.members[href], var object = Self.calendar(member.text),
            let master = object.components.first(where: { $0.name == "VEVENT" && $0.property("RECURRENCE-ID") == nil })
        else { return }
        let first = try EventReader.read(object, now: Timestamp.now(), zone: Self.utc).series.start.instant(in: Self.utc)
        let place = random.int(in: 1...3)
        let value = "occurrence \(index)"
        let start = first.advanced(by: Self.week * Int64(place))
        let recurrenceID = History.stamp(start)
        if let position = object.components.firstIndex(where: { $0.name == "VEVENT" && $0.value("RECURRENCE-ID") == recurrenceID }) {
            object.components[position].set(Property("SUMMARY", value))
            object.components[position].set(Property("LAST-MODIFIED", History.stamp(Timestamp.now())))
        } else {
            var override = Component("VEVENT")
            for name in ["UID", "DTSTAMP"] { if let property = master.property(name) { override.set(property) } }
            override.set(Property("RECURRENCE-ID", recurrenceID))
            override.set(Property("DTSTART", recurrenceID))
            override.set(Property("DTEND", History.stamp(start.advanced(by: 3_600_000))))
            override.set(Property("SUMMARY", value))
            override.set(Property("LAST-MODIFIED", History.stamp(Timestamp.now())))
            object.components.append(override)
        }
        collection.store(object.text, at: href)
        edits.append(Edit(index: index, side: .there, uid: uid, part: .occurrence(place), value: value))
        log.append("\(index) there: \(uid.prefix(8)) occurrence \(place) title = \(value)")
    }

    private func deleteThere() {
        guard let (href, uid) = random.element(of: members()) else { return }
        collection.remove(href)
        deletes.append((index, .there, uid))
        log.append("\(index) there: delete \(uid.prefix(8))")
    }

    /// A series' detached occurrences as "PLACE: title", by their place in the series.
    private func places(of series: Event, _ detached: [Event]) -> [String] {
        let first = series.start.instant(in: Self.utc).milliseconds
        return detached.compactMap { occurrence in
            guard let key = occurrence.originalOccurrence else { return nil }
            return "\((key - first) / Self.week): \(occurrence.title)"
        }.sorted()
    }

    /// A member's VCALENDAR (what another client wrote, or the sync uploaded).
    private static func calendar(_ text: String) -> Component? {
        (try? Component.parse(text))?.first { $0.name == "VCALENDAR" }
    }

    // MARK: Syncing

    private func sync(flaky: Bool) throws {
        var failures = 0
        collection.failing = { [self] in
            guard flaky, random.int(in: 0...5) == 0 else { return .none }
            failures += 1
            return [MemoryCollection.Failure.timeout, .unavailable, .itemRefused][random.int(in: 0...2)]
        }
        guard
            let synced = try eventStore.read({ store throws(StoreError) in try store.syncedCollections(account: "home") }).first(where: {
                $0.calendarIdentifier == calendar
            })
        else {
            throw Failure(description: "the synced collection went")
        }
        var options = SyncOptions()
        if forceDelete { options.forceDelete = [calendar] }
        let run = CollectionSync<EventSyncKind>(
            client: collection, eventStore: eventStore, collection: synced, remote: collection.remote, options: options,
            report: ListReport(calendarIdentifier: calendar, title: collection.href))
        var outcome = "ok"
        do { try run.run() } catch { outcome = "cut off: \(error)" }
        let report = run.report
        for conflict in report.conflicts { conflicts.insert(conflict.uid) }
        if report.withheld != nil { forceDelete = true }
        log.append(
            "\(index) sync\(flaky ? " (flaky, \(failures) failed)" : ""): \(outcome); \(report.line)"
                + (report.skipped.isEmpty ? "" : " skipped \(report.skipped.map(\.message))")
                + (report.conflicts.isEmpty ? "" : " conflicts \(report.conflicts.map { "\($0.uid.prefix(8)) \($0.property) kept \($0.kept)" })"))
    }

    // MARK: What must hold at the end

    private func check() throws {
        var here: [String: [String]] = [:]
        for event in try localEvents() {
            let detached = try eventStore.read({ store throws(StoreError) in try store.detachedOccurrences(of: event.eventIdentifier) })
            here[event.calendarItemExternalIdentifier] = [event.title, event.notes ?? "", event.location ?? ""] + places(of: event, detached)
        }
        var there: [String: [String]] = [:]
        for member in collection.members.values {
            guard let object = Self.calendar(member.text) else { throw Failure(description: "a member is no VCALENDAR: \(member.text)") }
            let reading = try EventReader.read(object, now: Timestamp.now(), zone: Self.utc)
            there[reading.uid] =
                [reading.series.title, reading.series.notes ?? "", reading.series.location ?? ""] + places(of: reading.series, reading.detached)
        }
        guard here == there else {
            throw Failure(
                description: "the calendar differs:\n  here  \(here.sorted { $0.key < $1.key })\n  there \(there.sorted { $0.key < $1.key })")
        }
        let takenBack = { (edit: Edit) in self.deletes.contains { $0.side == edit.side && $0.uid == edit.uid && $0.index > edit.index } }
        let standing = edits.filter { !takenBack($0) }
        for uid in Set(edits.map(\.uid)) {
            guard let found = here[uid] else {
                let lastEdit = standing.filter { $0.uid == uid }.map(\.index).max() ?? 0
                guard deletes.contains(where: { $0.uid == uid && $0.index > lastEdit }) || conflicts.contains(uid) else {
                    throw Failure(description: "\(uid) is gone, but was edited (step \(lastEdit)) after every delete of it")
                }
                continue
            }
            guard !conflicts.contains(uid) else { continue }  // the server's version won, whole, and the report said so
            for part in Set(edits.filter { $0.uid == uid }.map(\.part)) {
                guard let last = standing.filter({ $0.uid == uid && $0.part == part }).max(by: { $0.index < $1.index }) else { continue }
                let allowed = Set(
                    [last.value] + edits.filter { $0.uid == uid && $0.part == part && $0.index > last.index && takenBack($0) }.map(\.value))
                let value: String
                switch part {
                case .field(let field): value = found[Field.allCases.firstIndex(of: field)!]
                case .occurrence(let place): value = found.first { $0.hasPrefix("\(place): ") }.map { String($0.dropFirst(3)) } ?? "(not detached)"
                }
                guard allowed.contains(value) else {
                    throw Failure(
                        description:
                            "\(uid) \(part) is \"\(value)\": the edit to \"\(last.value)\" (step \(last.index), \(last.side)) was lost, and no conflict named it"
                    )
                }
            }
        }
    }
}
