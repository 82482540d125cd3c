import RemindersWebDAV

/// A WebDAV property by its qualified name, as a client asks for it and the face answers it.
struct PropertyName: Hashable, Sendable {
    var namespace: String
    var name: String

    init(_ namespace: String, _ name: String) { (self.namespace, self.name) = (namespace, name) }

    static let resourceType = PropertyName(DAVNamespace.dav, "resourcetype")
    static let displayName = PropertyName(DAVNamespace.dav, "displayname")
    static let currentUserPrincipal = PropertyName(DAVNamespace.dav, "current-user-principal")
    static let principalURL = PropertyName(DAVNamespace.dav, "principal-URL")
    static let owner = PropertyName(DAVNamespace.dav, "owner")
    static let currentUserPrivilegeSet = PropertyName(DAVNamespace.dav, "current-user-privilege-set")
    static let supportedReportSet = PropertyName(DAVNamespace.dav, "supported-report-set")
    static let syncToken = PropertyName(DAVNamespace.dav, "sync-token")
    static let getETag = PropertyName(DAVNamespace.dav, "getetag")
    static let getContentType = PropertyName(DAVNamespace.dav, "getcontenttype")
    static let getContentLength = PropertyName(DAVNamespace.dav, "getcontentlength")
    static let calendarHomeSet = PropertyName(DAVNamespace.calDAV, "calendar-home-set")
    static let supportedCalendarComponentSet = PropertyName(DAVNamespace.calDAV, "supported-calendar-component-set")
    static let calendarData = PropertyName(DAVNamespace.calDAV, "calendar-data")
    static let getCTag = PropertyName(DAVNamespace.calendarServer, "getctag")
    static let calendarColor = PropertyName(DAVNamespace.apple, "calendar-color")
    static let calendarOrder = PropertyName(DAVNamespace.apple, "calendar-order")
}

/// What a PROPFIND (or a report's `prop`) asks for: every property the face has, or these.
enum PropertyRequest: Equatable {
    case all
    /// Only the names (RFC 4918's `propname`).
    case names
    case some([PropertyName])

    /// The body of a PROPFIND, or a report's element holding `prop`/`allprop`; an empty body is
    /// `allprop` (RFC 4918 §9.1).
    init(_ node: XMLNode?) throws(FaceError) {
        guard let node else {
            self = .all
            return
        }
        if node.child(DAVNamespace.dav, "allprop") != nil {
            self = .all
        } else if node.child(DAVNamespace.dav, "propname") != nil {
            self = .names
        } else if let prop = node.child(DAVNamespace.dav, "prop") {
            self = .some(prop.children.map { PropertyName($0.namespace, $0.name) })
        } else if node.name == "propfind" {
            throw .badRequest("a propfind names prop, allprop or propname")
        } else {
            self = .all
        }
    }
}
