/// EKCalendarType.
public enum CalendarType: String, Sendable, CaseIterable {
    case local, calDAV = "caldav", exchange, subscription, birthday
}

/// Where a synced list lives (EKSource, for a CalDAV account): the account's name and the
/// collection's URL (nil until the first sync has made the collection on the server).
public struct CalendarSource: Equatable, Sendable {
    public var account: String
    public var url: String?

    public init(account: String, url: String?) {
        self.account = account
        self.url = url
    }
}

/// A calendar (EKCalendar): a reminder list, or a calendar of events — one kind each, as EventKit
/// makes them (`allowedEntityTypes`).
public struct ItemCalendar: Equatable, Sendable {
    public var calendarIdentifier: String
    public var title: String
    /// `#RRGGBB`, upper case.
    public var color: String
    public var type: CalendarType
    public var allowsContentModifications: Bool
    public var isDefault: Bool
    /// The CalDAV account a synced list belongs to; nil for a local list.
    public var source: CalendarSource?
    /// What it holds: reminders or events.
    public var entityType: EntityType

    public init(
        calendarIdentifier: String, title: String, color: String = ItemCalendar.defaultColor,
        type: CalendarType = .local, allowsContentModifications: Bool = true, isDefault: Bool = false,
        source: CalendarSource? = nil, entityType: EntityType = .reminder
    ) {
        self.calendarIdentifier = calendarIdentifier
        self.title = title
        self.color = color
        self.type = type
        self.allowsContentModifications = allowsContentModifications
        self.isDefault = isDefault
        self.source = source
        self.entityType = entityType
    }

    public static let defaultColor = "#1BADF8"
    public static let defaultTitle = "Reminders"
    /// The event calendar a fresh store has, as a Mac's has "Calendar".
    public static let defaultEventTitle = "Calendar"
    public static let defaultEventColor = "#FF2968"
    public static let maximumTitleLength = 1024

    public func validate() throws(ValidationError) {
        guard !TextRules.isBlank(title) else { throw ValidationError(field: "title", "a list needs a title with something visible in it") }
        guard title.utf8.count <= Self.maximumTitleLength else {
            throw ValidationError(field: "title", "title is longer than \(Self.maximumTitleLength) bytes")
        }
        guard Self.normalizedColor(color) != nil else {
            throw ValidationError(field: "color", "color must look like #RRGGBB, got \"\(color.prefix(20))\"")
        }
    }

    /// `#rrggbb` → `#RRGGBB`; nil when it is not a hex colour.
    public static func normalizedColor(_ text: String) -> String? {
        let utf8 = Array(text.utf8)
        guard utf8.count == 7, utf8[0] == UInt8(ascii: "#"), utf8.dropFirst().allSatisfy({ $0.isHexDigit }) else { return nil }
        return text.uppercased()
    }
}

extension UInt8 {
    var isHexDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}
