import RemindersCalDAV
import Foundation
import RemindersICalendarFormat
import RemindersICalendar
import RemindersModel
import RemindersStore
import XCTest
@testable import RemindersSync

/// The sync's algorithm over random histories: creates, edits of one field or another, deletes
/// and moves between two lists on both sides — here through the store, there by another client
/// writing the collections (a move there is a delete in one and a create in the other) —
/// interleaved with syncs whose requests fail at random (the server timing out, answering 503,
/// refusing one item). The production sync runs on a real store against collections in memory
/// (`MemoryCollection`; the interop suite runs it against real servers). After the last syncs,
/// with nothing failing, each list holds the same reminders on both sides, and no edit is lost:
/// each field holds the last value written to it (in the copy of the item that has it: a move
/// on one side while the other edits leaves the item in both lists, as other clients do),
/// unless the report named a conflict for it; an item is gone only if it was deleted after its
/// last edit.
///
/// `REMINDERSD_SYNC_HISTORIES` sets how many (default 500); `REMINDERSD_SYNC_SEED` the first seed.
final class SyncHistoryTests: XCTestCase {
    func testRandomHistoriesConvergeAndLoseNoEdit() throws {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["REMINDERSD_SYNC_HISTORIES"].flatMap(Int.init) ?? 500
        let firstSeed = environment["REMINDERSD_SYNC_SEED"].flatMap(UInt64.init) ?? 24_000
        let folder = NSTemporaryDirectory() + "sync-histories-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var failed = 0
        var totals = History.Totals()
        for seed in firstSeed..<firstSeed + UInt64(count) {
            let history = try History(seed: seed, path: "\(folder)/\(seed).sqlite")
            do {
                try history.run()
                totals.add(history.totals)
            } catch {
                failed += 1
                XCTFail(
                    "history \(seed) (REMINDERSD_SYNC_SEED=\(seed) REMINDERSD_SYNC_HISTORIES=1): \(error)\n" + history.log.joined(separator: "\n"))
                if failed >= 3 { break }
            }
            try? FileManager.default.removeItem(atPath: "\(folder)/\(seed).sqlite")
        }
        print(
            "sync histories: \(count) run, \(totals.steps) steps, \(totals.moves) moves, \(totals.syncs) syncs of two lists "
                + "(\(totals.failedSyncs) lists cut off by a failure), \(totals.conflicts) conflicts named, \(totals.withheld) deletions withheld and then forced"
        )
    }
}

/// One random history.
final class History {
    enum Side: String { case here, there }
    /// Text fields, each edit a value never written before: a field set back to the value both
    /// sides last agreed on is no change to a three-way merge, and a history must not count it as one.
    enum Field: String, CaseIterable { case title, notes, location }

    struct Edit {
        var index: Int
        var side: Side
        var uid: String
        var field: Field
        var value: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    struct Totals {
        var steps = 0, syncs = 0, failedSyncs = 0, conflicts = 0, withheld = 0, moves = 0

        mutating func add(_ other: Totals) {
            steps += other.steps; syncs += other.syncs; failedSyncs += other.failedSyncs
            conflicts += other.conflicts; withheld += other.withheld; moves += other.moves
        }
    }

    private var random: SplitMix64
    private let eventStore: EventStore
    private var lists: [String] = []
    private let collections = [MemoryCollection(href: "/one/"), MemoryCollection(href: "/two/")]
    private var index = 0
    private var made = 0
    private var edits: [Edit] = []
    private var deletes: [(index: Int, side: Side, uid: String)] = []
    private var conflicts = Set<String>()
    /// Each UID's place in the order items were made, so that a seed picks the same items again
    /// (the store's identifiers are random).
    private var rank: [String: Int] = [:]
    private var forceDelete = false
    private(set) var log: [String] = []
    private(set) var totals = Totals()

    init(seed: UInt64, path: String) throws {
        random = SplitMix64(seed: seed)
        eventStore = try EventStore(path: path, timeZone: TimeZone(identifier: "UTC")!)
        try eventStore.write({ store throws(StoreError) in
            try store.addAccount(SyncAccount(name: "home", url: "http://127.0.0.1:1/", timeout: 5), now: Timestamp.now())
        })
        for collection in collections {
            let list = Identifiers.make()
            try eventStore.write({ store throws(StoreError) in
                try store.addSyncedCollection(
                    SyncedCollection(calendarIdentifier: list, account: "home", href: collection.href),
                    list: ItemCalendar(calendarIdentifier: list, title: collection.href), now: Timestamp.now())
            })
            lists.append(list)
        }
    }

    func run() throws {
        for _ in 0..<random.int(in: 6...24) {
            index += 1
            totals.steps += 1
            switch random.int(in: 0...13) {
            case 0, 1: try createHere()
            case 2, 3: try editHere()
            case 4: try deleteHere()
            case 5: try moveHere()
            case 6, 7: createThere()
            case 8, 9: try editThere()
            case 10: deleteThere()
            case 11: moveThere()
            default: try sync(flaky: random.int(in: 0...2) > 0)
            }
        }
        // The person answers a withheld deletion, as `--force-delete` does; then nothing fails.
        for _ in 0..<4 { index += 1; try sync(flaky: false) }
        try check()
    }

    // MARK: Here (through the store)

    private func localReminders() throws -> [Reminder] {
        try eventStore.read({ store throws(StoreError) in
            try store.reminders(matching: ReminderPredicate(kind: .all, calendarIdentifiers: lists), in: TimeZone(identifier: "UTC")!)
        })
        .sorted { $0.calendarItemIdentifier < $1.calendarItemIdentifier }
    }

    /// The reminders whose UID only one of them has. A move on one side while the other edits
    /// leaves two copies; the history then leaves them to the syncs, as an edit or delete of
    /// "the" item would not say which copy it meant.
    private func singleReminders() throws -> [Reminder] {
        let all = try localReminders()
        let counts = Dictionary(all.map { ($0.calendarItemExternalIdentifier, 1) }, uniquingKeysWith: +)
        return all.filter { counts[$0.calendarItemExternalIdentifier] == 1 }
            .sorted { rank[$0.calendarItemExternalIdentifier, default: 0] < rank[$1.calendarItemExternalIdentifier, default: 0] }
    }

    /// The same of the collections' members: (collection, href, uid).
    private func singleMembers() -> [(collection: MemoryCollection, href: String, uid: String)] {
        let all = collections.flatMap { collection in
            collection.members.sorted { $0.key < $1.key }.compactMap { href, member in
                (try? CalendarObject(parsing: member.text).uid).flatMap { $0 }.map { (collection, href, $0) }
            }
        }
        let counts = Dictionary(all.map { ($0.2, 1) }, uniquingKeysWith: +)
        return all.filter { counts[$0.2] == 1 }.sorted { rank[$0.2, default: 0] < rank[$1.2, default: 0] }
    }

    private func createHere() throws {
        made += 1
        var changes = ReminderChanges()
        changes.title = .set("here \(made)")
        changes.calendarIdentifier = .set(random.element(of: lists)!)
        let reminder = try eventStore.saveReminder(identifier: nil, changes: changes, commit: true)
        rank[reminder.calendarItemExternalIdentifier] = made
        edits.append(Edit(index: index, side: .here, uid: reminder.calendarItemExternalIdentifier, field: .title, value: "here \(made)"))
        log.append("\(index) here: create \(reminder.calendarItemExternalIdentifier.prefix(8)) \"here \(made)\"")
    }

    private func editHere() throws {
        guard let reminder = random.element(of: try singleReminders()) else { return }
        let uid = reminder.calendarItemExternalIdentifier
        let field = random.element(of: Field.allCases)!
        let value = self.value(for: field)
        var changes = ReminderChanges()
        switch field {
        case .title: changes.title = .set(value)
        case .notes: changes.notes = .set(value)
        case .location: changes.location = .set(value)
        }
        _ = try eventStore.saveReminder(identifier: reminder.calendarItemIdentifier, changes: changes, commit: true)
        edits.append(Edit(index: index, side: .here, uid: uid, field: field, value: value))
        log.append("\(index) here: \(uid.prefix(8)) \(field) = \(value)")
    }

    private func deleteHere() throws {
        guard let reminder = random.element(of: try singleReminders()) else { return }
        let uid = reminder.calendarItemExternalIdentifier
        try eventStore.removeReminder(identifier: reminder.calendarItemIdentifier, commit: true)
        deletes.append((index, .here, uid))
        log.append("\(index) here: delete \(uid.prefix(8))")
    }

    private func moveHere() throws {
        guard let reminder = random.element(of: try singleReminders()) else { return }
        var changes = ReminderChanges()
        let other = lists.first { $0 != reminder.calendarIdentifier }!
        changes.calendarIdentifier = .set(other)
        _ = try eventStore.saveReminder(identifier: reminder.calendarItemIdentifier, changes: changes, commit: true)
        totals.moves += 1
        log.append("\(index) here: move \(reminder.calendarItemExternalIdentifier.prefix(8)) to list \(lists.firstIndex(of: other)! + 1)")
    }

    // MARK: There (another client writing the collection)

    private func createThere() {
        made += 1
        let uid = "there-\(made)"
        rank[uid] = made
        let collection = random.element(of: collections)!
        collection.store(Self.todo(uid: uid, summary: "there \(made)"), at: "\(collection.href)\(uid).ics")
        edits.append(Edit(index: index, side: .there, uid: uid, field: .title, value: "there \(made)"))
        log.append("\(index) there: create \(uid)")
    }

    private func editThere() throws {
        guard let (collection, href, _) = random.element(of: singleMembers()), let member = collection.members[href] else { return }
        var object = try CalendarObject(parsing: member.text)
        guard let position = object.calendar.components.firstIndex(where: { $0.name == "VTODO" }) else { return }
        let uid = object.calendar.components[position].value("UID") ?? ""
        let field = random.element(of: Field.allCases)!
        let value = self.value(for: field)
        let name = ["title": "SUMMARY", "notes": "DESCRIPTION", "location": "LOCATION"][field.rawValue]!
        object.calendar.components[position].set(Property(name, value))
        object.calendar.components[position].set(Property("LAST-MODIFIED", Self.stamp(Timestamp.now())))
        object.calendar.components[position].set(Property("DTSTAMP", Self.stamp(Timestamp.now())))
        collection.store(object.text, at: href)
        edits.append(Edit(index: index, side: .there, uid: uid, field: field, value: value))
        log.append("\(index) there: \(uid.prefix(8)) \(field) = \(value)")
    }

    private func deleteThere() {
        guard let (collection, href, uid) = random.element(of: singleMembers()) else { return }
        collection.remove(href)
        deletes.append((index, .there, uid))
        log.append("\(index) there: delete \(uid.prefix(8))")
    }

    /// As a client that moves an item between calendars: removed from one, the same text put in the other.
    private func moveThere() {
        guard let (source, href, _) = random.element(of: singleMembers()), let member = source.members[href] else { return }
        let target = collections.first { $0 !== source }!
        let name = String(href.dropFirst(source.href.count))
        guard target.members[target.href + name] == nil else { return }
        source.remove(href)
        target.store(member.text, at: target.href + name)
        totals.moves += 1
        log.append("\(index) there: move \(name) to \(target.href)")
    }

    private func value(for field: Field) -> String { "\(field) \(index)" }

    // MARK: Syncing

    /// Both lists, one after the other, as an account's sync goes.
    private func sync(flaky: Bool) throws {
        totals.syncs += 1
        var failures = 0
        for (list, collection) in zip(lists, collections) {
            collection.failing = { [self] in
                guard flaky, random.int(in: 0...5) == 0 else { return .none }
                failures += 1
                return [MemoryCollection.Failure.timeout, .unavailable, .itemRefused][random.int(in: 0...2)]
            }
            guard
                let synced = try eventStore.read({ store throws(StoreError) in try store.syncedCollections(account: "home") }).first(where: {
                    $0.calendarIdentifier == list
                })
            else {
                throw Failure(description: "the synced collection went")
            }
            var options = SyncOptions()
            if forceDelete { options.forceDelete = lists }
            let run = CollectionSync<ReminderSyncKind>(
                client: collection, eventStore: eventStore, collection: synced, remote: collection.remote, options: options,
                report: ListReport(calendarIdentifier: list, title: collection.href))
            var outcome = "ok"
            do { try run.run() } catch { outcome = "cut off: \(error)"; totals.failedSyncs += 1 }
            let report = run.report
            for conflict in report.conflicts { conflicts.insert("\(conflict.uid) \(conflict.property)") }
            totals.conflicts += report.conflicts.count
            if report.withheld != nil { forceDelete = true; totals.withheld += 1 }
            log.append(
                "\(index) sync\(flaky ? " (flaky, \(failures) failed)" : ""): \(outcome); \(report.line)"
                    + (report.skipped.isEmpty ? "" : " skipped \(report.skipped.map(\.message))")
                    + (report.conflicts.isEmpty ? "" : " conflicts \(report.conflicts.map { "\($0.uid.prefix(8)) \($0.property) kept \($0.kept)" })"))
        }
    }

    // MARK: What must hold at the end

    private func check() throws {
        // Each list the same on both sides.
        var copies: [String: [[String]]] = [:]  // uid → the values of each copy
        let reminders = try localReminders()
        for (list, collection) in zip(lists, collections) {
            var here: [String: [String]] = [:]
            for reminder in reminders where reminder.calendarIdentifier == list {
                here[reminder.calendarItemExternalIdentifier] = [reminder.title, reminder.notes ?? "", reminder.location ?? ""]
            }
            var there: [String: [String]] = [:]
            for member in collection.members.values {
                let reading = try TodoReader.read(try CalendarObject(parsing: member.text), now: Timestamp.now())
                there[reading.uid] = [reading.reminder.title, reading.reminder.notes ?? "", reading.reminder.location ?? ""]
            }
            guard here == there else {
                throw Failure(
                    description:
                        "\(collection.href) differs:\n  here  \(here.sorted { $0.key < $1.key })\n  there \(there.sorted { $0.key < $1.key })")
            }
            for (uid, values) in here { copies[uid, default: []].append(values) }
        }
        // An edit followed by a delete on the same side was taken back by that delete — unless a
        // sync had taken it to the other side first, which then keeps it: so the value left may
        // be the last edit that stands, or one taken back after it.
        let takenBack = { (edit: Edit) in self.deletes.contains { $0.side == edit.side && $0.uid == edit.uid && $0.index > edit.index } }
        let standing = edits.filter { !takenBack($0) }
        for uid in Set(edits.map(\.uid)) {
            guard let found = copies[uid] else {
                let lastEdit = standing.filter { $0.uid == uid }.map(\.index).max() ?? 0
                guard deletes.contains(where: { $0.uid == uid && $0.index > lastEdit }) else {
                    throw Failure(description: "\(uid) is gone, but was edited (step \(lastEdit)) after every delete of it")
                }
                continue
            }
            for (position, field) in Field.allCases.enumerated() {
                guard let last = standing.filter({ $0.uid == uid && $0.field == field }).max(by: { $0.index < $1.index }) else { continue }
                let allowed = Set(
                    [last.value] + edits.filter { $0.uid == uid && $0.field == field && $0.index > last.index && takenBack($0) }.map(\.value))
                if !found.contains(where: { allowed.contains($0[position]) }), !conflicts.contains("\(uid) \(field.rawValue)") {
                    throw Failure(
                        description: "\(uid) \(field) is \(found.map { "\"\($0[position])\"" }.joined(separator: " and ")): the edit to "
                            + "\"\(last.value)\" (step \(last.index), \(last.side)) was lost, and no conflict named it")
                }
            }
        }
    }

    static func todo(uid: String, summary: String) -> String {
        let now = stamp(Timestamp.now())
        return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//history//EN\r\nBEGIN:VTODO\r\nUID:\(uid)\r\nDTSTAMP:\(now)\r\n"
            + "LAST-MODIFIED:\(now)\r\nSUMMARY:\(summary)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
    }

    static func stamp(_ instant: Timestamp) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: Date(timeIntervalSince1970: Double(instant.milliseconds) / 1000))
    }
}

/// A small seeded generator (SplitMix64), so that a failing history can be run again by its seed.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func element<T>(of items: [T]) -> T? {
        items.isEmpty ? nil : items[int(in: 0...(items.count - 1))]
    }
}
