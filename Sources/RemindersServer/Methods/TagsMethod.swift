import JSONRPC
import RemindersJSON
import RemindersModel
import RemindersStore

/// `tags {}` → `{tags:[{name, count}]}`: every tag in use, with how many open reminders carry it.
enum TagsMethod: TypedMethod, MethodDeclaration {
    static let name = "tags"
    static let summary = "Every tag in use, by name ignoring case, with how many incomplete reminders carry it."
    static let access = Access.fullAccess
    static let effect = Effect.reads

    typealias Params = NoParams

    struct Result: MethodResult {
        static let schema = CommonSchemas.result([
            ("tags", .array(of: CommonSchemas.result([("name", .string()), ("count", .integer(IntegerRule(minimum: 0)))]))),
        ])
        var tags: [TagCount]

        func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key(static: "tags")
            writer.beginArray()
            for tag in tags {
                writer.beginObject()
                writer.field("name", tag.name)
                writer.field("count", tag.count)
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        }
    }

    static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        Result(tags: try context.session.eventStore().store.tagCounts())
    }
}
