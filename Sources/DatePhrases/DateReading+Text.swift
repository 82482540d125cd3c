import Foundation
import CivilTime
import RemindersModel

extension DateReading {
    /// The date as the person will read it back, with its weekday so that nobody (a model least of
    /// all) has to work one out: `Mon 2026-12-07 (all day)`, `Mon 2026-12-07 09:00 (floating)`,
    /// `Mon 2026-12-07 09:00 Europe/Berlin`.
    public var text: String { Self.text(components) }

    public static func text(_ date: ItemDateComponents) -> String {
        let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let weekday = names[CivilDate.weekday(days: CivilDate.toDays(year: date.year, month: date.month, day: date.day))]
        var text = weekday + " " + String(format: "%04d-%02d-%02d", date.year, date.month, date.day)
        guard let hour = date.hour else { return text + " (all day)" }
        text += String(format: " %02d:%02d", hour, date.minute ?? 0)
        if let second = date.second, second != 0 { text += String(format: ":%02d", second) }
        return text + (date.timeZone.map { " " + $0 } ?? " (floating)")
    }
}
