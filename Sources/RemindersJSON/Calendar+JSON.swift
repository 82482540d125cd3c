import RemindersJSONRPC
import RemindersModel

extension ItemCalendar {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("calendarIdentifier", calendarIdentifier)
        writer.field("title", title)
        writer.field("color", color)
        writer.field("type", type.rawValue)
        writer.field("allowsContentModifications", allowsContentModifications)
        writer.field("isDefault", isDefault)
        writer.key(static: "allowedEntityTypes")
        writer.beginArray()
        writer.string(entityType.rawValue)
        writer.endArray()
        writer.key(static: "source")
        if let source {
            writer.beginObject()
            writer.field("account", source.account)
            writer.field("url", source.url)
            writer.endObject()
        } else {
            writer.null()
        }
        writer.endObject()
    }
}

extension CalendarChanges {
    public init(_ fields: Fields) throws(ResponseError) {
        self.init(
            calendarIdentifier: try fields.optionalString("calendarIdentifier"),
            title: try fields.optionalString("title"),
            color: try fields.optionalString("color"),
            allowsContentModifications: try fields.optionalBool("allowsContentModifications"),
            account: try fields.optionalObject("source")?.string("account"),
            entityType: try Self.entityType(fields))
        if let type = try fields.optionalString("type"), type != CalendarType.local.rawValue, account == nil {
            throw fields.invalid("type", "a \(type) list belongs to an account: give source.account (remindersd accounts add makes one)")
        }
    }

    /// `allowedEntityTypes`: one kind, as EventKit makes calendars.
    private static func entityType(_ fields: Fields) throws(ResponseError) -> EntityType? {
        guard let types = try fields.optionalArray("allowedEntityTypes") else { return nil }
        guard types.count == 1, let name = types[0].stringValue, let type = EntityType(rawValue: name) else {
            throw fields.invalid("allowedEntityTypes", "a calendar holds one kind: [\"reminder\"] or [\"event\"]", reason: .invalidEntityType)
        }
        return type
    }
}

extension ItemCalendar {
    /// A calendar as `write` wrote it.
    public init(reading fields: Fields) throws(ResponseError) {
        let types = try fields.list("allowedEntityTypes") { (value, path) throws(ResponseError) in
            try Fields.enumValue(value, path: path, EntityType.self)
        }
        guard types.count == 1 else { throw fields.invalid("allowedEntityTypes", "a calendar holds one kind") }
        let source = try fields.optionalObject("source").map { (nested) throws(ResponseError) in
            CalendarSource(account: try nested.string("account"), url: try nested.optionalString("url"))
        }
        self.init(
            calendarIdentifier: try fields.string("calendarIdentifier"), title: try fields.string("title"), color: try fields.string("color"),
            type: try fields.enumValue("type", CalendarType.self), allowsContentModifications: try fields.bool("allowsContentModifications"),
            isDefault: try fields.bool("isDefault"), source: source, entityType: types[0])
    }

    public static func read(_ value: JSONValue, path: String) throws(ResponseError) -> ItemCalendar {
        try ItemCalendar(reading: try Fields.object(value, path: path))
    }
}

extension CalendarChanges {
    /// As `init(_:)` reads it: the members given.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        if let calendarIdentifier { writer.field("calendarIdentifier", calendarIdentifier) }
        if let title { writer.field("title", title) }
        if let color { writer.field("color", color) }
        if let allowsContentModifications { writer.field("allowsContentModifications", allowsContentModifications) }
        if let account {
            writer.key(static: "source")
            writer.beginObject()
            writer.field("account", account)
            writer.endObject()
        }
        if let entityType { writer.field("allowedEntityTypes", [entityType.rawValue]) }
        writer.endObject()
    }
}
