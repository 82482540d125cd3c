import Foundation
import RemindersWebDAV
import XCTest

/// What the face writes is read back by a namespace-aware parser as it was meant: prefixes
/// resolved, an unknown namespace declared where it is used, text and attributes escaped.
final class XMLWriterTests: XCTestCase {
    func testAMultistatusReadsBackWithItsNamespacesAndText() throws {
        var writer = XMLWriter()
        writer.open(DAVNamespace.dav, "multistatus")
        writer.open(DAVNamespace.dav, "response")
        writer.element(DAVNamespace.dav, "href", "/dav/calendars/a%20b/")
        writer.open(DAVNamespace.dav, "propstat")
        writer.open(DAVNamespace.dav, "prop")
        writer.element(DAVNamespace.dav, "displayname", "Tom & Jerry's <list> \"quoted\"\r\n")
        writer.element(DAVNamespace.apple, "calendar-color", "#FF0000FF")
        writer.element(DAVNamespace.calendarServer, "getctag", "\"7\"")
        writer.element("urn:example:unknown", "shoe-size")
        writer.element(DAVNamespace.calDAV, "comp", attributes: [("name", "VTODO")])
        writer.close()
        writer.close()
        writer.close()
        writer.close()

        let root = try XCTUnwrap(XMLNode.parse(Data(writer.bytes)), writer.text)
        XCTAssertEqual(root.namespace, DAVNamespace.dav)
        XCTAssertEqual(root.name, "multistatus")
        let response = try XCTUnwrap(root.child(DAVNamespace.dav, "response"))
        XCTAssertEqual(response.child(DAVNamespace.dav, "href")?.text, "/dav/calendars/a%20b/")
        let prop = try XCTUnwrap(response.child(DAVNamespace.dav, "propstat")?.child(DAVNamespace.dav, "prop"))
        XCTAssertEqual(prop.child(DAVNamespace.dav, "displayname")?.text, "Tom & Jerry's <list> \"quoted\"\r\n")
        XCTAssertEqual(prop.child(DAVNamespace.apple, "calendar-color")?.text, "#FF0000FF")
        XCTAssertEqual(prop.child(DAVNamespace.calendarServer, "getctag")?.text, "\"7\"")
        XCTAssertNotNil(prop.child("urn:example:unknown", "shoe-size"))
        XCTAssertEqual(prop.child(DAVNamespace.calDAV, "comp")?.attributes["name"], "VTODO")
    }

    func testEscapingKeepsEveryCharacterAndReplacesOnlyMarkup() {
        XCTAssertEqual(XMLWriter.escaped("Café ☕ 日本"), "Café ☕ 日本", "nothing to replace: the text itself")
        XCTAssertEqual(XMLWriter.escaped("Tom & \"Jerry\" <é>\r\n"), "Tom &amp; &quot;Jerry&quot; &lt;é&gt;&#13;\n")
        XCTAssertEqual(XMLWriter.escaped(""), "")
    }

    func testTrimmedTextTrimsXMLWhiteSpaceOnly() throws {
        let node = try XCTUnwrap(XMLNode.parse(Data("<a xmlns=\"DAV:\">\n\t /dav/é.ics \r\n</a>".utf8)))
        XCTAssertEqual(node.trimmedText, "/dav/é.ics")
        let bare = try XCTUnwrap(XMLNode.parse(Data("<a xmlns=\"DAV:\">x</a>".utf8)))
        XCTAssertEqual(bare.trimmedText, "x")
        let blank = try XCTUnwrap(XMLNode.parse(Data("<a xmlns=\"DAV:\">  \n </a>".utf8)))
        XCTAssertEqual(blank.trimmedText, "")
    }
}
