import Foundation
import JSONRPC
import RemindersModel
import RemindersStore

enum ReminderMethods {
    static let maximumLimit = 1_000_000

    /// `{predicate?, limit?, cursor?}` → `{reminders, nextCursor}`; `nextCursor` is null on the last page.
    static func fetchReminders(_ context: MethodContext) throws -> [[UInt8]] {
        let params = context.params
        try params.rejectUnknown(["predicate", "limit", "cursor"])
        let predicate = try ReminderPredicate(try params.optionalObject("predicate"))
        let limit = try params.optionalInt("limit")
        if let limit, !(1...maximumLimit).contains(limit) {
            throw params.invalid("limit", "limit must be 1…\(maximumLimit), got \(limit)")
        }
        let session = context.session
        let position = try params.optionalString("cursor").map { (cursor) throws(ResponseError) in
            try FetchCursor.decode(cursor, zone: session.timeZoneName, field: params.pathOf("cursor"))
        }
        let page = try session.events().fetchReminders(matching: predicate, in: session.timeZone, after: position, limit: limit,
                                                       shouldContinue: { !context.isCancelled() })
        let nextCursor = page.next.map { FetchCursor.encode($0, zone: session.timeZoneName) }
        return try remindersResult(pieces: page.reminders, nextCursor: .some(nextCursor), isCancelled: context.isCancelled)
    }

    static func calendarItem(_ context: MethodContext) throws -> [UInt8] {
        try context.params.rejectUnknown(["identifier"])
        let reminder = try context.session.events().calendarItem(identifier: try context.params.string("identifier"))
        return resultObject { writer in
            writer.key(static: "reminder")
            if let reminder { reminder.write(to: &writer) } else { writer.null() }
        }
    }

    static func calendarItems(_ context: MethodContext) throws -> [[UInt8]] {
        try context.params.rejectUnknown(["externalIdentifier"])
        let reminders = try context.session.events().calendarItems(externalIdentifier: try context.params.string("externalIdentifier"))
        return try remindersResult(pieces: reminders)
    }

    static func saveReminder(_ context: MethodContext) throws -> [UInt8] {
        let params = context.params
        try params.rejectUnknown(["reminder", "commit"])
        let save = try ReminderSave(try params.object("reminder"))
        let commit = try params.bool("commit", default: true)
        let session = context.session
        let events = try session.events()
        if context.status == .writeOnly {
            try WriteOnlyRules.checkSave(save, session: session)
        }
        let result = try events.save(identifier: save.identifier, changes: save.changes,
                                     lastModifiedDate: save.lastModifiedDate, commit: commit)
        if save.identifier == nil { session.createdIdentifiers.insert(result.reminder.calendarItemIdentifier) }
        return resultObject { writer in
            writer.key(static: "reminder")
            result.reminder.write(to: &writer)
            writer.key(static: "completedOccurrence")
            if let record = result.completedOccurrence { record.write(to: &writer) } else { writer.null() }
        }
    }

    static func removeReminder(_ context: MethodContext) throws -> [UInt8] {
        let params = context.params
        try params.rejectUnknown(["identifier", "lastModifiedDate", "commit"])
        try context.session.events().removeReminder(identifier: try params.string("identifier"),
                                                    lastModifiedDate: try params.optionalTimestamp("lastModifiedDate"),
                                                    commit: try params.bool("commit", default: true))
        return emptyResult
    }

    static func reminderResult(_ reminder: Reminder) -> [UInt8] {
        resultObject { writer in
            writer.key(static: "reminder")
            reminder.write(to: &writer)
        }
    }

    /// `{reminders:[…]}`, with `nextCursor` when paging, in pieces of about a megabyte, so that 100,000 reminders never sit in one buffer that
    /// has to grow (and be copied) as it fills. A long list is encoded in halves on two threads (the
    /// reader thread is idle meanwhile); cancellation is checked as it goes.
    static func remindersResult<C: RandomAccessCollection>(pieces reminders: C, nextCursor: String?? = nil,
                                                           isCancelled: @escaping () -> Bool = { false }) throws -> [[UInt8]]
    where C.Element == Reminder, C.Index == Int {
        var head = JSONWriter()
        head.beginObject()
        head.key(static: "reminders")
        head.beginArray()
        var tail = JSONWriter()
        tail.endArray()
        if let nextCursor { tail.field("nextCursor", nextCursor) }
        tail.endObject()

        let halves = reminders.count >= 20_000 ? 2 : 1
        let size = (reminders.count + halves - 1) / max(halves, 1)
        var encoded = [[[UInt8]]](repeating: [], count: halves)
        var cancelled = false
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: halves) { half in
            let start = reminders.startIndex + half * size, end = min(reminders.endIndex, start + size)
            guard start < end, let pieces = encode(reminders[start..<end], afterOthers: half > 0, isCancelled: isCancelled) else {
                if start < end { lock.lock(); cancelled = true; lock.unlock() }
                return
            }
            lock.lock(); encoded[half] = pieces; lock.unlock()
        }
        if cancelled { throw ResponseError.requestCancelled }
        return [head.bytes] + encoded.flatMap { $0 } + [tail.bytes]
    }

    /// Array elements in pieces of about a megabyte; nil when cancelled.
    private static func encode<C: Collection>(_ reminders: C, afterOthers: Bool, isCancelled: () -> Bool) -> [[UInt8]]?
    where C.Element == Reminder {
        let pieceSize = 1 << 20
        var pieces: [[UInt8]] = []
        var writer = JSONWriter(capacity: pieceSize + (64 << 10))
        if afterOthers { writer.raw([]) }  // the elements follow others: the first one needs its comma
        var counted = 0
        for index in reminders.indices {
            counted += 1
            if counted % 4096 == 0, isCancelled() { return nil }
            reminders[index].write(to: &writer)  // in place: no copy of the reminder
            if writer.bytes.count >= pieceSize { pieces.append(writer.takeBytes()) }
        }
        pieces.append(writer.takeBytes())
        return pieces
    }
}

/// What write-only access allows: new reminders in the default list, alarms on reminders this session created.
enum WriteOnlyRules {
    static func checkSave(_ save: ReminderSave, session: Session) throws {
        guard save.identifier == nil else {
            throw ResponseError.notAuthorized(client: session.clientName, status: .writeOnly, "write-only clients cannot change existing reminders")
        }
        if case .set(let calendar) = save.changes.calendarIdentifier,
           calendar != (try session.events().defaultCalendarForNewReminders()?.calendarIdentifier) {
            throw ResponseError.notAuthorized(client: session.clientName, status: .writeOnly, "write-only clients can only add to the default list")
        }
    }

    /// A commit (explicit, or by a write without `commit: false`) that would write changes staged with full access.
    static func checkCommit(of method: Method, params: Fields, session: Session) throws {
        guard method.commitsStagedChanges, session.hasChangesStagedWithFullAccess else { return }
        let commits = try method.name == "commit" || params.optionalBool("commit") != false
        guard commits else { return }
        throw ResponseError.notAuthorized(client: session.clientName, status: .writeOnly,
                                          "changes staged with full access can be committed only with full access; reset them")
    }

    static func checkAlarm(on identifier: String, session: Session) throws {
        guard session.createdIdentifiers.contains(identifier) else {
            throw ResponseError.notAuthorized(client: session.clientName, status: .writeOnly,
                                              "write-only clients can only add alarms to reminders they created in this session")
        }
    }
}
