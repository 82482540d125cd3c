import RemindersModel

/// A reminder's series beyond its rules, as the `series` column keeps it: NULL for a plain one
/// (every reminder made here), else one line per fact, its fields separated by tabs — `form`,
/// `start`, `due`, `occurrence`, `title`, `exdate`, `rdate`, `done` (key and when), `change` (key,
/// start, due, from-here-on, title) and `donefrom`. Dates are `ItemDateComponents.storageText`,
/// keys integers; texts have `\`, tab and line breaks escaped.
extension ReminderSeries {
    var storageText: String? {
        guard !isPlain else { return nil }
        var lines = ["form\t" + form.rawValue]
        if let start { lines.append("start\t" + start.storageText) }
        if let due { lines.append("due\t" + due.storageText) }
        if let occurrence { lines.append("occurrence\t\(occurrence)") }
        if let title { lines.append("title\t" + Self.escape(title)) }
        lines += exceptionDates.sorted().map { "exdate\t\($0)" }
        lines += additionalDates.map { "rdate\t" + $0.storageText }
        lines += completed.keys.sorted().map { "done\t\($0)\t\(completed[$0]!.milliseconds)" }
        for key in changes.keys.sorted() {
            let change = changes[key]!
            lines.append(["change", String(key), change.start?.storageText ?? "", change.due?.storageText ?? "",
                          change.thisAndFuture ? "1" : "0", change.title.map(Self.escape) ?? ""].joined(separator: "\t"))
        }
        if let doneFrom { lines.append("donefrom\t\(doneFrom)") }
        return lines.joined(separator: "\n")
    }

    /// Nil when a line is not one of these.
    init?(storageText text: String) {
        self.init()
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard let first = fields.first else { return nil }
            func date(_ index: Int) -> ItemDateComponents?? {
                guard fields.indices.contains(index) else { return nil }
                return fields[index].isEmpty ? .some(nil) : ItemDateComponents(storageText: fields[index]).map { .some($0) }
            }
            func key(_ index: Int) -> Int64? { fields.indices.contains(index) ? Int64(fields[index]) : nil }
            switch first {
            case "form":
                guard fields.count == 2, let form = CompletionForm(rawValue: fields[1]) else { return nil }
                self.form = form
            case "start": guard let start = date(1), start != nil else { return nil }; self.start = start
            case "due": guard let due = date(1), due != nil else { return nil }; self.due = due
            case "occurrence": guard let key = key(1) else { return nil }; occurrence = key
            case "title": guard fields.count == 2 else { return nil }; title = Self.unescape(fields[1])
            case "exdate": guard let key = key(1) else { return nil }; exceptionDates.insert(key)
            case "rdate": guard let date = date(1), let added = date else { return nil }; additionalDates.append(added)
            case "done":
                guard let done = key(1), let at = key(2) else { return nil }
                completed[done] = Timestamp(milliseconds: at)
            case "change":
                guard fields.count == 6, let key = key(1), let start = date(2), let due = date(3) else { return nil }
                changes[key] = Change(start: start, due: due, title: fields[5].isEmpty ? nil : Self.unescape(fields[5]), thisAndFuture: fields[4] == "1")
            case "donefrom": guard let key = key(1) else { return nil }; doneFrom = key
            default: return nil
            }
        }
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t")
            .replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
    }

    private static func unescape(_ text: String) -> String {
        var result = "", escaped = false
        for character in text {
            if escaped {
                switch character {
                case "t": result.append("\t")
                case "n": result.append("\n")
                case "r": result.append("\r")
                default: result.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
