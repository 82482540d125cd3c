import RemindersModel
import RemindersWebDAV

/// The properties of an app's principal (which is also its calendar home, as Radicale has it) and
/// of its collections — one per reminders list (VTODO) and per event calendar (VEVENT) its grant
/// lets it see. Each writer says whether the resource has the property.
enum CollectionProperties {
    static let principalProperties: [PropertyName] = [
        .resourceType, .displayName, .currentUserPrincipal, .principalURL, .owner, .calendarHomeSet, .currentUserPrivilegeSet,
        .supportedReportSet,
    ]

    static let collectionProperties: [PropertyName] = [
        .resourceType, .displayName, .currentUserPrincipal, .owner, .supportedCalendarComponentSet, .calendarColor, .calendarOrder,
        .getCTag, .syncToken, .currentUserPrivilegeSet, .supportedReportSet,
    ]

    /// `/dav/` and `/`: where a client that knows only the address learns its principal.
    static func service(_ principal: String, _ property: PropertyName, _ writer: inout XMLWriter) -> Bool {
        switch property {
        case .resourceType: resourceType(nil, &writer)
        case .currentUserPrincipal, .principalURL, .calendarHomeSet: href(property, principal, &writer)
        default: return false
        }
        return true
    }

    static func principal(_ app: String, _ href: String, _ property: PropertyName, _ writer: inout XMLWriter) -> Bool {
        switch property {
        case .resourceType: resourceType(PropertyName(DAVNamespace.dav, "principal"), &writer)
        case .displayName: writer.element(DAVNamespace.dav, "displayname", app)
        case .currentUserPrincipal, .principalURL, .owner, .calendarHomeSet: Self.href(property, href, &writer)
        case .currentUserPrivilegeSet: privileges(writable: false, &writer)
        case .supportedReportSet: reports(["sync-collection"], &writer)
        default: return false
        }
        return true
    }

    /// A list or event calendar as the app sees it: `readOnly` when the calendar allows no
    /// modifications or the grant lets it read only; `token` the last change in it.
    static func collection(
        _ calendar: ItemCalendar, principal: String, token: Int64, order: Int, readOnly: Bool, _ property: PropertyName, _ writer: inout XMLWriter
    ) -> Bool {
        switch property {
        case .resourceType: resourceType(PropertyName(DAVNamespace.calDAV, "calendar"), &writer)
        case .displayName: writer.element(DAVNamespace.dav, "displayname", calendar.title)
        case .currentUserPrincipal, .owner: href(property, principal, &writer)
        case .supportedCalendarComponentSet:
            writer.open(DAVNamespace.calDAV, "supported-calendar-component-set")
            writer.element(DAVNamespace.calDAV, "comp", attributes: [("name", calendar.entityType == .event ? "VEVENT" : "VTODO")])
            writer.close()
        case .calendarColor: writer.element(DAVNamespace.apple, "calendar-color", appleColor(calendar.color))
        case .calendarOrder: writer.element(DAVNamespace.apple, "calendar-order", String(order))
        case .getCTag: writer.element(DAVNamespace.calendarServer, "getctag", "\"\(token)\"")
        case .syncToken: writer.element(DAVNamespace.dav, "sync-token", SyncToken.text(token))
        case .currentUserPrivilegeSet: privileges(writable: !readOnly, &writer)
        case .supportedReportSet: reports(["calendar-multiget", "calendar-query", "free-busy-query", "sync-collection"], &writer)
        default: return false
        }
        return true
    }

    /// Apple's `#RRGGBBAA` from the store's `#RRGGBB`.
    static func appleColor(_ color: String) -> String {
        color.count == 7 && color.hasPrefix("#") ? color.uppercased() + "FF" : color
    }

    /// A collection, and what kind of one.
    private static func resourceType(_ kind: PropertyName?, _ writer: inout XMLWriter) {
        writer.open(DAVNamespace.dav, "resourcetype")
        writer.element(DAVNamespace.dav, "collection")
        if let kind { writer.element(kind.namespace, kind.name) }
        writer.close()
    }

    private static func href(_ property: PropertyName, _ href: String, _ writer: inout XMLWriter) {
        writer.open(property.namespace, property.name)
        writer.element(DAVNamespace.dav, "href", href)
        writer.close()
    }

    /// RFC 3744's privileges: reading for every resource; writing a calendar's content and its
    /// properties where the app may.
    private static func privileges(writable: Bool, _ writer: inout XMLWriter) {
        writer.open(DAVNamespace.dav, "current-user-privilege-set")
        let granted =
            writable
            ? ["read", "read-current-user-privilege-set", "write", "write-content", "write-properties", "bind", "unbind"]
            : [
                "read", "read-current-user-privilege-set",
            ]
        for privilege in granted {
            writer.open(DAVNamespace.dav, "privilege")
            writer.element(DAVNamespace.dav, privilege)
            writer.close()
        }
        writer.close()
    }

    private static func reports(_ names: [String], _ writer: inout XMLWriter) {
        writer.open(DAVNamespace.dav, "supported-report-set")
        for name in names {
            writer.open(DAVNamespace.dav, "supported-report")
            writer.open(DAVNamespace.dav, "report")
            writer.element(name == "sync-collection" ? DAVNamespace.dav : DAVNamespace.calDAV, name)
            writer.close()
            writer.close()
        }
        writer.close()
    }
}

/// RFC 6578's sync token for the face: a URI naming the change in the store's history the
/// collection was last changed by.
enum SyncToken {
    static let prefix = "https://remindersd.invalid/sync/"

    static func text(_ change: Int64) -> String { prefix + String(change) }

    /// The change a token a client sends back names; nil for one this server did not give.
    static func change(_ token: String) -> Int64? {
        guard token.hasPrefix(prefix), let change = Int64(token.dropFirst(prefix.count)), change >= 0 else { return nil }
        return change
    }
}
