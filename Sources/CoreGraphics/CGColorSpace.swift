import Foundation

/// How a colour space's components are read, as Core Graphics numbers them.
public enum CGColorSpaceModel: Int32, Sendable {
    case unknown = -1
    case monochrome = 0
    case rgb = 1
    case cmyk = 2
    case lab = 3
    case deviceN = 4
    case indexed = 5
    case pattern = 6
    case XYZ = 7
}

/// A colour space, as far as EventKit programs reach: the RGB and grey spaces a calendar's colour
/// is read in, gamma-encoded (sRGB's curve) or linear. Names are Swift strings where Apple's are
/// `CFString`s (`CGColorSpace(name: CGColorSpace.sRGB)` reads the same); a name this library does
/// not know gives nil, as an unknown name does on a Mac.
public final class CGColorSpace: Equatable, CustomStringConvertible, @unchecked Sendable {  // immutable
    public static let sRGB = "kCGColorSpaceSRGB"
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    public static let linearSRGB = "kCGColorSpaceLinearSRGB"
    public static let extendedLinearSRGB = "kCGColorSpaceExtendedLinearSRGB"
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    public static let linearGray = "kCGColorSpaceLinearGray"
    public static let extendedGray = "kCGColorSpaceExtendedGray"
    public static let extendedLinearGray = "kCGColorSpaceExtendedLinearGray"

    /// What each known name is: its model, and whether its components are linear light.
    private static let known: [String: (model: CGColorSpaceModel, isLinear: Bool)] = [
        sRGB: (.rgb, false), extendedSRGB: (.rgb, false), linearSRGB: (.rgb, true), extendedLinearSRGB: (.rgb, true),
        genericRGBLinear: (.rgb, true), genericGrayGamma2_2: (.monochrome, false), linearGray: (.monochrome, true),
        extendedGray: (.monochrome, false), extendedLinearGray: (.monochrome, true),
    ]

    /// nil for a device space (`CGColorSpaceCreateDeviceRGB()`), as on a Mac.
    public let name: String?
    public let model: CGColorSpaceModel
    /// Whether components are linear light rather than sRGB-encoded (the conversion's concern).
    let isLinear: Bool

    public init?(name: String) {
        guard let found = Self.known[name] else { return nil }
        self.name = name
        (model, isLinear) = found
    }

    init(device model: CGColorSpaceModel) {
        (name, self.model, isLinear) = (nil, model, false)
    }

    /// Colour components, alpha not counted.
    public var numberOfComponents: Int { model == .monochrome ? 1 : 3 }

    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool {
        lhs.name == rhs.name && lhs.model == rhs.model && lhs.isLinear == rhs.isLinear
    }

    public var description: String { "<CGColorSpace \(name ?? (model == .monochrome ? "kCGColorSpaceDeviceGray" : "kCGColorSpaceDeviceRGB"))>" }
}

/// The device RGB space: on Linux there is no display profile to ask, so sRGB's curve.
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace(device: .rgb) }

/// The device grey space, on sRGB's curve.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace(device: .monochrome) }
