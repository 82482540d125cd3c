/// What a `saveCalendar` call sets. Without an identifier it creates a list.
public struct CalendarChanges: Sendable {
    public var calendarIdentifier: String?
    public var title: String?
    public var color: String?
    public var allowsContentModifications: Bool?
    /// A new list in this CalDAV account (made on the server by the next sync); nil: a local list.
    public var account: String?

    public init(calendarIdentifier: String? = nil, title: String? = nil, color: String? = nil, allowsContentModifications: Bool? = nil,
                account: String? = nil) {
        self.calendarIdentifier = calendarIdentifier
        self.title = title
        self.color = color
        self.allowsContentModifications = allowsContentModifications
        self.account = account
    }
}
