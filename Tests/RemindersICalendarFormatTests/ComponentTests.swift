import XCTest
@testable import RemindersICalendarFormat

final class ComponentTests: XCTestCase {
    let sample = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Test//EN
        begin:vtodo
        UID:1@example.com
        SUMMARY:Buy milk
        X-UNKNOWN;X-P=1:kept as is
        BEGIN:VALARM
        ACTION:DISPLAY
        TRIGGER;RELATED=END:-PT15M
        END:VALARM
        end:vtodo
        END:VCALENDAR
        """

    func testParsesNestedComponents() throws {
        let calendars = try Component.parse(sample)
        XCTAssertEqual(calendars.count, 1)
        let todo = try XCTUnwrap(calendars[0].components.first)
        XCTAssertEqual(todo.name, "VTODO")
        XCTAssertEqual(todo.value("summary"), "Buy milk")
        XCTAssertEqual(todo.components.first?.name, "VALARM")
        XCTAssertEqual(todo.components.first?.property("TRIGGER")?.parameter("RELATED"), "END")
    }

    func testWritingAndReadingAgainIsStable() throws {
        let once = try Component.parse(sample)[0].text
        XCTAssertTrue(once.contains("X-UNKNOWN;X-P=1:kept as is\r\n"))
        XCTAssertTrue(once.hasPrefix("BEGIN:VCALENDAR\r\n"))
        let twice = try Component.parse(once)[0].text
        XCTAssertEqual(once, twice)
    }

    func testStructureErrorsNameTheirLine() {
        let cases = [
            ("BEGIN:VCALENDAR\nBEGIN:VTODO\nEND:VCALENDAR\n", 3, "closes BEGIN:VTODO of line 2"),
            ("BEGIN:VCALENDAR\nBEGIN:VTODO\n", 2, "never ended"),
            ("BEGIN:VCALENDAR\nEND:VCALENDAR\nEND:VTODO\n", 3, "without a BEGIN"),
            ("BEGIN:VCALENDAR\nBROKEN\nEND:VCALENDAR\n", 2, "no \":\""),
        ]
        for (text, line, words) in cases {
            XCTAssertThrowsError(try Component.parse(text)) { error in
                XCTAssertEqual((error as? ICalendarError)?.line, line, text)
                XCTAssertTrue("\(error)".contains(words), "\(text): \(error)")
            }
        }
    }

    /// What stands outside every component is passed over: a mail client's signature after the
    /// calendar, junk between two calendars.
    func testTextOutsideEveryComponentIsPassedOver() throws {
        let text = "junk before\nSUMMARY:x\nBEGIN:VCALENDAR\nVERSION:2.0\nEND:VCALENDAR\n-- \nSent from my phone\nBEGIN:VCALENDAR\nEND:VCALENDAR\n"
        XCTAssertEqual(try Component.parse(text).map(\.name), ["VCALENDAR", "VCALENDAR"])
        XCTAssertEqual(try Component.parse("SUMMARY:x\n"), [])
    }

    func testSettingAPropertyKeepsItsPlaceAndChosenParameters() throws {
        var todo = try XCTUnwrap(try Component.parse("BEGIN:VTODO\nUID:1\nSUMMARY;LANGUAGE=de;X-A=1:Milch\nDUE:20261201\nEND:VTODO")[0] as Component?)
        todo.set(Property("SUMMARY", "Milk"), keeping: ["LANGUAGE"])
        XCTAssertEqual(todo.properties.map(\.name), ["UID", "SUMMARY", "DUE"])
        XCTAssertEqual(todo.property("SUMMARY")?.line, "SUMMARY;LANGUAGE=de:Milk")
        todo.set(Property("STATUS", "NEEDS-ACTION"))
        XCTAssertEqual(todo.properties.last?.name, "STATUS")
    }
}
