import RemindersCivilTime
import RemindersDatePhrases
import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// The `@` fields of `remindersd call --columns`: what a person reads, made from a reminder's (or
/// list's) members in the session's time zone, so a shell script needs neither jq nor date for it.
struct ComputedFields {
    enum Name: String, CaseIterable {
        /// The shortest prefix (at least 8 characters) of the identifier unique among the rows.
        case id
        /// The due date as the session's zone reads it: `Tue 2026-12-01`, `Tue 2026-12-01 09:30`, then ` overdue`.
        case due
        /// `overdue` for an open reminder whose due date has passed (an all-day one: whose day has).
        case overdue
        /// The completion date in the session's zone.
        case done
        /// high (1–4), medium (5), low (6–9), or nothing.
        case priority
        /// The title of the reminder's list.
        case list
        /// The tags, each with a `#`.
        case tags
        /// `⚑` for a flagged reminder.
        case flag
        /// The title, indented under its parent with `--tree`.
        case title
        /// How many open reminders a list holds (`-` when the client may not read them).
        case open
        /// How it repeats, in words: `every Monday at 07:00`.
        case repeats
        /// When its next time alarm rings, in the session's zone: `Mon 2026-12-07 06:50`.
        case nextAlarm
    }

    let zone: TimeZone
    let now: Timestamp
    /// List titles by identifier (for `@list`), and open reminders per list (for `@open`).
    var listTitles: [String: String] = [:]
    /// nil when they could not be counted (a write-only client may not read reminders): `-`.
    var openCounts: [String: Int]? = nil

    func value(of field: OutputColumn.Field, in item: JSONValue, shortIDs: [String: String], tree: Bool) -> String {
        switch field {
        case .member(let path):
            var value: JSONValue? = item
            for key in path { value = value?[key] }
            switch value {
            case .string(let text)?: return text
            case nil, .null?: return ""
            case let other?: return other.serialized
            }
        case .computed(let name):
            return computed(name, item, shortIDs: shortIDs, tree: tree)
        }
    }

    private func computed(_ name: Name, _ item: JSONValue, shortIDs: [String: String], tree: Bool) -> String {
        switch name {
        case .id:
            let identifier = item["calendarItemIdentifier"]?.stringValue ?? item["calendarIdentifier"]?.stringValue ?? ""
            return shortIDs[identifier] ?? identifier
        case .due:
            guard let due = dueDate(item) else { return "" }
            return Self.text(due, in: zone) + (isOverdue(item) ? " overdue" : "")
        case .overdue:
            return isOverdue(item) ? "overdue" : ""
        case .done:
            guard let text = item["completionDate"]?.stringValue, let instant = Timestamp(rfc3339: text) else { return "" }
            return Self.text(ItemDateComponents.wallClock(of: instant, in: zone), seconds: false)
        case .priority:
            guard let priority = item["priority"]?.integerValue, priority > 0 else { return "" }
            return priority <= 4 ? "high" : priority == 5 ? "medium" : "low"
        case .list:
            let identifier = item["calendarIdentifier"]?.stringValue ?? ""
            return listTitles[identifier] ?? identifier
        case .tags:
            return (item["tags"]?.arrayValue ?? []).compactMap(\.stringValue).map { "#" + $0 }.joined(separator: " ")
        case .flag:
            return item["isFlagged"] == true ? "⚑" : ""
        case .title:
            let title = item["title"]?.stringValue ?? ""
            return tree && item["parentIdentifier"]?.stringValue != nil ? "  ↳ " + title : title
        case .open:
            guard let openCounts else { return "-" }
            return String(openCounts[item["calendarIdentifier"]?.stringValue ?? ""] ?? 0)
        case .repeats:
            return repetition(item)
        case .nextAlarm:
            return nextAlarm(item).map { Self.text(ItemDateComponents.wallClock(of: $0, in: zone)) } ?? ""
        }
    }

    /// The first recurrence rule in words, counted from the due date as it was written.
    func repetition(_ item: JSONValue) -> String {
        guard let text = item["recurrenceRules"]?.arrayValue?.first?["rrule"]?.stringValue, let rule = try? RecurrenceRule(rrule: text) else {
            return ""
        }
        let due = item["dueDateComponents"]
        let start = due.flatMap { due -> ItemDateComponents? in
            guard let year = due["year"]?.integerValue, let month = due["month"]?.integerValue, let day = due["day"]?.integerValue else { return nil }
            return ItemDateComponents(
                year: Int(year), month: Int(month), day: Int(day), hour: due["hour"]?.integerValue.map(Int.init),
                minute: due["minute"]?.integerValue.map(Int.init))
        }
        return RepeatText.words(rule, start: start, zone: zone)
    }

    /// The earliest time alarm still to ring: at its date, or its offset from the due date (an
    /// all-day one's from 00:00). Location alarms ring where, not when.
    func nextAlarm(_ item: JSONValue) -> Timestamp? {
        guard item["isCompleted"] != true else { return nil }
        let due = dueDate(item)
        let times = (item["alarms"]?.arrayValue ?? []).compactMap { alarm -> Timestamp? in
            if let date = alarm["absoluteDate"]?.stringValue { return Timestamp(rfc3339: date) }
            guard let offset = alarm["relativeOffset"]?.integerValue, let due else { return nil }
            return due.instant(in: zone).advanced(by: offset * 1000)
        }
        return times.filter { $0 >= now }.min()
    }

    func dueDate(_ item: JSONValue) -> ItemDateComponents? {
        guard let due = item["dueDateComponents"], let year = due["year"]?.integerValue, let month = due["month"]?.integerValue,
            let day = due["day"]?.integerValue
        else { return nil }
        var components = ItemDateComponents(
            year: Int(year), month: Int(month), day: Int(day),
            hour: due["hour"]?.integerValue.map(Int.init), minute: due["minute"]?.integerValue.map(Int.init),
            second: due["second"]?.integerValue.map(Int.init), timeZone: due["timeZone"]?.stringValue)
        // A zoned time is shown where the reader is.
        if !components.isFloating { components = ItemDateComponents.wallClock(of: components.instant(in: zone), in: zone) }
        return components
    }

    func isOverdue(_ item: JSONValue) -> Bool {
        guard item["isCompleted"] != true, let due = dueDate(item) else { return false }
        let today = ItemDateComponents.wallClock(of: now, in: zone)
        if due.isAllDay { return (due.year, due.month, due.day) < (today.year, today.month, today.day) }
        return due.instant(in: zone) < now
    }

    /// `Tue 2026-12-01` or `Tue 2026-12-01 09:30`: with its weekday, as people read a date back.
    static func text(_ date: ItemDateComponents, in zone: TimeZone? = nil, seconds: Bool = false) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][
            CivilDate.weekday(days: CivilDate.toDays(year: date.year, month: date.month, day: date.day))]
        var text = weekday + " "
        text += "\(String(repeating: "0", count: max(0, 4 - String(date.year).count)))\(date.year)-\(two(date.month))-\(two(date.day))"
        if let hour = date.hour { text += " \(two(hour)):\(two(date.minute ?? 0))" }
        return text
    }

    /// Each identifier's shortest prefix of at least 8 characters that no other identifier shares
    /// (ignoring case, as `identifierPrefix` does).
    static func uniquePrefixes(_ identifiers: [String], minimum: Int = 8) -> [String: String] {
        let sorted = identifiers.map { ($0, Array($0.uppercased().utf8)) }.sorted { $0.1.lexicographicallyPrecedes($1.1) }
        func common(_ a: [UInt8], _ b: [UInt8]) -> Int { zip(a, b).prefix { $0 == $1 }.count }
        var result: [String: String] = [:]
        for (index, (identifier, key)) in sorted.enumerated() {
            var length = minimum
            if index > 0 { length = max(length, common(key, sorted[index - 1].1) + 1) }
            if index + 1 < sorted.count { length = max(length, common(key, sorted[index + 1].1) + 1) }
            result[identifier] = String(identifier.prefix(length))
        }
        return result
    }

    /// Parents in their order, each followed by its subtasks (subtasks whose parent is not among
    /// the rows stay where they are).
    static func inTreeOrder(_ items: [JSONValue]) -> [JSONValue] {
        let present = Set(items.compactMap { $0["calendarItemIdentifier"]?.stringValue })
        var children: [String: [JSONValue]] = [:]
        for item in items {
            if let parent = item["parentIdentifier"]?.stringValue, present.contains(parent) { children[parent, default: []].append(item) }
        }
        var ordered: [JSONValue] = []
        for item in items {
            if let parent = item["parentIdentifier"]?.stringValue, present.contains(parent) { continue }
            ordered.append(item)
            if let identifier = item["calendarItemIdentifier"]?.stringValue { ordered += children[identifier] ?? [] }
        }
        return ordered
    }
}
