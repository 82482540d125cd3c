import Foundation

/// A colour as Core Graphics hands it to EventKit's API (`EKCalendar.cgColor`): its components in
/// an RGB or a grey colour space, with alpha last. Only what EventKit's API and the programs
/// written for it reach; `CGFloat` is Foundation's.
public final class CGColor: Equatable, CustomStringConvertible, @unchecked Sendable {  // immutable after init, as Core Graphics' colours are
    /// The colour's components with alpha last: red, green, blue, alpha — or grey, alpha.
    public let components: [CGFloat]?
    /// The space the components are in: sRGB for an RGB colour made here, grey gamma 2.2 for a grey.
    let space: CGColorSpace
    /// Optional, as Apple's is (a pattern colour has none); never nil here.
    public var colorSpace: CGColorSpace? { space }

    /// A colour in the sRGB space, each component 0…1 (clamped, as Core Graphics does).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        space = CGColorSpace(name: CGColorSpace.sRGB)!
        components = [red, green, blue, alpha].map(Self.clamped)
    }

    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A grey, 0 black … 1 white.
    public init(gray: CGFloat, alpha: CGFloat) {
        space = CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)!
        components = [gray, alpha].map(Self.clamped)
    }

    /// A colour in `space` from its components and then alpha (`numberOfComponents + 1` of them
    /// read); nil for a space that holds no plain colours.
    public init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
        guard space.model == .rgb || space.model == .monochrome else { return nil }
        let values = (0...space.numberOfComponents).map { components[$0] }
        self.space = space
        self.components = values.map(Self.clamped)
    }

    init(colorSpace space: CGColorSpace, components values: [CGFloat]) {
        self.space = space
        components = values.map(Self.clamped)
    }

    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)

    public var numberOfComponents: Int { components?.count ?? 0 }
    public var alpha: CGFloat { components?.last ?? 1 }

    public static func == (lhs: CGColor, rhs: CGColor) -> Bool { lhs.space == rhs.space && lhs.components == rhs.components }

    public var description: String { "<CGColor \((components ?? []).map { String(format: "%.3f", Double($0)) }.joined(separator: " "))>" }

    private static func clamped(_ value: CGFloat) -> CGFloat { min(max(value, 0), 1) }
}
