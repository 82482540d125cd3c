import Foundation

/// `90s`, `10m`, `24h`, `2d`: the durations options take (`Option.duration`).
public enum DurationText {
    public static func seconds(_ text: String) -> TimeInterval? {
        guard let unit = text.last, let number = Int(text.dropLast()), number >= 0, number <= 366 * 86_400 else { return nil }
        switch unit {
        case "s": return TimeInterval(number)
        case "m": return TimeInterval(number * 60)
        case "h": return TimeInterval(number * 3600)
        case "d": return TimeInterval(number * 86_400)
        default: return nil
        }
    }
}
