import JSONRPC
import RemindersJSON
import RemindersModel

/// `tags {}` → `{tags:[{name, count}]}`: every tag in use, with how many open reminders carry it.
enum TagsMethod: MethodDeclaration {
    static let name = "tags"
    static let summary = "Every tag in use, by name ignoring case, with how many incomplete reminders carry it."
    static let access = Access.fullAccess
    static let effect = Effect.reads
    static let params: [ObjectRule.Property] = []
    static let result = CommonSchemas.result([
        ("tags", .array(of: CommonSchemas.result([("name", .string()), ("count", .integer(IntegerRule(minimum: 0)))]))),
    ])

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        let counts = try context.session.eventStore().store.tagCounts()
        return resultObject { writer in
            writer.key(static: "tags")
            writer.beginArray()
            for tag in counts {
                writer.beginObject()
                writer.field("name", tag.name)
                writer.field("count", tag.count)
                writer.endObject()
            }
            writer.endArray()
        }
    }
}
