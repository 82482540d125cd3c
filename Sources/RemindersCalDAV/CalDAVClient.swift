import Foundation
import RemindersWebDAV

/// One CalDAV account's server: discovery and the requests a sync makes. Hrefs in and out are
/// canonical (see `Href`); URLs are resolved against the account's URL.
public final class CalDAVClient: Sendable {
    public let http: HTTPClient
    public let base: URL
    /// Members over this size are refused, as the issue of one item must not sink a sync.
    public let maximumItemSize: Int

    public init(base: URL, http: HTTPClient, maximumItemSize: Int = 1 << 20) {
        self.base = base
        self.http = http
        self.maximumItemSize = maximumItemSize
    }

    // MARK: Discovery (RFC 6764, RFC 4791 §6)

    /// The calendar home of the account: the URL itself if it is one (or a calendar in one), else
    /// through its principal, else through `/.well-known/caldav`.
    public func findHome() throws(DAVError) -> String {
        var tried: [String] = []
        var next: [String] = [Href.canonical(base.absoluteString)]
        while let href = next.first, tried.count < 8 {
            next.removeFirst()
            guard !tried.contains(href) else { continue }
            tried.append(href)
            let found: MultiStatus
            do {
                found = try propfind(
                    href, depth: 0,
                    [
                        (DAVNamespace.dav, "current-user-principal"), (DAVNamespace.calDAV, "calendar-home-set"),
                        (DAVNamespace.dav, "resourcetype"),
                    ], followRedirects: true)
            } catch .notFound { if tried.count == 1 { next.append("/.well-known/caldav") }; continue } catch .status(let code, _)
                where code == 405 || code == 400
            { if tried.count == 1 { next.append("/.well-known/caldav") }; continue }
            guard let response = found.responses.first else { continue }
            if let home = response.property(DAVNamespace.calDAV, "calendar-home-set")?.child(DAVNamespace.dav, "href")?.trimmedText {
                return Href.canonical(home)
            }
            if let principal = response.property(DAVNamespace.dav, "current-user-principal")?.child(DAVNamespace.dav, "href")?.trimmedText {
                next.insert(Href.canonical(principal), at: 0)
                continue
            }
            if response.property(DAVNamespace.dav, "resourcetype")?.child(DAVNamespace.calDAV, "calendar") != nil {
                // A calendar's URL: its home is the collection above it.
                var parts = Href.canonical(response.href).split(separator: "/")
                parts.removeLast()
                return "/" + parts.joined(separator: "/") + (parts.isEmpty ? "" : "/")
            }
            if tried.count == 1 { next.append("/.well-known/caldav") }
        }
        throw .notFound("a CalDAV calendar home at \(base.absoluteString) (tried \(tried.joined(separator: ", ")))")
    }

    /// The collections of a home that hold VTODOs or VEVENTs (all that do not say which components they hold).
    public func collections(home: String) throws(DAVError) -> [RemoteCollection] {
        let found = try propfind(
            home, depth: 1,
            [
                (DAVNamespace.dav, "resourcetype"), (DAVNamespace.dav, "displayname"), (DAVNamespace.apple, "calendar-color"),
                (DAVNamespace.calendarServer, "getctag"), (DAVNamespace.dav, "supported-report-set"),
                (DAVNamespace.calDAV, "supported-calendar-component-set"), (DAVNamespace.dav, "current-user-privilege-set"),
            ])
        return found.responses.compactMap { response in
            guard response.property(DAVNamespace.dav, "resourcetype")?.child(DAVNamespace.calDAV, "calendar") != nil else { return nil }
            var components = Set(CalendarComponent.allCases)
            if let set = response.property(DAVNamespace.calDAV, "supported-calendar-component-set") {
                let names = set.children(DAVNamespace.calDAV, "comp").compactMap { $0.attributes["name"]?.uppercased() }
                if !names.isEmpty { components = Set(names.compactMap(CalendarComponent.init(rawValue:))) }
                guard !components.isEmpty else { return nil }
            }
            var collection = RemoteCollection(href: Href.canonical(response.href), components: components)
            if !collection.href.hasSuffix("/") { collection.href += "/" }
            collection.displayName = response.property(DAVNamespace.dav, "displayname")?.trimmedText.nonEmpty
            collection.color = response.property(DAVNamespace.apple, "calendar-color").flatMap { Self.color($0.trimmedText) }
            collection.ctag = response.property(DAVNamespace.calendarServer, "getctag")?.trimmedText.nonEmpty
            collection.supportsSyncCollection =
                response.property(DAVNamespace.dav, "supported-report-set")?
                .children(DAVNamespace.dav, "supported-report")
                .contains { $0.child(DAVNamespace.dav, "report")?.child(DAVNamespace.dav, "sync-collection") != nil } ?? false
            if let privileges = response.property(DAVNamespace.dav, "current-user-privilege-set") {
                let granted = Set(privileges.children(DAVNamespace.dav, "privilege").flatMap { $0.children.map(\.name) })
                collection.isWritable = !granted.isDisjoint(with: ["write", "write-content", "all"])
            }
            return collection
        }
    }

    // MARK: Listing

    /// RFC 6578 sync-collection: what changed since `token` (everything, with nil).
    public func changes(in collection: String, since token: String?) throws(DAVError) -> CollectionChanges {
        let response = try send("REPORT", collection, depth: nil, body: DAVBodies.syncCollection(token: token))
        // RFC 6578 §3.2 says 403 with DAV:valid-sync-token; Xandikos answers 412, others 400 or 409.
        if [400, 403, 409, 412].contains(response.status), String(decoding: response.body, as: UTF8.self).contains("valid-sync-token") {
            throw .invalidSyncToken
        }
        try expectMultiStatus(response, "REPORT sync-collection on \(collection)")
        let status = try MultiStatus(response.body)
        var changes = CollectionChanges(changed: [], removed: [], syncToken: status.syncToken)
        let collectionHref = Href.canonical(collection)
        for member in status.responses {
            let href = Href.canonical(member.href)
            guard href != collectionHref, href + "/" != collectionHref else { continue }
            if member.status == 404 { changes.removed.append(href); continue }
            changes.changed.append((href, member.property(DAVNamespace.dav, "getetag")?.trimmedText.nonEmpty))
        }
        return changes
    }

    /// Every member holding `component`, with its ETag (for servers without sync-collection, or
    /// after a token was refused).
    public func memberETags(_ component: CalendarComponent, in collection: String) throws(DAVError) -> [(href: String, etag: String?)] {
        let response = try send("REPORT", collection, depth: "1", body: DAVBodies.componentQuery(component, withData: false))
        let status: MultiStatus
        if response.status == 207 {
            status = try MultiStatus(response.body)
        } else {
            status = try propfind(collection, depth: 1, [(DAVNamespace.dav, "getetag"), (DAVNamespace.dav, "resourcetype")])
        }
        let collectionHref = Href.canonical(collection)
        return status.responses.compactMap { member in
            let href = Href.canonical(member.href)
            guard href != collectionHref, !href.hasSuffix("/") else { return nil }
            return (href, member.property(DAVNamespace.dav, "getetag")?.trimmedText.nonEmpty)
        }
    }

    /// calendar-multiget of `hrefs` (callers batch them).
    public func fetch(_ hrefs: [String], in collection: String) throws(DAVError) -> [FetchedItem] {
        guard !hrefs.isEmpty else { return [] }
        let response = try send("REPORT", collection, depth: "1", body: DAVBodies.multiget(hrefs))
        try expectMultiStatus(response, "REPORT calendar-multiget on \(collection)")
        return try items(response)
    }

    /// Every member holding `component`, with its text, in one calendar-query: a first sync's whole
    /// download in one request, where listing and then fetching cost the server each member twice.
    public func members(_ component: CalendarComponent, in collection: String) throws(DAVError) -> [FetchedItem] {
        let response = try send("REPORT", collection, depth: "1", body: DAVBodies.componentQuery(component, withData: true))
        try expectMultiStatus(response, "REPORT calendar-query on \(collection)")
        let collectionHref = Href.canonical(collection)
        return try items(response).filter { $0.href != collectionHref && !$0.href.hasSuffix("/") }
    }

    private func items(_ response: HTTPResponse) throws(DAVError) -> [FetchedItem] {
        try MultiStatus(response.body).responses.map { member in
            let text = member.property(DAVNamespace.calDAV, "calendar-data")?.text
            var item = FetchedItem(
                href: Href.canonical(member.href), etag: member.property(DAVNamespace.dav, "getetag")?.trimmedText.nonEmpty,
                text: text, status: member.status ?? (text == nil ? 404 : 200))
            if let text, text.utf8.count > maximumItemSize { item.text = nil; item.status = 413 }
            return item
        }
    }

    // MARK: Writing

    /// Stores `text` at `href`; returns the new ETag when the server says it.
    public func put(_ text: String, at href: String, _ precondition: Precondition) throws(DAVError) -> String? {
        var headers = ["Content-Type": "text/calendar; charset=utf-8"]
        switch precondition {
        case .ifMatch(let etag): headers["If-Match"] = etag
        case .ifNoneMatch: headers["If-None-Match"] = "*"
        case .none: break
        }
        let response = try send("PUT", href, depth: nil, body: Data(text.utf8), headers: headers)
        switch response.status {
        case 200...299: return response.header("ETag")
        case 412: throw .preconditionFailed
        case 403: throw .forbidden("writing \(href)")
        case 413: throw .tooLarge("the server refused \(href) as too large (413)")
        default: throw .status(response.status, "PUT \(href)")
        }
    }

    public func delete(_ href: String, _ precondition: Precondition) throws(DAVError) {
        var headers: [String: String] = [:]
        if case .ifMatch(let etag) = precondition { headers["If-Match"] = etag }
        let response = try send("DELETE", href, depth: nil, body: nil, headers: headers)
        switch response.status {
        case 200...299: return
        case 404: throw .notFound(href)
        case 412: throw .preconditionFailed
        case 403: throw .forbidden("deleting \(href)")
        default: throw .status(response.status, "DELETE \(href)")
        }
    }

    /// Makes a calendar of `component`s at `href` (RFC 4791 §5.3.1).
    public func makeCalendar(at href: String, displayName: String, color: String?, component: CalendarComponent) throws(DAVError) {
        let response = try send(
            "MKCALENDAR", href, depth: nil,
            body: DAVBodies.mkcalendar(displayName: displayName, color: color, component: component))
        switch response.status {
        case 200...299: return
        case 403: throw .forbidden("making a calendar at \(href)")
        default: throw .status(response.status, "MKCALENDAR \(href)")
        }
    }

    /// Renames or recolours a collection (PROPPATCH).
    public func setProperties(of href: String, displayName: String, color: String?) throws(DAVError) {
        let response = try send("PROPPATCH", href, depth: nil, body: DAVBodies.proppatch(displayName: displayName, color: color))
        guard response.status == 207 || (200...299).contains(response.status) else {
            throw response.status == 403 ? .forbidden("renaming \(href)") : .status(response.status, "PROPPATCH \(href)")
        }
    }

    // MARK: Plumbing

    func propfind(
        _ href: String, depth: Int, _ properties: [(namespace: String, name: String)],
        followRedirects: Bool = false
    ) throws(DAVError) -> MultiStatus {
        var target = href
        for _ in 0..<5 {
            let response = try send("PROPFIND", target, depth: String(depth), body: DAVBodies.propfind(properties))
            if followRedirects, (301...308).contains(response.status), let location = response.header("Location") {
                let next = Href.url(location, base: Href.url(target, base: base))
                // The password goes with every request: never to a host the account did not name.
                guard next.scheme == base.scheme, next.host == base.host, next.port == base.port else {
                    throw .malformed("\(target) redirects to \(next.absoluteString); give that server's URL as the account's URL")
                }
                target = next.path(percentEncoded: true)
                continue
            }
            switch response.status {
            case 207: return try MultiStatus(response.body)
            case 404: throw .notFound(target)
            case 403: throw .forbidden("reading \(target)")
            default: throw .status(response.status, "PROPFIND \(target)")
            }
        }
        throw .malformed("too many redirects from \(href)")
    }

    private func send(
        _ method: String, _ href: String, depth: String?, body: Data?,
        headers: [String: String] = [:]
    ) throws(DAVError) -> HTTPResponse {
        var headers = headers
        if let depth { headers["Depth"] = depth }
        if body != nil, headers["Content-Type"] == nil { headers["Content-Type"] = "application/xml; charset=utf-8" }
        return try http.send(HTTPRequest(method, Href.url(href, base: base), headers: headers, body: body))
    }

    private func expectMultiStatus(_ response: HTTPResponse, _ what: String) throws(DAVError) {
        switch response.status {
        case 207: return
        case 404: throw .notFound(what)
        case 403: throw .forbidden(what)
        default: throw .status(response.status, what)
        }
    }

    /// `#RRGGBB` from Apple's `#RRGGBBAA` or `#RRGGBB`.
    static func color(_ text: String) -> String? {
        let hex = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard hex.count == 6 || hex.count == 8, hex.allSatisfy(\.isHexDigit) else { return nil }
        return "#" + hex.prefix(6).uppercased()
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
