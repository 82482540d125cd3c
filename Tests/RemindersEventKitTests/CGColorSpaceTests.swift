import CoreGraphics
import EventKit
import Foundation
import XCTest

/// Core Graphics' usual way to get RGB out of a calendar's `cgColor` — convert it to an RGB space,
/// read `components` — and the spaces and conversions around it.
final class CGColorSpaceTests: XCTestCase {
    private func assertComponents(_ color: CGColor?, _ expected: [CGFloat], file: StaticString = #filePath, line: UInt = #line) {
        let components = color?.components ?? []
        XCTAssertEqual(components.count, expected.count, "\(components)", file: file, line: line)
        for (got, want) in zip(components, expected) { XCTAssertEqual(got, want, accuracy: 0.002, file: file, line: line) }
    }

    func testRGBOutOfACalendarsColourAsMacProgramsGetIt() {
        let calendar = EKCalendar(for: .reminder, eventStore: EKEventStore())
        calendar.colorHex = "#FF8000"
        let rgb = calendar.cgColor.converted(to: CGColorSpaceCreateDeviceRGB(), intent: .defaultIntent, options: nil)
        assertComponents(rgb, [1, 128.0 / 255, 0, 1])
        XCTAssertEqual(rgb?.colorSpace?.model, .rgb)
        XCTAssertEqual(calendar.cgColor.colorSpace?.name, CGColorSpace.sRGB)
    }

    func testGreyAndRGBBothWays() {
        assertComponents(
            CGColor(gray: 0.2, alpha: 0.5).converted(to: CGColorSpaceCreateDeviceRGB(), intent: .perceptual, options: nil), [0.2, 0.2, 0.2, 0.5])
        let grey = CGColor(red: 1, green: 1, blue: 1, alpha: 1).converted(to: CGColorSpaceCreateDeviceGray(), intent: .defaultIntent, options: nil)
        assertComponents(grey, [1, 1])
        XCTAssertEqual(grey?.colorSpace?.model, .monochrome)
        // Pure green is 71.5 % of white's light: sRGB-encoded, 0.86.
        assertComponents(
            CGColor(red: 0, green: 1, blue: 0, alpha: 1).converted(to: CGColorSpaceCreateDeviceGray(), intent: .defaultIntent, options: nil),
            [0.861, 1])
    }

    func testLinearSpacesDecodeAndEncodeSRGBsCurve() throws {
        let linear = try XCTUnwrap(CGColorSpace(name: CGColorSpace.linearSRGB))
        let half = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1).converted(to: linear, intent: .defaultIntent, options: nil)
        assertComponents(half, [0.214, 0.214, 0.214, 1])
        assertComponents(
            half?.converted(to: try XCTUnwrap(CGColorSpace(name: CGColorSpace.sRGB)), intent: .defaultIntent, options: nil), [0.5, 0.5, 0.5, 1])
        // A calendar's colour set in a linear space is kept as its sRGB value.
        var values: [CGFloat] = [0.2159, 0, 1, 1]  // 128 / 255 in linear light
        let calendar = EKCalendar(for: .event, eventStore: EKEventStore())
        calendar.cgColor = try XCTUnwrap(CGColor(colorSpace: linear, components: &values))
        XCTAssertEqual(calendar.colorHex, "#8000FF")
    }

    func testSpacesAndColoursAsCoreGraphicsHasThem() throws {
        XCTAssertNil(CGColorSpace(name: "kCGColorSpaceNoSuchSpace"))
        XCTAssertEqual(CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)?.numberOfComponents, 1)
        XCTAssertEqual(CGColorSpaceCreateDeviceRGB().numberOfComponents, 3)
        XCTAssertNil(CGColorSpaceCreateDeviceRGB().name)
        XCTAssertEqual(CGColorRenderingIntent.defaultIntent.rawValue, 0)
        XCTAssertEqual(CGColorRenderingIntent.saturation.rawValue, 4)
        XCTAssertEqual(CGColorSpaceModel.rgb.rawValue, 1)
        XCTAssertEqual(CGColor(red: 2, green: -1, blue: 0.5, alpha: 1).components, [1, 0, 0.5, 1], "clamped")
        assertComponents(CGColor.white.copy(alpha: 0.25), [1, 0.25])
        XCTAssertEqual(CGColor.clear.alpha, 0)
    }
}
