import Foundation
import RemindersWebDAV

/// The XML bodies of the requests, written out (they are short and fixed).
enum DAVBodies {
    static let header = #"<?xml version="1.0" encoding="utf-8"?>"#

    static func propfind(_ properties: [(namespace: String, name: String)]) -> Data {
        var prefixes: [String: String] = [DAVNamespace.dav: "d"]
        var body = ""
        for property in properties {
            let prefix =
                prefixes[property.namespace]
                ?? {
                    let made = "n\(prefixes.count)"
                    prefixes[property.namespace] = made
                    return made
                }()
            body += "<\(prefix):\(property.name)/>"
        }
        let declarations = prefixes.map { #" xmlns:\#($0.value)="\#($0.key)""# }.sorted().joined()
        return Data((header + "<d:propfind\(declarations)><d:prop>\(body)</d:prop></d:propfind>").utf8)
    }

    static func syncCollection(token: String?) -> Data {
        Data(
            (header + #"<d:sync-collection xmlns:d="DAV:"><d:sync-token>\#(escape(token ?? ""))</d:sync-token>"#
                + "<d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>").utf8)
    }

    /// The members holding `component`: their ETags, and their text `withData`.
    static func componentQuery(_ component: CalendarComponent, withData: Bool) -> Data {
        Data(
            (header + #"<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">"#
                + "<d:prop><d:getetag/>" + (withData ? "<c:calendar-data/>" : "") + "</d:prop>"
                + #"<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="\#(component.rawValue)"/>"#
                + "</c:comp-filter></c:filter></c:calendar-query>").utf8)
    }

    static func multiget(_ hrefs: [String]) -> Data {
        Data(
            (header + #"<c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">"#
                + "<d:prop><d:getetag/><c:calendar-data/></d:prop>"
                + hrefs.map { "<d:href>\(escape($0))</d:href>" }.joined() + "</c:calendar-multiget>").utf8)
    }

    static func mkcalendar(displayName: String, color: String?, component: CalendarComponent) -> Data {
        var properties =
            "<d:displayname>\(escape(displayName))</d:displayname>"
            + #"<c:supported-calendar-component-set><c:comp name="\#(component.rawValue)"/></c:supported-calendar-component-set>"#
        if let color { properties += "<a:calendar-color>\(escape(color))</a:calendar-color>" }
        return Data(
            (header + #"<c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:a="http://apple.com/ns/ical/">"#
                + "<d:set><d:prop>\(properties)</d:prop></d:set></c:mkcalendar>").utf8)
    }

    static func proppatch(displayName: String, color: String?) -> Data {
        var properties = "<d:displayname>\(escape(displayName))</d:displayname>"
        if let color { properties += "<a:calendar-color>\(escape(color))</a:calendar-color>" }
        return Data(
            (header + #"<d:propertyupdate xmlns:d="DAV:" xmlns:a="http://apple.com/ns/ical/">"#
                + "<d:set><d:prop>\(properties)</d:prop></d:set></d:propertyupdate>").utf8)
    }

    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
