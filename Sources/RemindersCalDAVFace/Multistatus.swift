import RemindersHTTPServer
import RemindersWebDAV

/// A 207 Multi-Status answer written as it goes: per resource its href, the properties found
/// (200) and those it does not have (404), as RFC 4918 §9.1 shapes them.
struct Multistatus {
    private var writer = XMLWriter()

    init() { writer.open(DAVNamespace.dav, "multistatus") }

    /// One resource: `found` writes each property it has and returns those it did not write.
    mutating func response(href: String, asked: [PropertyName], _ found: (PropertyName, inout XMLWriter) -> Bool) {
        writer.open(DAVNamespace.dav, "response")
        writer.element(DAVNamespace.dav, "href", href)
        var missing: [PropertyName] = []
        var wroteFound = false
        for property in asked {
            // The propstat opens with the first property found, so an answer with none has no empty one.
            var attempt = XMLWriter.fragment()
            if found(property, &attempt) {
                if !wroteFound {
                    writer.open(DAVNamespace.dav, "propstat")
                    writer.open(DAVNamespace.dav, "prop")
                    wroteFound = true
                }
                writer.append(attempt)
            } else {
                missing.append(property)
            }
        }
        if wroteFound {
            writer.close()
            writer.element(DAVNamespace.dav, "status", "HTTP/1.1 200 OK")
            writer.close()
        }
        if !missing.isEmpty { propstat(missing, status: "404 Not Found") }
        writer.close()
    }

    /// A resource named but not there (a multiget's href, a sync's removed member).
    mutating func response(href: String, status: Int, reason: String) {
        writer.open(DAVNamespace.dav, "response")
        writer.element(DAVNamespace.dav, "href", href)
        writer.element(DAVNamespace.dav, "status", "HTTP/1.1 \(status) \(reason)")
        writer.close()
    }

    /// Properties named with what became of them, one propstat per status, in one response (a
    /// PROPPATCH's answer: set; or refused, and the rest failed with them).
    mutating func response(href: String, propstats: [(properties: [PropertyName], status: String)]) {
        writer.open(DAVNamespace.dav, "response")
        writer.element(DAVNamespace.dav, "href", href)
        for (properties, status) in propstats where !properties.isEmpty { propstat(properties, status: status) }
        writer.close()
    }

    /// `status`: the code and its reason phrase (`404 Not Found`).
    private mutating func propstat(_ properties: [PropertyName], status: String) {
        writer.open(DAVNamespace.dav, "propstat")
        writer.open(DAVNamespace.dav, "prop")
        for property in properties { writer.element(property.namespace, property.name) }
        writer.close()
        writer.element(DAVNamespace.dav, "status", "HTTP/1.1 " + status)
        writer.close()
    }

    /// RFC 6578's token at the end of a sync-collection answer.
    mutating func syncToken(_ token: String) { writer.element(DAVNamespace.dav, "sync-token", token) }

    func answer() -> HTTPResponse {
        var writer = writer
        writer.close()
        var headers = HTTPHeaders()
        headers.add("Content-Type", "application/xml; charset=utf-8")
        return HTTPResponse(status: 207, headers: headers, body: writer.bytes)
    }
}
