import Foundation
import RemindersCivilTime
import RemindersModel

extension DateReading {
    /// The date as the person will read it back, with its weekday so that nobody (a model least of
    /// all) has to work one out: `Mon 2026-12-07 (all day)`, `Mon 2026-12-07 09:00 (floating)`,
    /// `Mon 2026-12-07 09:00 Europe/Berlin`.
    public var text: String { Self.text(components) }

    public static func text(_ date: ItemDateComponents) -> String {
        let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let weekday = names[CivilDate.weekday(days: CivilDate.toDays(year: date.year, month: date.month, day: date.day))]
        // Not String(format:): it goes through Foundation's formatter and was a tenth of a batch's time.
        var text = weekday + " " + padded(date.year, 4) + "-" + padded(date.month, 2) + "-" + padded(date.day, 2)
        guard let hour = date.hour else { return text + " (all day)" }
        text += " " + padded(hour, 2) + ":" + padded(date.minute ?? 0, 2)
        if let second = date.second, second != 0 { text += ":" + padded(second, 2) }
        return text + (date.timeZone.map { " " + $0 } ?? " (floating)")
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
