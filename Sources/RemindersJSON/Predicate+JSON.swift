import RemindersJSONRPC
import RemindersModel

extension ReminderPredicate {
    /// `{kind, calendarIdentifiers?, dueDateStarting?, dueDateEnding?, completionDateStarting?, completionDateEnding?}`;
    /// a missing predicate means `{kind: "all"}`.
    public init(_ fields: Fields?) throws(ResponseError) {
        guard let fields else { self.init(kind: .all); return }
        self.init(kind: try fields.optionalEnum("kind", Kind.self) ?? .all)
        if let identifiers = try fields.optionalArray("calendarIdentifiers") {
            var parsed: [String] = []
            for (index, element) in identifiers.enumerated() {
                parsed.append(try Fields.string(element, path: fields.pathOf("calendarIdentifiers[\(index)]")))
            }
            calendarIdentifiers = parsed
        }
        dueDateStarting = try fields.optionalTimestamp("dueDateStarting")
        dueDateEnding = try fields.optionalTimestamp("dueDateEnding")
        completionDateStarting = try fields.optionalTimestamp("completionDateStarting")
        completionDateEnding = try fields.optionalTimestamp("completionDateEnding")
        matching = try fields.optionalString("matching")
        if let tags = try fields.optionalArray("tags") {
            let names = try tags.enumerated().map { (index, element) throws(ResponseError) in
                try Fields.string(element, path: fields.pathOf("tags[\(index)]"))
            }
            do throws(ValidationError) { self.tags = try Tags.normalized(names) } catch { throw ResponseError.invalid(error.prefixed(fields.path)) }
        }
        isFlagged = try fields.optionalBool("isFlagged")
        parentIdentifier = try fields.optionalString("parentIdentifier")
        hasDueDate = try fields.optionalBool("hasDueDate")
        identifierPrefix = try fields.optionalString("identifierPrefix")
        do throws(ValidationError) { try validate() } catch { throw ResponseError.invalid(error.prefixed(fields.path)) }
    }
}

extension ReminderPredicate {
    /// As `init(_:)` reads it: the kind, and the conditions given.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("kind", kind.rawValue)
        if let calendarIdentifiers { writer.field("calendarIdentifiers", calendarIdentifiers) }
        if let dueDateStarting { writer.field("dueDateStarting", dueDateStarting) }
        if let dueDateEnding { writer.field("dueDateEnding", dueDateEnding) }
        if let completionDateStarting { writer.field("completionDateStarting", completionDateStarting) }
        if let completionDateEnding { writer.field("completionDateEnding", completionDateEnding) }
        if let matching { writer.field("matching", matching) }
        if let tags { writer.field("tags", tags) }
        if let isFlagged { writer.field("isFlagged", isFlagged) }
        if let parentIdentifier { writer.field("parentIdentifier", parentIdentifier) }
        if let hasDueDate { writer.field("hasDueDate", hasDueDate) }
        if let identifierPrefix { writer.field("identifierPrefix", identifierPrefix) }
        writer.endObject()
    }
}
