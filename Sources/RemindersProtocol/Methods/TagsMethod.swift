import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `tags {}` → `{tags:[{name, count}]}`: every tag in use, with how many open reminders carry it.
public enum TagsMethod: RemindersMethod {
    public static let name = "tags"
    public static let summary = "Every tag in use, by name ignoring case, with how many incomplete reminders carry it."
    public typealias Params = NoParams

    public struct Result: ReadableMethodResult {
        public static let schema = CommonSchemas.result([
            ("tags", .array(of: CommonSchemas.result([("name", .string()), ("count", .integer(IntegerRule(minimum: 0)))])))
        ])
        public var tags: [TagCount]

        public init(tags: [TagCount]) {
            self.tags = tags
        }

        public func write(to writer: inout JSONWriter) {
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

        public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) {
            let fields = try Self.fields(value)
            tags = try fields.list("tags") { (value, path) throws(ResponseError) in
                let tag = try Fields.object(value, path: path)
                return TagCount(name: try tag.string("name"), count: try tag.int("count"))
            }
        }
    }
}
