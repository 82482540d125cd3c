import Foundation
import RemindersHTTPServer
import RemindersModel
import RemindersStore
import RemindersWebDAV

/// One request of one logged-in app: the store as its grant lets it see it, read in one snapshot.
struct AppView {
    let login: AppLogin
    let eventStore: EventStore
    let now: Timestamp

    var principal: String { FacePath.principal(app: login.app.name).href }

    /// The collections the app sees, in the order they are shown: lists, then event calendars.
    func calendars() throws(StoreError) -> [ItemCalendar] {
        var calendars: [ItemCalendar] = []
        for kind in [EntityType.reminder, .event] where login.grants[kind] != nil { calendars += try eventStore.calendars(for: kind) }
        return calendars
    }

    /// The calendar at the path segment `segment`: the name an app gave it (MKCALENDAR), else its identifier.
    func calendar(_ segment: String) throws(FaceError) -> ItemCalendar {
        guard let calendar = try calendarIfAny(segment) else { throw .notFound("\(login.app.name) has no calendar \(segment.prefix(80))") }
        return calendar
    }

    func calendarIfAny(_ segment: String) throws(FaceError) -> ItemCalendar? {
        try store { store throws(StoreError) in
            let identifier = try store.davCollection(named: segment) ?? segment
            return try calendars().first { $0.calendarIdentifier == identifier }
        }
    }

    /// The path segment `calendar` is found at: asked once per answer, not per member.
    func segment(of calendar: ItemCalendar) throws(FaceError) -> String {
        try store { store throws(StoreError) in try Self.segment(of: calendar, in: store) }
    }

    static func segment(of calendar: ItemCalendar, in store: CalendarStore) throws(StoreError) -> String {
        try store.davCollectionName(calendar: calendar.calendarIdentifier) ?? calendar.calendarIdentifier
    }

    /// Read-only for this app: the calendar allows no modifications, or the grant lets it read only.
    func isReadOnly(_ calendar: ItemCalendar) -> Bool {
        !calendar.allowsContentModifications || login.grants[calendar.entityType]?.status != .fullAccess
    }

    /// `body` in one read transaction, a store error as 503.
    func store<T>(_ body: (CalendarStore) throws(StoreError) -> T) throws(FaceError) -> T {
        do { return try eventStore.read(body) } catch { throw FaceError(status: 503, message: "the store cannot be read: \(error)") }
    }

    // MARK: PROPFIND

    func propfind(_ path: FacePath, depth: String?, body: [UInt8]) throws(FaceError) -> HTTPResponse {
        let asked = try PropertyRequest(try Self.document(body))
        // Depth infinity (or none, which means it) reaches no further than the members: there is
        // nothing below them.
        let members = depth?.trimmingCharacters(in: .whitespaces) != "0"
        var status = Multistatus()
        switch path {
        case .service:
            status.response(href: path.href, asked: names(asked, [.resourceType, .currentUserPrincipal])) { property, writer in
                CollectionProperties.service(principal, property, &writer)
            }
        case .principal:
            status.response(href: path.href, asked: names(asked, CollectionProperties.principalProperties)) { property, writer in
                CollectionProperties.principal(login.app.name, principal, property, &writer)
            }
            if members {
                for (order, calendar) in try store({ _ throws(StoreError) in try calendars() }).enumerated() {
                    try describe(calendar, order: order, asked: asked, into: &status)
                }
            }
        case .collection(_, let identifier):
            let calendar = try calendar(identifier)
            let order = try store { _ throws(StoreError) in try calendars().firstIndex(of: calendar) ?? 0 }
            try describe(calendar, order: order, asked: asked, into: &status)
            if members {
                let segment = try segment(of: calendar)
                for item in try store({ store throws(StoreError) in try FaceItems.list(calendar, in: store) }) {
                    try describe(item, in: calendar, at: segment, asked: asked, into: &status)
                }
            }
        case .item(_, let identifier, let name):
            let calendar = try calendar(identifier)
            guard let item = try store({ store throws(StoreError) in try FaceItems.item(named: name, in: calendar, store: store) }) else {
                throw .notFound("there is no \(name.prefix(80)) in \(calendar.title)")
            }
            try describe(item, in: calendar, at: try segment(of: calendar), asked: asked, into: &status)
        case .root, .wellKnown:
            throw .notFound("nothing is at \(path.href)")
        }
        return status.answer()
    }

    private func describe(_ calendar: ItemCalendar, order: Int, asked: PropertyRequest, into status: inout Multistatus) throws(FaceError) {
        let token = try store { store throws(StoreError) in try store.syncPoint() }
        let href = FacePath.collection(app: login.app.name, calendar: try segment(of: calendar)).href
        let readOnly = isReadOnly(calendar)
        status.response(href: href, asked: names(asked, CollectionProperties.collectionProperties)) { property, writer in
            CollectionProperties.collection(calendar, principal: principal, token: token, order: order, readOnly: readOnly, property, &writer)
        }
    }

    /// The member at `segment` (its calendar's, from `segment(of:)`); `text` its object when the
    /// caller made it already.
    func describe(
        _ item: FaceItem, in calendar: ItemCalendar, at segment: String, asked: PropertyRequest, text made: String? = nil,
        into status: inout Multistatus
    ) throws(FaceError) {
        let href = FacePath.item(app: login.app.name, calendar: segment, name: item.name).href
        let wanted = names(asked, ItemProperties.all)
        // The text is made only when a property needs it.
        let needed = wanted.contains(.calendarData) || wanted.contains(.getContentLength)
        var text = made
        if needed, text == nil { text = try self.text(of: item, in: calendar) }
        status.response(href: href, asked: wanted) { property, writer in
            ItemProperties.item(item, kind: calendar.entityType, text: text, property, &writer)
        }
    }

    /// What a request asks of a resource that has `own`: all of them, or those named.
    private func names(_ asked: PropertyRequest, _ own: [PropertyName]) -> [PropertyName] {
        switch asked {
        case .all, .names: return own
        case .some(let names): return names
        }
    }

    // MARK: GET

    func get(_ path: FacePath) throws(FaceError) -> HTTPResponse {
        guard case .item(_, let identifier, let name) = path else {
            throw FaceError(status: 405, message: "GET reads an item (\(FacePath.prefix)APP/CALENDAR/NAME.ics); PROPFIND lists the rest")
        }
        let calendar = try calendar(identifier)
        guard let item = try store({ store throws(StoreError) in try FaceItems.item(named: name, in: calendar, store: store) }) else {
            throw .notFound("there is no \(name.prefix(80)) in \(calendar.title)")
        }
        var headers = HTTPHeaders()
        headers.add("Content-Type", ItemProperties.contentType(calendar.entityType))
        headers.add("ETag", item.etag)
        return HTTPResponse(status: 200, headers: headers, body: Array(try text(of: item, in: calendar).utf8))
    }

    func text(of item: FaceItem, in calendar: ItemCalendar) throws(FaceError) -> String {
        guard let text = try store({ store throws(StoreError) in try FaceItems.text(of: item, in: calendar, store: store, now: now) }) else {
            throw .notFound("\(item.name) went while it was read")
        }
        return text
    }

    // MARK: REPORT

    func report(_ path: FacePath, body: [UInt8]) throws(FaceError) -> HTTPResponse {
        guard let document = try Self.document(body) else { throw .badRequest("a REPORT needs a body naming the report") }
        guard case .collection(_, let identifier) = path else {
            throw .forbidden("reports are asked of a calendar collection", PropertyName(DAVNamespace.dav, "supported-report"))
        }
        let calendar = try calendar(identifier)
        switch (document.namespace, document.name) {
        case (DAVNamespace.calDAV, "calendar-multiget"): return try multiget(document, in: calendar)
        case (DAVNamespace.dav, "sync-collection"): return try syncCollection(document, in: calendar)
        case (DAVNamespace.calDAV, "calendar-query"): return try calendarQuery(document, in: calendar)
        case (DAVNamespace.calDAV, "free-busy-query"): return try freeBusyQuery(document, in: calendar)
        default:
            throw FaceError(
                status: 403,
                message:
                    "the report \(document.name.prefix(60)) is not one of this server's (calendar-multiget, calendar-query, free-busy-query, sync-collection)",
                precondition: PropertyName(DAVNamespace.dav, "supported-report"))
        }
    }

    /// RFC 4791 §7.9: the items named, each with what `prop` asks; a name that is none, 404.
    private func multiget(_ document: XMLNode, in calendar: ItemCalendar) throws(FaceError) -> HTTPResponse {
        let asked = try PropertyRequest(document)
        let hrefs = document.children(DAVNamespace.dav, "href").map(\.trimmedText)
        let segment = try segment(of: calendar)
        // Every href looked up in one snapshot.
        let found = try store { store throws(StoreError) -> [FaceItem?] in
            var found: [FaceItem?] = []
            for given in hrefs {
                guard case .item(let app, let identifier, let name)? = FacePath(Self.path(of: given)), app == login.app.name,
                    identifier == segment || identifier == calendar.calendarIdentifier
                else {
                    found.append(nil)
                    continue
                }
                found.append(try FaceItems.item(named: name, in: calendar, store: store))
            }
            return found
        }
        var status = Multistatus()
        for (given, item) in zip(hrefs, found) {
            if let item {
                try describe(item, in: calendar, at: segment, asked: asked, into: &status)
            } else {
                status.response(href: given, status: 404, reason: "Not Found")
            }
        }
        return status.answer()
    }

    /// RFC 6578: the members changed since the token — every member for none — each with what
    /// `prop` asks, those that went (or moved out) as 404, and the token to ask with next. A token
    /// this server did not give, or one older than the history kept, is refused with
    /// `DAV:valid-sync-token`, which makes a client start again from none.
    private func syncCollection(_ document: XMLNode, in calendar: ItemCalendar) throws(FaceError) -> HTTPResponse {
        let asked = try PropertyRequest(document)
        let given = document.child(DAVNamespace.dav, "sync-token")?.trimmedText ?? ""
        let invalid = PropertyName(DAVNamespace.dav, "valid-sync-token")
        var mark: Int64?
        if !given.isEmpty {
            guard let point = SyncToken.change(given) else { throw .forbidden("\(given.prefix(100)) is not a sync token this server gave", invalid) }
            mark = point
        }
        let identifier = calendar.calendarIdentifier
        let segment = try segment(of: calendar)
        let (token, found) = try store { store throws(StoreError) -> (Int64, (present: [FaceItem], gone: [String])?) in
            let token = try store.syncPoint()
            guard let mark else { return (token, (try FaceItems.list(calendar, in: store), [])) }
            guard mark <= token, let changed = try store.itemsChanged(inCalendar: identifier, after: mark) else { return (token, nil) }
            var present: [FaceItem] = [], gone: [String] = [], named = Set<String>()
            // A member that went is named as the app last knew it (its name outlives it).
            let names = try store.davNames(calendar: identifier)
            for item in changed {
                if let member = try FaceItems.member(item, in: calendar, store: store) {
                    if named.insert(member.identifier).inserted { present.append(member) }
                } else if named.insert(item).inserted {
                    gone.append(names[item] ?? FaceItem.defaultName(item))
                }
            }
            return (token, (present, gone))
        }
        guard let found else {
            throw .forbidden("the sync token is older than the history this store keeps: sync again without one", invalid)
        }
        var status = Multistatus()
        for item in found.present { try describe(item, in: calendar, at: segment, asked: asked, into: &status) }
        for item in found.gone {
            status.response(
                href: FacePath.item(app: login.app.name, calendar: segment, name: item).href, status: 404, reason: "Not Found")
        }
        status.syncToken(SyncToken.text(token))
        return status.answer()
    }

    /// An href as a client sends it back — a path or a whole URL, percent-encoded — as a path.
    static func path(of href: String) -> String {
        var text = href
        if let scheme = text.range(of: "://"), let slash = text[scheme.upperBound...].firstIndex(of: "/") { text = String(text[slash...]) }
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        return text.removingPercentEncoding ?? text
    }

    /// A request body as XML; nil for none, 400 for one that is not well-formed.
    static func document(_ body: [UInt8]) throws(FaceError) -> XMLNode? {
        guard body.contains(where: { !$0.isASCIIWhitespace }) else { return nil }
        guard let node = XMLNode.parse(Data(body)) else { throw .badRequest("the body is not well-formed XML") }
        return node
    }
}

extension UInt8 {
    fileprivate var isASCIIWhitespace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D }
}
