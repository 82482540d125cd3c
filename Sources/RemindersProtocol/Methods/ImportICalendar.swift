import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `importICalendar {text, calendarIdentifier?}` → `{imported, updated, unchanged, skipped, notes}`.
public enum ImportICalendar: RemindersMethod {
    public static let name = "importICalendar"
    public static let summary =
        "Reads the VTODOs of an iCalendar text into a list (or its VEVENTs into an event calendar); a UID already in the store updates that item."
    public static let errors: [MethodError] = [.notFound]

    public struct Params: WritableMethodParams {
        public static let properties: [ObjectRule.Property] = [
            .init("text", .string("iCalendar text (one or more VCALENDARs)."), required: true),
            .init(
                "calendarIdentifier", CommonSchemas.identifier,
                description: "Where new reminders go (absent: the default list); an event calendar: where the events go."),
        ]
        public var text: String
        public var calendarIdentifier: String?

        public init(text: String, calendarIdentifier: String? = nil) {
            self.text = text
            self.calendarIdentifier = calendarIdentifier
        }

        public init(_ params: Fields) throws(ResponseError) {
            text = try params.string("text")
            calendarIdentifier = try params.optionalString("calendarIdentifier")
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("text", text)
            if let calendarIdentifier { writer.field("calendarIdentifier", calendarIdentifier) }
            writer.endObject()
        }
    }

    public static let item = JSONSchema.object([
        .init("uid", .string(), description: "The item's UID, when it has one."),
        .init("line", .integer(IntegerRule(minimum: 1)), description: "Where the item (or the fault) starts in the text."),
        .init("message", .string(), required: true),
    ])

    public struct Result: ReadableMethodResult {
        public static let schema = CommonSchemas.result([
            ("imported", .integer(IntegerRule(minimum: 0))),
            ("updated", .integer(IntegerRule(minimum: 0))),
            ("unchanged", .integer(IntegerRule(minimum: 0))),
            ("skipped", .array(of: item, description: "Items not imported, and why.")),
            ("notes", .array(of: item, description: "Items imported, but not quite as the file has them: what differs.")),
        ])
        public var report: ImportReport

        public init(report: ImportReport) {
            self.report = report
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("imported", report.imported)
            writer.field("updated", report.updated)
            writer.field("unchanged", report.unchanged)
            for (key, items) in [("skipped", report.skipped), ("notes", report.notes)] {
                writer.key(key)
                writer.beginArray()
                for item in items {
                    writer.beginObject()
                    if let uid = item.uid { writer.field("uid", uid) }
                    if let line = item.line { writer.field("line", line) }
                    writer.field("message", item.message)
                    writer.endObject()
                }
                writer.endArray()
            }
            writer.endObject()
        }

        public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) {
            let fields = try Self.fields(value)
            func items(_ key: String) throws(ResponseError) -> [ImportReport.Skipped] {
                try fields.list(key) { (value, path) throws(ResponseError) in
                    let item = try Fields.object(value, path: path)
                    return ImportReport.Skipped(
                        uid: try item.optionalString("uid"), line: try item.optionalInt("line"), message: try item.string("message"))
                }
            }
            report = ImportReport()
            report.imported = try fields.int("imported")
            report.updated = try fields.int("updated")
            report.unchanged = try fields.int("unchanged")
            report.skipped = try items("skipped")
            report.notes = try items("notes")
        }
    }
}
