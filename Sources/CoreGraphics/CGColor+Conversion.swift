import Foundation

extension CGColor {
    /// The colour in `target`: RGB from grey (equal components) or grey from RGB (Rec. 709 luma,
    /// of linear light), through linear light where one side is linear. Alpha is kept; `intent`
    /// and `options` change nothing between these spaces.
    public func converted(to target: CGColorSpace, intent: CGColorRenderingIntent, options: [AnyHashable: Any]?) -> CGColor? {
        guard let components, let alpha = components.last else { return nil }
        var linear = Array(components.dropLast()).map { space.isLinear ? $0 : Self.decoded($0) }
        switch (space.model, target.model) {
        case (.monochrome, .rgb): linear = Array(repeating: linear[0], count: 3)
        case (.rgb, .monochrome): linear = [0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]]
        case (.rgb, .rgb), (.monochrome, .monochrome): break
        default: return nil
        }
        let encoded = linear.map { target.isLinear ? $0 : Self.encoded($0) }
        return CGColor(colorSpace: target, components: encoded + [alpha])
    }

    /// The same colour with another alpha.
    public func copy(alpha: CGFloat) -> CGColor? {
        guard let components else { return nil }
        return CGColor(colorSpace: space, components: components.dropLast() + [alpha])
    }

    /// sRGB's transfer curve, encoded → linear light.
    private static func decoded(_ value: CGFloat) -> CGFloat {
        value <= 0.04045 ? value / 12.92 : CGFloat(pow(Double((value + 0.055) / 1.055), 2.4))
    }

    /// Linear light → sRGB-encoded.
    private static func encoded(_ value: CGFloat) -> CGFloat {
        value <= 0.0031308 ? value * 12.92 : CGFloat(1.055 * pow(Double(value), 1 / 2.4) - 0.055)
    }
}
