/// The calendars a client may see when the owner granted it chosen lists only
/// (`remindersd permissions set CLIENT STATUS --lists "Work" --read-only-lists "Family"`):
/// remindersd's own extension of EventKit's model (issue 39). Outside them nothing exists for the
/// client; in a read-only one it reads but writes nothing. No scope: every calendar.
public struct CalendarScope: Equatable, Sendable {
    /// Each calendar's identifier, and whether the client may only read it.
    public var calendars: [String: Bool]
    /// Whether the client may also rename and remove the lists it may write (`--manage-lists`);
    /// without it, it changes what is in them only — a list it could remove is a list the owner's
    /// phone and other programs share.
    public var managesLists: Bool

    public init(calendars: [String: Bool] = [:], managesLists: Bool = false) {
        self.calendars = calendars
        self.managesLists = managesLists
    }

    public func allowsReading(_ calendarIdentifier: String) -> Bool { calendars[calendarIdentifier] != nil }
    public func allowsWriting(_ calendarIdentifier: String) -> Bool { calendars[calendarIdentifier] == false }
    public func isReadOnly(_ calendarIdentifier: String) -> Bool { calendars[calendarIdentifier] == true }

    /// The identifiers, in a stable order.
    public var identifiers: [String] { calendars.keys.sorted() }

    /// Of `wanted` (nil: every calendar), those in the scope.
    public func narrowing(_ wanted: [String]?) -> [String] {
        guard let wanted else { return identifiers }
        return wanted.filter(allowsReading)
    }
}
