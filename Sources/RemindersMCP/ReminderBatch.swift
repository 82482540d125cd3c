import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersServer

/// A tool's change on many reminders at once, as one commit: each item is staged (`commit: false`),
/// then all are committed together; an item that fails, or a commit that does, leaves the store as
/// it was (the staged items are reset) and the failure names the item.
enum ReminderBatch {
    static let limit = 100

    /// The items of `key`: 1 to `limit` of them.
    static func items(_ fields: Fields, _ key: String) throws(ResponseError) -> [JSONValue] {
        let items = try fields.optionalArray(key) ?? []
        guard (1...limit).contains(items.count) else {
            throw ResponseError.invalidParams("give 1 to \(limit) items, not \(items.count); nothing was changed", field: key)
        }
        return items
    }

    static func run<T>(_ count: Int, field: String, _ call: ToolCall, _ each: (Int) throws(ToolFailure) -> T) throws(ToolFailure) -> [T] {
        // One group: the items' reads share its transaction instead of one each.
        try call.durably { () throws(ToolFailure) in try stageAndCommit(count, field: field, call, each) }
    }

    private static func stageAndCommit<T>(_ count: Int, field: String, _ call: ToolCall, _ each: (Int) throws(ToolFailure) -> T)
        throws(ToolFailure) -> [T]
    {
        var done: [T] = []
        do throws(ToolFailure) {
            for index in 0..<count {
                do throws(ToolFailure) { done.append(try each(index)) } catch {
                    let item = "\(field)[\(index)]" + (error.field.map { "." + $0 } ?? "")
                    throw ToolFailure(field: item, reason: error.reason, error.message + "; nothing was changed")
                }
            }
            _ = try call.call(Commit.self, NoParams())
        } catch {
            _ = try? call.call(Reset.self, NoParams())
            throw error
        }
        return done
    }
}

/// What a batch of saves gave: each reminder as it was saved, in the order asked.
struct SavedReminders: MethodResult {
    static let schema = CommonSchemas.result([("reminders", .array(of: ReminderSchemas.reminder))])
    var reminders: [Reminder]

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(static: "reminders")
        writer.beginArray()
        for reminder in reminders { reminder.write(to: &writer) }
        writer.endArray()
        writer.endObject()
    }
}

/// What a batch of removals did: the identifiers removed, in the order asked.
struct RemovedReminders: MethodResult {
    static let schema = CommonSchemas.result([("deleted", .array(of: CommonSchemas.identifier))])
    var deleted: [String]

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(static: "deleted")
        writer.beginArray()
        for identifier in deleted { writer.string(identifier) }
        writer.endArray()
        writer.endObject()
    }
}
