import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// The history's members (issue 38).
public enum HistorySchemas: Sendable {
    public static let change = JSONSchema.named("Change") {
        CommonSchemas.result(
            [
                ("changeIdentifier", .string("The change's number in the history, for undo.")),
                ("date", CommonSchemas.instant),
                ("client", .string("The client's name, as authorization knows it.")),
                ("program", .string("The program the client ran as.")),
                ("account", .nullable(.string("The account a sync wrote it for."))),
                ("action", .oneOf(ItemChange.Action.allCases.map(\.rawValue))),
                ("kind", .oneOf(ItemChange.Kind.allCases.map(\.rawValue))),
                ("itemIdentifier", CommonSchemas.identifier),
                ("title", .string()),
                ("calendarIdentifier", .nullable(CommonSchemas.identifier)),
                (
                    "fromCalendarIdentifier",
                    .nullable(.string("The list or calendar a move took the item out of; null for a change that left it where it was."))
                ),
                ("undoes", .nullable(.string("The change this one undid."))),
                (
                    "partOf",
                    .nullable(.string("The change this one is part of (a reminder removed with its list, an event with its calendar or its series)."))
                ),
                (
                    "undoGroup",
                    .string(
                        "The first change of its undo group: the changes one thing done made together (completing a repeating reminder, a move with its subtasks, a span's change of a series), undone together; its own changeIdentifier when it is the first or alone."
                    )
                ),
                (
                    "before",
                    .nullable(
                        .object(
                            [], allowsOtherMembers: true,
                            description:
                                "The item as it was before: a Reminder, an Event, or a Calendar for a list or an event calendar (kind says which); null for one the change made."
                        ))
                ),
            ], description: "A change in the history: what was done to which item, by whom, when, and what the item was before.")
    }

    public static let changes = CommonSchemas.result([
        ("changes", .array(of: change)), ("nextCursor", .nullable(.string("Where the next page starts; null on the last."))),
    ])
}

/// `{changes, nextCursor}`: a page of the history or of the trash, newest first.
public struct ChangesResult: ReadableMethodResult, Sendable {
    public static let schema = HistorySchemas.changes
    public var page: ChangesPage
    /// The zone an event's dates are read in.
    public var zone: TimeZone

    public init(page: ChangesPage, zone: TimeZone) {
        self.page = page
        self.zone = zone
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(static: "changes")
        writer.beginArray()
        for change in page.changes { change.write(to: &writer, zone: zone) }
        writer.endArray()
        writer.field("nextCursor", page.nextCursor)
        writer.endObject()
    }

    public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) {
        let fields = try Self.fields(value)
        let changes = try fields.list("changes") { (value, path) throws(ResponseError) in
            try ItemChange(reading: try Fields.object(value, path: path), zone: zone)
        }
        self.init(page: ChangesPage(changes: changes, nextCursor: try fields.optionalString("nextCursor")), zone: zone)
    }
}
