import XCTest
@testable import RemindersICalendarFormat

final class PropertyTests: XCTestCase {
    func testParametersQuotedListedAndEncoded() throws {
        let property = try Property(
            parsing: #"attendee;ROLE=REQ-PARTICIPANT;MEMBER="mailto:a@b.c","mailto:d@e.f";X-TITLE="Home; sweet ^'home^'":mailto:x@y.z"#)
        XCTAssertEqual(property.name, "ATTENDEE")
        XCTAssertEqual(property.parameter("role"), "REQ-PARTICIPANT")
        XCTAssertEqual(property.parameters[1].values, ["mailto:a@b.c", "mailto:d@e.f"])
        XCTAssertEqual(property.parameter("X-TITLE"), "Home; sweet \"home\"")
        XCTAssertEqual(property.value, "mailto:x@y.z")
    }

    func testAnUnchangedPropertyIsWrittenAsItWasRead() throws {
        let line = #"x-Custom-Thing;x-p="a:b";Other=1:value with \, and ; and "quotes""#
        var property = try Property(parsing: line)
        XCTAssertEqual(property.line, line)
        property.value = "new"
        XCTAssertEqual(property.line, #"X-CUSTOM-THING;X-P="a:b";OTHER=1:new"#)
    }

    func testBuiltPropertiesQuoteWhatNeedsIt() {
        let property = Property(
            "X-APPLE-STRUCTURED-LOCATION", "geo:52.5,13.4",
            [Parameter("VALUE", "URI"), Parameter("X-TITLE", "Home, \"sweet\"\nhome")])
        XCTAssertEqual(property.line, #"X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-TITLE="Home, ^'sweet^'^nhome":geo:52.5,13.4"#)
        XCTAssertEqual(try Property(parsing: property.line), property)
    }

    func testMalformedLinesAreNamed() {
        for (line, words) in [
            (":value", "property name"), ("SUMMARY", "no \":\""), ("DUE;TZID:2026", "no value"),
            (#"X;P="open:v"#, "unterminated"),
        ] {
            XCTAssertThrowsError(try Property(parsing: line), line) { error in
                XCTAssertTrue("\(error)".contains(words), "\(line): \(error)")
            }
        }
    }

    func testColonsInTheValueStayThere() throws {
        XCTAssertEqual(try Property(parsing: "URL:https://example.com:8443/a;b").value, "https://example.com:8443/a;b")
    }

    func testNamesParametersAndValuesBesideCharactersOfEveryWidth() throws {
        let property = try Property(parsing: #"ATTENDEE;CN="Zoë ☕, 日本";X-É=à,b:mailto:zoë@example.com"#)
        XCTAssertEqual(property.name, "ATTENDEE")
        XCTAssertEqual(property.parameter("CN"), "Zoë ☕, 日本")
        XCTAssertEqual(property.parameters.last?.values, ["à", "b"])
        XCTAssertEqual(property.value, "mailto:zoë@example.com")
        XCTAssertThrowsError(try Property(parsing: #"X;CN="unterminated:é"#))
        XCTAssertThrowsError(try Property(parsing: "SUMMARY;=x:y"))
        XCTAssertThrowsError(try Property(parsing: "NOCOLON"))
    }
}
