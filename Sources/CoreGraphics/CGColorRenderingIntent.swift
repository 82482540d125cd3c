/// How a colour out of a space's gamut is brought into it. Every space here holds every colour
/// of the others, so the intent changes nothing; it is taken as Core Graphics takes it.
public enum CGColorRenderingIntent: Int32, Sendable {
    case defaultIntent = 0
    case absoluteColorimetric = 1
    case relativeColorimetric = 2
    case perceptual = 3
    case saturation = 4
}
