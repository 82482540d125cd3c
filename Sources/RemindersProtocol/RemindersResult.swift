import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import Synchronization

/// `{reminders:[…]}` (with `nextCursor` when paging), in pieces of about a megabyte, so that
/// 100,000 reminders never sit in one buffer that has to grow (and be copied) as it fills. A long
/// list is encoded in halves on two threads (the reader thread is idle meanwhile); cancellation is
/// checked as it goes.
public enum RemindersResult: Sendable {
    public static func pieces<C: RandomAccessCollection & Sendable>(
        _ reminders: C, nextCursor: String?? = nil,
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) throws -> [[UInt8]]
    where C.Element == Reminder, C.Index == Int, C.SubSequence: Sendable {
        var head = JSONWriter()
        head.beginObject()
        head.key(static: "reminders")
        head.beginArray()
        var tail = JSONWriter()
        tail.endArray()
        if let nextCursor { tail.field("nextCursor", nextCursor) }
        tail.endObject()

        let halves = reminders.count >= 1_000 ? 2 : 1
        let size = (reminders.count + halves - 1) / max(halves, 1)
        // Each half's pieces, or nil when it was cancelled.
        let encoded = Mutex([[[UInt8]]?](repeating: [], count: halves))
        DispatchQueue.concurrentPerform(iterations: halves) { half in
            let start = reminders.startIndex + half * size, end = min(reminders.endIndex, start + size)
            guard start < end else { return }
            let pieces = encode(reminders[start..<end], afterOthers: half > 0, isCancelled: isCancelled)
            encoded.withLock { $0[half] = pieces }
        }
        let halvesEncoded = encoded.withLock { $0 }
        if halvesEncoded.contains(where: { $0 == nil }) { throw ResponseError.requestCancelled }
        return [head.bytes] + halvesEncoded.flatMap { $0 ?? [] } + [tail.bytes]
    }

    /// The same in one buffer, for a caller that takes the result whole.
    public static func write<C: Collection>(_ reminders: C, nextCursor: String??, to writer: inout JSONWriter) where C.Element == Reminder {
        writer.beginObject()
        writer.key(static: "reminders")
        writer.beginArray()
        for reminder in reminders { reminder.write(to: &writer) }
        writer.endArray()
        if let nextCursor { writer.field("nextCursor", nextCursor) }
        writer.endObject()
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
