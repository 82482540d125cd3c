/// What a `saveCalendar` call sets. Without an identifier it creates a list.
public struct CalendarChanges: Sendable {
    public var calendarIdentifier: String?
    public var title: String?
    public var color: String?
    public var allowsContentModifications: Bool?
    /// A new list in this CalDAV account (made on the server by the next sync); nil: a local list.
    public var account: String?
    /// What a new calendar holds (default reminders); a calendar keeps the kind it was made for.
    public var entityType: EntityType?

    public init(
        calendarIdentifier: String? = nil, title: String? = nil, color: String? = nil, allowsContentModifications: Bool? = nil,
        account: String? = nil, entityType: EntityType? = nil
    ) {
        self.calendarIdentifier = calendarIdentifier
        self.title = title
        self.color = color
        self.allowsContentModifications = allowsContentModifications
        self.account = account
        self.entityType = entityType
    }
}
