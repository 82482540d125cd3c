import RemindersHTTPServer
import RemindersModel
import RemindersStore
import RemindersWebDAV

/// An app making, renaming, recolouring and removing calendars (RFC 4791's MKCALENDAR, RFC 4918's
/// PROPPATCH and DELETE of a collection), through the store's own `saveCalendar` and
/// `removeCalendar` — so a grant for chosen lists makes no new ones and renames or removes its
/// lists only when the owner said `--manage-lists`, as for any client.
extension AppView {
    /// RFC 4791 §5.3.1: a calendar at the path the app chose, of the kind its
    /// `supported-calendar-component-set` asks (VTODO alone: a reminders list; otherwise an event
    /// calendar — one calendar here holds one kind), named and coloured as it says.
    func mkcalendar(_ path: FacePath, body: [UInt8]) throws(FaceError) -> HTTPResponse {
        guard case .collection(_, let segment) = path else {
            throw FaceError(status: 405, message: "MKCALENDAR makes a calendar at \(FacePath.prefix)APP/NAME/")
        }
        guard segment.utf8.count <= 200 else { throw .badRequest("a calendar's name in its path is at most 200 bytes") }
        guard try calendarIfAny(segment) == nil, try store({ store throws(StoreError) in try store.davCollection(named: segment) }) == nil
        else {
            throw FaceError(
                status: 405, message: "\(path.href) exists already", precondition: PropertyName(DAVNamespace.dav, "resource-must-be-null"))
        }
        let settings = try Self.settings(of: try Self.document(body))
        let components = settings.components ?? ["VEVENT"]
        let kind: EntityType = components == ["VTODO"] ? .reminder : .event
        guard components.contains(kind == .reminder ? "VTODO" : "VEVENT") else {
            throw .forbidden(
                "a calendar here holds to-dos (VTODO) or events (VEVENT): \(components.joined(separator: ", ").prefix(80)) is neither",
                PropertyName(DAVNamespace.calDAV, "supported-calendar-component"))
        }
        guard login.grants[kind]?.status == .fullAccess else {
            throw .forbidden(
                "\(login.app.name) was not granted \(kind == .reminder ? "reminders" : "events") to make a calendar of",
                PropertyName(DAVNamespace.dav, "need-privileges"))
        }
        try write { store throws(StoreError) in
            let calendar = try eventStore.saveCalendar(
                CalendarChanges(title: settings.title ?? segment, color: settings.color, entityType: kind))
            try store.setDAVCollection(segment, calendar: calendar.calendarIdentifier)
        }
        return HTTPResponse(status: 201)
    }

    /// RFC 4918 §9.2: the name and colour set together or not at all; any other property is
    /// refused (403) and the rest then fail with it (424), as the RFC asks.
    func proppatch(_ path: FacePath, body: [UInt8]) throws(FaceError) -> HTTPResponse {
        guard case .collection(_, let segment) = path else {
            throw .forbidden("only a calendar's name and colour can be changed (PROPPATCH of \(FacePath.prefix)APP/CALENDAR/)")
        }
        let calendar = try calendar(segment)
        guard let document = try Self.document(body), document.namespace == DAVNamespace.dav, document.name == "propertyupdate" else {
            throw .badRequest("a PROPPATCH body is a DAV:propertyupdate")
        }
        var changes = CalendarChanges(calendarIdentifier: calendar.calendarIdentifier)
        var named: [PropertyName] = [], refused: [PropertyName] = []
        for action in document.children where action.namespace == DAVNamespace.dav && ["set", "remove"].contains(action.name) {
            for property in action.child(DAVNamespace.dav, "prop")?.children ?? [] {
                let name = PropertyName(property.namespace, property.name)
                named.append(name)
                switch (name, action.name) {
                case (.displayName, "set"): changes.title = property.trimmedText
                case (.calendarColor, "set"): changes.color = String(property.trimmedText.prefix(7))
                default: refused.append(name)
                }
            }
        }
        var status = Multistatus()
        if refused.isEmpty {
            try write { _ throws(StoreError) in _ = try eventStore.saveCalendar(changes) }
            status.response(href: path.href, propstats: [(named, "200 OK")])
        } else {
            status.response(
                href: path.href, propstats: [(refused, "403 Forbidden"), (named.filter { !refused.contains($0) }, "424 Failed Dependency")])
        }
        return status.answer()
    }

    /// A whole calendar removed with what it holds, as `removeCalendar` does it (never the last of its kind).
    func deleteCalendar(_ segment: String) throws(FaceError) -> HTTPResponse {
        let calendar = try calendar(segment)
        try write { store throws(StoreError) in
            try eventStore.removeCalendar(identifier: calendar.calendarIdentifier)
            try store.removeDAVCollection(calendar: calendar.calendarIdentifier)
        }
        return HTTPResponse(status: 204)
    }

    /// What an MKCALENDAR body sets: the name, the colour (Apple's `#RRGGBBAA` read as `#RRGGBB`)
    /// and the components; what else it sets (a description, a zone) has no place in a calendar
    /// here, and is not kept.
    static func settings(of document: XMLNode?) throws(FaceError) -> (title: String?, color: String?, components: [String]?) {
        guard let document else { return (nil, nil, nil) }
        guard document.name == "mkcalendar" || document.name == "mkcol" else { throw .badRequest("an MKCALENDAR body is a CALDAV:mkcalendar") }
        let prop = document.child(DAVNamespace.dav, "set")?.child(DAVNamespace.dav, "prop")
        let title = prop?.child(DAVNamespace.dav, "displayname")?.trimmedText
        let color = prop?.child(DAVNamespace.apple, "calendar-color").map { String($0.trimmedText.prefix(7)) }
        let components = prop?.child(DAVNamespace.calDAV, "supported-calendar-component-set")?
            .children(DAVNamespace.calDAV, "comp").compactMap { $0.attributes["name"]?.uppercased() }
        return (title.flatMap { $0.isEmpty ? nil : $0 }, color, components)
    }
}
