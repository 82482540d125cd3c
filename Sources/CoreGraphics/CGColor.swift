import Foundation

/// A colour as Core Graphics hands it to EventKit's API (`EKCalendar.cgColor`): its components in
/// an RGB or a grey colour space, with alpha last. Only what EventKit's API and the programs
/// written for it reach; `CGFloat` is Foundation's.
public final class CGColor: Equatable, CustomStringConvertible, @unchecked Sendable {  // immutable after init, as Core Graphics' colours are
    /// The colour's components with alpha last: red, green, blue, alpha — or grey, alpha.
    public let components: [CGFloat]?

    /// A colour in the sRGB space, each component 0…1 (clamped, as Core Graphics does).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = [red, green, blue, alpha].map(Self.clamped)
    }

    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A grey, 0 black … 1 white.
    public init(gray: CGFloat, alpha: CGFloat) {
        components = [gray, alpha].map(Self.clamped)
    }

    public var numberOfComponents: Int { components?.count ?? 0 }
    public var alpha: CGFloat { components?.last ?? 1 }

    public static func == (lhs: CGColor, rhs: CGColor) -> Bool { lhs.components == rhs.components }

    public var description: String { "<CGColor \((components ?? []).map { String(format: "%.3f", Double($0)) }.joined(separator: " "))>" }

    private static func clamped(_ value: CGFloat) -> CGFloat { min(max(value, 0), 1) }
}
